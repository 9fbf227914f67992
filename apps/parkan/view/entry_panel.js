// Entry panel: what /api/entry says about anything without a dedicated view (wear tables, other types,
// whole archives): the entry's name, type and size, its info object and its diagnostics.
import { api, isAbort } from "./api.js";
import { h, add, panelRoot, panelBody, showError, diagnosticsList, facts, formatSize } from "./dom.js";

export async function openEntry(parent, ctx) {
  const row = ctx.lookup(ctx.file, ctx.entry);
  const root = panelRoot("entry", row?.name || ctx.file);
  parent.append(root);
  let data;
  try {
    data = await api.entry(ctx.ref, ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  const body = panelBody(root);
  const e = data.entry;
  add(body,
    facts([["file", data.file], e ? ["entry", `#${e.index} ${e.name}`] : null, e ? ["type", e.type] : null,
      e ? ["size", h("span.num", { text: `${e.size} B (${formatSize(e.size)})` })] : null, ["view", data.view]]),
    diagnosticsList(data.diagnostics),
    data.info && data.info.materials ? wearTables(data.info, ctx) : null,
    data.info ? [h("h3", { text: "Info" }), h("pre.json", { text: JSON.stringify(data.info, null, 2) })]
      : h("p.dim", { text: "no decoder for this kind of resource" }));
  root.dataset.state = "loaded";
  return { dispose() {} };
}

// A wear table's materials and lightmaps, each a link to its Material.lib / LightMap.lib entry when found.
function wearTables(info, ctx) {
  const link = (library, item) => {
    const name = typeof item === "string" ? item : item.name;
    const f = ctx.game.files.find((x) => x.file.toLowerCase() === library.toLowerCase());
    const e = f && (f.entries || []).find((x) => x.name.toLowerCase() === String(name).toLowerCase());
    const label = [h("span", { text: name }),
      item.legacy_id !== undefined ? h("span.num.dim", { text: ` id ${item.legacy_id}` }) : null];
    if (!e) return h("li", null, label, h("span.sev-warning", { text: ` (not in ${library})` }));
    return h("li", null, h("a", { href: ctx.routeFor(e.view, f.file, e.index) }, label));
  };
  const list = (title, library, items) => items && items.length ? [h("h3", { text: `${title} (${items.length})` }),
    h("ol.wear", { start: 0 }, items.map((m) => link(library, m)))] : null;
  return [list("Materials", "Material.lib", info.materials), list("Lightmaps", "LightMap.lib", info.lightmaps)];
}

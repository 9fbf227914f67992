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
    data.info && data.info.materials ? wearTables(data.info) : null,
    data.info ? [h("h3", { text: "Info" }), h("pre.json", { text: JSON.stringify(data.info, null, 2) })]
      : h("p.dim", { text: "no decoder for this kind of resource" }));
  root.dataset.state = "loaded";
  return { dispose() {} };
}

function wearTables(info) {
  const list = (title, items) => items && items.length ? [h("h3", { text: `${title} (${items.length})` }),
    h("ol.wear", { start: 0 }, items.map((m) => h("li", { text: typeof m === "string" ? m : JSON.stringify(m) })))] : null;
  return [list("Materials", info.materials), list("Lightmaps", info.lightmaps)];
}

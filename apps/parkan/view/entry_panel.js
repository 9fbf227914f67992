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
    data.info && data.info.emitters ? effectTable(data.info, ctx) : null,
    data.info && data.info.slots && data.info.placement !== undefined ? explosionTable(data.info, ctx) : null,
    data.info && data.info.sections ? skyStrips(data.info) : null,
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

// A named resource (ARCHIVE::MEMBER) as a link to its entry when the game has it (docs/view.md 3.5).
function resourceLink(ctx, archive, member) {
  const f = ctx.game.files.find((x) => x.file.toLowerCase().split("/").pop() === String(archive).toLowerCase());
  const e = f && (f.entries || []).find((x) => x.name.toLowerCase() === String(member).toLowerCase());
  const label = h("span", { text: `${archive}::${member}` });
  if (!e) return [label, h("span.sev-warning", { text: ` (not in ${archive})` })];
  return h("a", { href: ctx.routeFor(e.view, f.file, e.index) }, label);
}

// An effect's emitters: type, flag, length and offset, and the material or sound each names.
function effectTable(info, ctx) {
  return [h("h3", { text: `Emitters (${info.emitters.length})` }),
    h("ol.effect", { start: 0 }, info.emitters.map((e) => h("li", null,
      h("span", { text: `${e.type_name}${e.overlay ? " (over the scene)" : ""}, ${e.length} B at ${e.offset} ` }),
      e.resource ? resourceLink(ctx, e.resource.archive, e.resource.member) : null)))];
}

// An explosion's slots: slot 0 the effect, slot s + 1 the effect on ground class s.
function explosionTable(info, ctx) {
  const used = info.slots.filter((s) => s.archive || s.effect);
  return [h("h3", { text: `Effects (${used.length})` }),
    h("ul.explosion", null, used.map((s) => h("li", null,
      h("span", { text: s.slot === 0 ? "effect " : `ground ${s.slot - 1} ` }), resourceLink(ctx, s.archive, s.effect))))];
}

// A sky's day cycle (docs/view.md 3.6): per section, three strips (apex, horizon, scene colour) of the
// keyframes' colours, each keyframe as wide as the time until the next.
function skyStrips(info) {
  const out = [];
  info.sections.forEach((section, i) => {
    const frames = section.keyframes;
    const minutes = frames.map((k) => k.time.hour * 60 + k.time.minute);
    const strip = (slot, title) => h("div.sky-strip", { title, style: { display: "flex", height: "18px" } },
      frames.map((k, j) => {
        const next = j + 1 < frames.length ? minutes[j + 1] : 1440;
        const width = Math.max(next - minutes[j], 1) / 14.4;
        const c = (k.colours[slot] || "#000000").slice(0, 7);
        return h("span", { title: `${String(k.time.hour).padStart(2, "0")}:${String(k.time.minute).padStart(2, "0")} ${k.opcode_name}`,
          style: { background: c, width: `${width}%` } });
      }));
    out.push(h("h3", { text: `Section ${i}: ${frames.length} keyframes, a day of ${section.day_seconds} s` }),
      strip(15, "apex (slot 15)"), strip(2, "horizon (slot 2)"), strip(20, "scene colour (slot 20)"));
  });
  return out;
}

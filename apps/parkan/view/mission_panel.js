// Mission, unit and terrain panels (docs/view.md 3.2). The mission panel: the map from above
// (/api/mission/map.png) under an SVG overlay in world units (x right, y up: the SVG's y is -y) with the
// objects as markers coloured by clan, routes as polylines and lodes as diamonds; hovering a marker
// names the object, clicking it loads /api/mission/object.glb into the 3D view, and "Whole mission in
// 3D" loads /api/mission.glb. The unit panel shows /api/unit.glb, the terrain panel its map from above
// and its `terrain info`.
import { api, getBuffer, getJson, isAbort } from "./api.js";
import { h, add, panelRoot, panelBody, showError, diagnosticsList, facts } from "./dom.js";
import { createGlbView } from "./glb_view.js";

// Clan colours by clan index (nature first, as the retail missions have it).
export const CLAN_COLOURS = ["#8fd16a", "#4aa3ff", "#ff5a4f", "#ffc640", "#c77dff", "#3fd6c6", "#ff8fc8", "#d0d0d0"];
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null) continue;
    if (key === "dataset") Object.assign(element.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, String(value));
  }
  for (const c of children) if (c) element.append(c);
  return element;
}

function clanColour(index) {
  return CLAN_COLOURS[Number(index) % CLAN_COLOURS.length];
}

const fmt = (v) => (v === null || v === undefined ? "?" : Number(v).toFixed(1));

export async function openMission(parent, ctx) {
  const root = panelRoot("mission", ctx.file);
  parent.append(root);
  let data;
  try {
    data = await getJson("/api/mission", { file: ctx.file }, ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  if (ctx.signal.aborted) return null;
  const body = panelBody(root);
  const view = createGlbView("mission-canvas");
  view.setStatus("click an object on the map to see it here, or load the whole mission");
  const info = h("div.mission-hover#mission-hover", { text: "hover a marker" });

  // --- the map ---
  const map = h("div.mission-map#mission-map");
  const e = data.extent;
  if (e) {
    const [minX, minY] = e.min;
    const [maxX, maxY] = e.max;
    const width = Math.max(maxX - minX, 1e-3);
    const height = Math.max(maxY - minY, 1e-3);
    const unit = Math.max(width, height) / 100; // marker sizes in world units
    const image = h("img.mission-map-image#mission-map-image", {
      alt: "the map from above", src: "/api/mission/map.png?" + new URLSearchParams({ file: ctx.file, size: "1024" }),
    });
    const overlay = svg("svg", { class: "mission-overlay", viewBox: `${minX} ${-maxY} ${width} ${height}`, preserveAspectRatio: "none" });
    for (const route of data.routes) {
      const points = route.points.filter((p) => p[0] !== null && p[1] !== null);
      if (points.length < 2) continue;
      const text = [...points, points[0]].map((p) => `${p[0]},${-p[1]}`).join(" ");
      overlay.append(svg("polyline", { class: "route", points: text, "stroke-width": unit * 0.4,
      "stroke-dasharray": `${unit * 2} ${unit}`, dataset: { route: route.id } },
        svg("title", null, document.createTextNode(`route ${route.id}: ${points.length} points`))));
    }
    for (const z of data.zones) {
      if (z.centre[0] === null || z.centre[1] === null) continue;
      overlay.append(svg("circle", { class: "zone", cx: z.centre[0], cy: -z.centre[1], r: Math.max(z.outer, unit),
        stroke: clanColour(z.clan), "stroke-width": unit * 0.25 }));
    }
    for (const l of data.lodes) {
      const [x, y] = l.position;
      if (x === null || y === null) continue;
      const r = unit * 1.6;
      overlay.append(svg("polygon", { class: "lode", points: `${x},${-y - r} ${x + r},${-y} ${x},${-y + r} ${x - r},${-y}`,
        "stroke-width": unit * 0.3, dataset: { lode: l.index } },
      svg("title", null, document.createTextNode(`lode ${l.index}: type ${l.type}, amount ${l.amount}`))));
    }
    let selected = null;
    for (const o of data.objects) {
      const [x, y] = o.position;
      if (x === null || y === null) continue;
      const scenery = o.kind >= 2;
      const label = `${o.index}: ${o.name || "(no name)"} · ${o.kind_name} ${o.path} · clan ${data.clans[o.clan]?.name ?? o.clan}`;
      const r = unit * (scenery ? 1.1 : 1.8);
      const attrs = {
        class: `marker kind-${o.kind}`, fill: clanColour(o.clan), "stroke-width": unit * 0.35, tabindex: 0,
        dataset: { object: o.index, clan: o.clan },
        onmouseenter: () => { info.textContent = label; },
        onclick: () => select(o, marker),
        onkeydown: (event) => { if (event.key === "Enter") select(o, marker); },
      };
      const marker = o.kind === 0
        ? svg("rect", { ...attrs, x: x - r, y: -y - r, width: 2 * r, height: 2 * r })
        : svg("circle", { ...attrs, cx: x, cy: -y, r });
      marker.append(svg("title", null, document.createTextNode(label)));
      overlay.append(marker);
    }
    function select(o, marker) {
      selected?.classList.remove("selected");
      selected = marker;
      marker.classList.add("selected");
      root.dataset.selectedObject = String(o.index);
      info.textContent = `${o.index}: ${o.name || "(no name)"} · ${o.kind_name} ${o.path}`;
      view.load(() => getBuffer(o.glb, null, ctx.signal), `object ${o.index} (${o.path})`);
    }
    add(map, image, overlay);
    image.addEventListener("load", () => { root.dataset.map = "loaded"; });
    image.addEventListener("error", () => { root.dataset.map = "error"; });
  } else {
    map.append(h("p.dim", { text: `the map ${data.map_folder || data.map} has no terrain to draw` }));
  }

  const legend = h("ul.mission-legend#mission-legend", null, data.clans.map((c) =>
    h("li", null, h("span.swatch", { style: { background: clanColour(c.index) } }),
      h("span", { text: `${c.name || "(unnamed)"} ` }), h("span.dim", { text: c.type_name }),
      h("span.num.dim", { text: ` ${data.objects.filter((o) => o.clan === c.index).length}` }))));
  const whole = h("button#mission-3d-button", { type: "button", text: "Whole mission in 3D",
    onclick: () => view.load(() => getBuffer("/api/mission.glb", { file: ctx.file }, ctx.signal), "the whole mission") });

  add(body,
    h("div.toolbar", null, whole, h("span.spacer"),
      h("span.dim", { text: `${data.objects.length} objects · ${data.clans.length} clans · ${data.routes.length} routes · ${data.lodes.length} lodes` })),
    h("div.mission-layout", null,
      h("div.mission-left", null, map, info,
        h("h3", { text: "Clans" }), legend,
        facts([["map", data.map], ["terrain", data.terrain], ["extent", e ? `x ${fmt(e.min[0])}..${fmt(e.max[0])}, y ${fmt(e.min[1])}..${fmt(e.max[1])}` : null]])),
      h("div.mission-right", null, view.element)),
    diagnosticsList(data.diagnostics));
  root.dataset.objects = String(data.objects.length);
  root.dataset.state = "loaded";
  return { dispose() { view.dispose(); } };
}

export async function openUnit(parent, ctx) {
  const root = panelRoot("unit", ctx.file);
  parent.append(root);
  const body = panelBody(root);
  const view = createGlbView("unit-canvas");
  body.append(h("div.unit-view", null, view.element));
  const entry = await api.entry(ctx.ref, ctx.signal).catch(() => null);
  if (entry) add(body, facts([["parts", entry.info?.parts?.length], ["class word", entry.info?.class_word]]), diagnosticsList(entry.diagnostics));
  await view.load(() => getBuffer("/api/unit.glb", { file: ctx.file }, ctx.signal), ctx.file);
  root.dataset.state = view.element.dataset.state === "loaded" ? "loaded" : "error";
  return { dispose() { view.dispose(); } };
}

export async function openTerrain(parent, ctx) {
  const root = panelRoot("terrain", ctx.file);
  parent.append(root);
  let entry;
  try {
    entry = await api.entry(ctx.ref, ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  const body = panelBody(root);
  const image = h("img.mission-map-image#terrain-map-image", {
    alt: "the terrain from above", src: "/api/terrain/map.png?" + new URLSearchParams({ file: ctx.file, size: "1024" }) });
  image.addEventListener("load", () => { root.dataset.map = "loaded"; });
  const info = entry.info || {};
  add(body, h("div.mission-layout", null,
    h("div.mission-left", null, h("div.mission-map", null, image)),
    h("div.mission-right", null, h("pre.json", { text: JSON.stringify(info, null, 2) }))),
  diagnosticsList(entry.diagnostics));
  root.dataset.state = "loaded";
  return null;
}

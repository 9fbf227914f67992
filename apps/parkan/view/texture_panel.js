// Texture panel: levels (size of each), zoom 1x..8x with nearest-pixel sampling, alpha over a checkerboard,
// the palette of an indexed texture as a 16x16 swatch, Page rects over the image (SVG scaled with the zoom),
// the loader's mip skip and resulting size, format and flags, diagnostics.
import { api, isAbort } from "./api.js";
import { h, add, clear, panelRoot, panelBody, showError, diagnosticsList, facts, formatSize, hex } from "./dom.js";

const ZOOMS = [1, 2, 4, 8];

export async function openTexture(parent, ctx) {
  const root = panelRoot("texture", ctx.lookup(ctx.file, ctx.entry)?.name || ctx.file);
  parent.append(root);
  let data, formatNames;
  try {
    // Format names come from the server (/api/kinds), never from a table of the page's own.
    [data, { texture_formats: formatNames }] = await Promise.all([api.texture(ctx.ref, ctx.signal), api.kinds()]);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  const info = data.info || {};
  const levels = info.levels || [];
  const state = { level: 0, zoom: defaultZoom(info.width, info.height), rects: true };
  root.querySelector("h2").textContent = data.name || root.querySelector("h2").textContent;

  const body = panelBody(root);
  const image = h("img#texture-image.texture-image", { alt: data.name, draggable: false });
  const overlay = h("svg.page-overlay", { "aria-hidden": "true" });
  const stage = h("div.texture-stage.checker", null, image, overlay);
  const sizeText = h("span#texture-size.num");
  const imageState = h("span.image-state");
  const levelList = h("ol.levels", { start: 0 });
  const zoomBar = h("div.segmented.zoom");
  const rectsToggle = h("label.toggle", null,
    h("input", { type: "checkbox", checked: true, onchange: (e) => { state.rects = e.target.checked; draw(); } }),
    " Page rects");

  levels.forEach((level, i) => {
    levelList.append(h("li", null, h("button.level", {
      type: "button", dataset: { level: String(i) }, onclick: () => { state.level = i; draw(); },
    }, h("span.num", { text: `${i}` }), h("span.num", { text: `${level.width}×${level.height}` }),
    h("span.num.dim", { text: formatSize(level.size) }))));
  });
  for (const z of ZOOMS) {
    zoomBar.append(h("button", { type: "button", dataset: { zoom: String(z) }, text: `${z}x`,
      onclick: () => { state.zoom = z; draw(); } }));
  }

  const load = data.load || null;
  const loadFacts = load ? facts([
    ["mip skip", h("span.num", { text: String(load.mip_skip) })],
    ["loaded size", h("span.num#texture-load-size", { text: `${load.width}×${load.height}` })],
    ["mip count", h("span.num", { text: String(load.mip_count) })],
    ["upload format", h("span.num", { text: String(load.upload_format ?? "") })],
    ["pixel offset", h("span.num", { text: String(load.pixel_offset ?? "") })],
    ["runtime mips", load.runtime_mips === undefined ? null : String(load.runtime_mips)],
  ]) : h("p.dim", { text: "no loader data" });
  const loadRects = load && load.rects && load.rects.length ? h("table.grid.rects", null,
    h("thead", null, h("tr", null, ["#", "x0", "y0", "x1", "y1", "u0", "v0", "du", "dv"].map((t) => h("th", { text: t })))),
    h("tbody", null, load.rects.map((r, i) => h("tr", null,
      [i, r.x0, r.y0, r.x1, r.y1, num(r.u0), num(r.v0), num(r.du), num(r.dv)].map((v) => h("td.num", { text: String(v) })))))) : null;

  const np = data.name_palette || info.name_palette || {};
  const headerFacts = facts([
    ["size", h("span.num", { text: `${info.width}×${info.height}` })],
    ["format", `${info.format} ${formatNames[info.format] ? "· " + formatNames[info.format] : ""}`],
    ["mip levels", h("span.num", { text: String(info.mip_count) })],
    ["flags4", h("span.num", { text: hex(info.flags4) })],
    ["flags5", h("span.num", { text: hex(info.flags5, 8) })],
    ["payload", h("span.num", { text: info.payload_size !== undefined ? `${info.payload_size} B` : "" })],
    ["own palette", info.palette ? "yes" : "no"],
    ["name palette", np.index === null || np.index === undefined ? "none" : h("span.num", { text: String(np.index) })],
    np.warning ? ["palette warning", np.warning] : null,
    ["Page rects", info.page ? h("span.num", { text: String(info.page.length) }) : "none"],
  ]);

  const pageTable = info.page && info.page.length ? h("table.grid.page", null,
    h("thead", null, h("tr", null, ["#", "x", "y", "w", "h"].map((t) => h("th", { text: t })))),
    h("tbody", null, info.page.map((r, i) => h("tr", null, [i, r.x, r.y, r.w, r.h].map((v) => h("td.num", { text: String(v) })))))) : null;

  const palette = data.palette ? paletteSwatch(data.palette) : null;

  add(body,
    h("div.texture-layout", null,
      h("div.texture-main", null,
        h("div.toolbar", null, h("span.label", { text: "zoom" }), zoomBar, info.page ? rectsToggle : null,
          h("span.spacer"), sizeText, imageState),
        h("div.stage-scroll", null, stage)),
      h("aside.texture-side", null,
        h("h3", { text: "Header" }), headerFacts,
        h("h3", { text: "Levels" }), levelList,
        h("h3", { text: "Loader (flags 0x400000)" }), loadFacts, loadRects ? h("div.table-scroll", null, loadRects) : null,
        pageTable ? [h("h3", { text: "Page" }), pageTable] : null,
        palette ? [h("h3", { text: "Palette" }), palette] : null)),
    diagnosticsList(data.diagnostics ?? await diagnosticsOf(ctx)));

  let loadedOnce = false;
  image.addEventListener("load", () => {
    imageState.textContent = "";
    if (!loadedOnce) { loadedOnce = true; root.dataset.state = "loaded"; }
    root.dataset.imageLevel = String(state.level);
  });
  image.addEventListener("error", () => {
    imageState.textContent = "the level did not decode";
    imageState.className = "image-state sev-error";
    root.dataset.state = "error";
  });

  function draw() {
    const level = levels[state.level] || { width: info.width, height: info.height };
    const w = level.width * state.zoom;
    const hh = level.height * state.zoom;
    const url = api.textureUrl(ctx.ref, state.level);
    if (image.getAttribute("src") !== url) image.src = url;
    image.style.width = `${w}px`;
    image.style.height = `${hh}px`;
    stage.style.width = `${w}px`;
    stage.style.height = `${hh}px`;
    sizeText.textContent = `level ${state.level}: ${level.width}×${level.height} @ ${state.zoom}x`;
    for (const b of zoomBar.children) b.classList.toggle("active", Number(b.dataset.zoom) === state.zoom);
    for (const b of levelList.querySelectorAll("button")) b.classList.toggle("active", Number(b.dataset.level) === state.level);
    // Page rects are in level-0 pixels; a smaller level shows them scaled down with it.
    clear(overlay);
    overlay.setAttribute("width", w);
    overlay.setAttribute("height", hh);
    overlay.setAttribute("viewBox", `0 0 ${info.width} ${info.height}`);
    overlay.setAttribute("preserveAspectRatio", "none");
    if (state.rects && info.page) {
      info.page.forEach((r, i) => {
        overlay.append(h("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: `page-rect c${i % 6}`,
          "vector-effect": "non-scaling-stroke" }));
        overlay.append(h("text", { x: r.x + 1, y: r.y + Math.max(4, info.height / 32), class: `page-label c${i % 6}`,
          "font-size": Math.max(4, info.height / 24), text: String(i) }));
      });
    }
  }
  draw();
  return { dispose() {} };
}

function num(v) {
  return typeof v === "number" && !Number.isInteger(v) ? String(Number(v.toFixed(4))) : v;
}

function defaultZoom(w, hh) {
  const side = Math.max(w || 1, hh || 1);
  for (const z of [8, 4, 2]) if (side * z <= 512) return z;
  return 1;
}

// 256 colours as a 16x16 grid on a canvas (nearest-pixel), with the index and RGBA under the pointer.
function paletteSwatch(palette) {
  const canvas = h("canvas.palette", { width: 16, height: 16 });
  const c2d = canvas.getContext("2d");
  const pixels = c2d.createImageData(16, 16);
  palette.forEach((rgba, i) => {
    pixels.data.set([rgba[0], rgba[1], rgba[2], rgba.length > 3 ? rgba[3] : 255], i * 4);
  });
  c2d.putImageData(pixels, 0, 0);
  const readout = h("div.palette-readout.num", { text: "hover a colour" });
  canvas.addEventListener("mousemove", (event) => {
    const rect = canvas.getBoundingClientRect();
    const x = Math.floor(((event.clientX - rect.left) / rect.width) * 16);
    const y = Math.floor(((event.clientY - rect.top) / rect.height) * 16);
    const i = Math.min(255, Math.max(0, y * 16 + x));
    const [r, g, b, a] = palette[i];
    readout.textContent = `${i}: rgb(${r}, ${g}, ${b})${a !== undefined ? " a " + a : ""}`;
  });
  return h("div.palette-box", null, h("div.checker.palette-frame", null, canvas), readout);
}

// The resource's findings from the validation report (via /api/entry).
export async function diagnosticsOf(ctx) {
  try {
    const entry = await api.entry(ctx.ref, ctx.signal);
    return entry.diagnostics || [];
  } catch (error) {
    if (isAbort(error)) throw error;
    return [];
  }
}

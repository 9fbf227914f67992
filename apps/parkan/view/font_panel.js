// Font panel (docs/view.md 3.4): the atlas (zoomed, glyph rectangles over it), a line of sample text drawn
// on a canvas with the font's own metrics (each glyph's rectangle from u0, v0, advance + 1 and the cell
// height; the pen moves advance + step), the header words and the glyph table, diagnostics.
import { api, getJson, isAbort } from "./api.js";
import { h, add, panelRoot, panelBody, showError, diagnosticsList, facts, hex, query } from "./dom.js";

const SAMPLE = "The quick brown fox jumps over the lazy dog 0123456789";

export async function openFont(parent, ctx) {
  const root = panelRoot("font", ctx.lookup(ctx.file, ctx.entry)?.name || ctx.file);
  parent.append(root);
  let data;
  try {
    data = await getJson("/api/font", ctx.ref, ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  root.querySelector("h2").textContent = data.name || root.querySelector("h2").textContent;
  const info = data.info || {};
  const atlas = info.atlas || {};
  const glyphs = data.glyphs || [];
  const zoom = Math.max(1, Math.min(4, Math.floor(512 / Math.max(atlas.width || 1, atlas.height || 1))));
  const body = panelBody(root);

  const image = new Image();
  image.alt = data.name;
  image.draggable = false;
  image.className = "font-atlas";
  image.style.width = `${atlas.width * zoom}px`;
  image.style.height = `${atlas.height * zoom}px`;
  const overlay = h("svg.page-overlay", { "aria-hidden": "true", width: atlas.width * zoom, height: atlas.height * zoom,
    viewBox: `0 0 ${atlas.width} ${atlas.height}`, preserveAspectRatio: "none" });
  for (const g of glyphs) {
    if (!g.draws) continue;
    overlay.append(h("rect", { x: g.rect.x, y: g.rect.y, width: g.rect.w, height: g.rect.h, class: `page-rect font-side-rect c${g.code % 6}`,
      "vector-effect": "non-scaling-stroke" }));
  }
  const stage = h("div.texture-stage.checker", null, image, overlay);
  stage.style.width = `${atlas.width * zoom}px`;
  stage.style.height = `${atlas.height * zoom}px`;

  // The sample line: the string's bytes are the codes (ASCII here, the same in cp1251 and CP866).
  const textInput = h("input.font-text", { type: "text", value: SAMPLE, spellcheck: false });
  const scaleBar = h("div.segmented.zoom");
  const state = { scale: 2 };
  for (const s of [1, 2, 3, 4]) {
    scaleBar.append(h("button", { type: "button", dataset: { scale: String(s) }, text: `${s}x`,
      onclick: () => { state.scale = s; drawText(); } }));
  }
  const canvas = h("canvas#font-sample.font-sample", { width: 8, height: 8 });
  const widthText = h("span.num#font-sample-width");

  const headerFacts = facts([
    ["cell width", h("span.num", { text: String(info.cell_width) })],
    ["glyph height", h("span.num", { text: `${info.glyph_height} (cell ${info.glyph_height + 1})` })],
    ["cell height", h("span.num", { text: `${info.cell_height} (${Math.round(info.cell_height * atlas.height)} px)` })],
    ["pen step", h("span.num", { text: String(info.pen_step) })],
    ["glyphs", h("span.num", { text: String(info.glyph_count) })],
    ["encoding", info.encoding],
    ["atlas", h("span.num", { text: `${atlas.width}×${atlas.height}, format ${atlas.format}` })],
    ["flags5", h("span.num", { text: hex(atlas.flags5, 8) })],
    ["palette", data.palette === "own" ? "its own (format 0)" : data.palette || "none found"],
  ]);
  const table = h("table.grid.glyphs", null,
    h("thead", null, h("tr", null, ["code", "u0", "u1", "v0", "advance", "x", "y", "w", "h"].map((t) => h("th", { text: t })))),
    h("tbody", null, glyphs.filter((g) => g.draws).map((g) => h("tr", null,
      [`0x${g.code.toString(16).toUpperCase().padStart(2, "0")}`, num(g.u0), num(g.u1), num(g.v0), g.advance,
        g.rect.x, g.rect.y, g.rect.w, g.rect.h].map((v) => h("td.num", { text: String(v) }))))));

  add(body,
    h("div.texture-layout", null,
      h("div.texture-main", null,
        h("h3", { text: "Sample text" }),
        h("div.toolbar", null, textInput, h("span.label", { text: "scale" }), scaleBar, h("span.spacer"), widthText),
        h("div.stage-scroll.font-sample-box.checker", null, canvas),
        h("h3", { text: "Atlas" }),
        h("div.stage-scroll", null, stage)),
      h("aside.texture-side", null,
        h("h3", { text: "Header" }), headerFacts,
        h("h3", { text: "Glyphs" }), h("div.table-scroll", null, table))),
    diagnosticsList(data.diagnostics || []));

  // Draws the line: per byte, its glyph's rectangle of the atlas at the pen, then the pen moves
  // advance + step (docs/formats/font.md 3). Bytes above 0x7F are the string's UTF-16 code units
  // clipped to a byte: the sample text is ASCII.
  function drawText() {
    const codes = [...textInput.value].map((c) => c.charCodeAt(0) & 0xff);
    let width = 0;
    for (const c of codes) width += glyphs[c].advance + info.pen_step;
    const cellH = Math.round(info.cell_height * atlas.height);
    const s = state.scale;
    canvas.width = Math.max(1, width) * s;
    canvas.height = Math.max(1, cellH) * s;
    const c2d = canvas.getContext("2d");
    c2d.imageSmoothingEnabled = false;
    c2d.clearRect(0, 0, canvas.width, canvas.height);
    let pen = 0;
    for (const c of codes) {
      const g = glyphs[c];
      if (g.draws && image.complete && image.naturalWidth) {
        c2d.drawImage(image, g.rect.x, g.rect.y, g.rect.w, g.rect.h, pen * s, 0, g.rect.w * s, g.rect.h * s);
      }
      pen += g.advance + info.pen_step;
    }
    widthText.textContent = `${codes.length} glyphs, ${width} px`;
    for (const b of scaleBar.children) b.classList.toggle("active", Number(b.dataset.scale) === state.scale);
  }
  textInput.addEventListener("input", drawText);

  image.addEventListener("load", () => {
    drawText();
    root.dataset.state = "loaded";
  });
  image.addEventListener("error", () => {
    widthText.textContent = "the atlas did not decode";
    root.dataset.state = "error";
  });
  image.src = "/api/font.png" + query(ctx.ref);
  drawText();
  return { dispose() {} };
}

function num(v) {
  return typeof v === "number" && !Number.isInteger(v) ? String(Number(v.toFixed(5))) : v;
}

// Sound panel (docs/view.md 3.3): the format table (tag, rate, channels, bits, blocks, samples, duration),
// the chunks, an <audio controls> element playing /api/sound.wav (the sound decoded by parkan to 16-bit
// PCM, MS ADPCM included), diagnostics.
import { api, isAbort } from "./api.js";
import { h, add, panelRoot, panelBody, showError, diagnosticsList, facts, formatSize } from "./dom.js";

export async function openSound(parent, ctx) {
  const root = panelRoot("sound", ctx.lookup(ctx.file, ctx.entry)?.name || ctx.file);
  parent.append(root);
  let data;
  try {
    data = await api.sound(ctx.ref, ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  root.querySelector("h2").textContent = data.name || root.querySelector("h2").textContent;
  const info = data.info || {};
  const f = info.format || null;
  const decodable = f && (f.tag === 1 || f.tag === 2);
  const body = panelBody(root);
  const audio = decodable ? h("audio#sound-audio", { controls: true, preload: "metadata", src: api.soundWavUrl(ctx.ref) })
    : h("p.dim", { text: f ? `${f.tag_name}: parkan does not decode this format` : "no fmt chunk" });
  const table = f ? facts([
    ["format", h("span#sound-format", { text: `${f.tag_name} (tag ${f.tag})` })],
    ["rate", h("span.num#sound-rate", { text: `${f.rate} Hz` })],
    ["channels", h("span.num#sound-channels", { text: String(f.channels) })],
    ["bits", h("span.num", { text: String(f.bits) })],
    ["block align", h("span.num", { text: String(f.block_align) })],
    ["byte rate", h("span.num", { text: String(f.byte_rate) })],
    ["samples per block", f.samples_per_block === undefined ? null : h("span.num", { text: String(f.samples_per_block) })],
    ["coefficients", f.coefficients === undefined ? null
      : h("span", { text: `${f.coefficients.length} pairs${f.standard_coefficients ? " (standard)" : ""}` })],
    ["samples", info.samples === null ? null : h("span.num#sound-samples", { text: String(info.samples) })],
    ["duration", info.duration_seconds === null ? null
      : h("span.num#sound-duration", { text: `${info.duration_seconds.toFixed(3)} s` })],
    ["size", h("span.num", { text: formatSize(info.file_size) })],
  ]) : h("p.dim", { text: "no fmt chunk of 16 bytes" });
  const chunks = h("table.grid.chunks", null,
    h("thead", null, h("tr", null, ["id", "offset", "size"].map((t) => h("th", { text: t })))),
    h("tbody", null, (info.chunks || []).map((c) => h("tr", null,
      h("td", { text: c.id }), h("td.num", { text: String(c.offset) }),
      h("td.num", { text: `${c.size}${c.pad ? " + pad" : ""}` })))));
  add(body, h("section.sound-player", null, audio), table, h("h3", { text: "Chunks" }), chunks,
    diagnosticsList(data.diagnostics || []));
  // The browser read parkan's WAV: the audio element says so, with the duration it found (the browser test).
  if (decodable) {
    audio.dataset.state = "loading";
    audio.addEventListener("loadedmetadata", () => {
      audio.dataset.state = "loaded";
      audio.dataset.duration = String(audio.duration);
    });
    audio.addEventListener("error", () => { audio.dataset.state = "error"; });
  }
  root.dataset.state = "loaded";
  return { dispose: () => { if (audio.pause) audio.pause(); } };
}

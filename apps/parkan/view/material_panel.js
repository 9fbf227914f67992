// Material panel: one swatch per phase (its ambient colour p0..p2 at its ambient alpha p3, the colour the
// texture shows unlit; docs/formats/mat0.md 4.1; and a texture thumbnail that opens the texture), per
// animation block its mode, cycle and keys with Play/Pause and a timeline scrubber. Playing fetches the
// engine's own sampling (/api/material/samples) once per block and shows, driven by requestAnimationFrame
// against performance.now(), the current phase (highlighted), its interpolated colour and its texture.
import { api, isAbort } from "./api.js";
import { h, add, panelRoot, panelBody, showError, diagnosticsList, facts } from "./dom.js";
import { diagnosticsOf } from "./texture_panel.js";

const STEP_MS = 16;
const MAX_SAMPLES = 4096;

export async function openMaterial(parent, ctx) {
  const root = panelRoot("material", ctx.lookup(ctx.file, ctx.entry)?.name || ctx.file);
  parent.append(root);
  let data;
  try {
    data = await api.material(ctx.ref, ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  const diagnostics = data.diagnostics ?? await diagnosticsOf(ctx).catch(() => []);
  if (ctx.signal.aborted) return null;
  if (data.name) root.querySelector("h2").textContent = data.name;
  const phases = data.phases || [];
  const blocks = data.blocks || [];
  const material = data.material || {};
  const body = panelBody(root);

  const thumbUrl = (phase) => phase && phase.texture_ref ? api.textureUrl(phase.texture_ref, 0) : null;

  // --- phases ---
  const phaseCards = phases.map((phase, i) => {
    const url = thumbUrl(phase);
    const thumb = url
      ? h("img.thumb", { src: url, alt: phase.texture, title: `open ${phase.texture}`, loading: "lazy",
        onclick: () => ctx.navigate(ctx.routeFor("texture", phase.texture_ref.file, phase.texture_ref.entry)),
        onerror: (e) => e.target.replaceWith(h("div.thumb.missing", { text: "no image" })) })
      : h("div.thumb.missing", { text: phase.texture ? "not found" : "no texture" });
    return h("figure.phase", { dataset: { phase: String(i) } },
      h("div.swatch.checker", null,
        h("div.swatch-colour", { style: { background: phase.colour, opacity: String(phase.opacity ?? 1) } })),
      thumb,
      h("figcaption", null,
        h("div", null, h("strong", { text: `phase ${i}` })),
        h("div.texname", { text: phase.texture || "—", title: phase.texture || "" }),
        h("div.num", { text: `${phase.colour} · ${Math.round((phase.opacity ?? 1) * 100)}%`,
          title: "ambient colour · ambient alpha" })));
  });

  // --- the big preview of the current phase ---
  const previewColour = h("div.preview-colour");
  const previewTexture = h("img.preview-texture", { alt: "" });
  previewTexture.addEventListener("error", () => { previewTexture.hidden = true; });
  const readout = {
    phase: h("span#material-current-phase.num", { text: "—" }),
    time: h("span.num", { text: "—" }),
    key: h("span.num", { text: "—" }),
    colour: h("span.num", { text: "—" }),
    block: h("span.num", { text: "—" }),
  };
  const preview = h("div.material-preview", null,
    h("div.preview-stage.checker", null, previewTexture, previewColour),
    facts([["block", readout.block], ["time", readout.time], ["key → next · alpha", readout.key],
      ["phase", readout.phase], ["ambient · alpha", readout.colour]]));

  function showPhase(phaseIndex, colour, opacity) {
    phaseCards.forEach((card, i) => card.classList.toggle("current", i === phaseIndex));
    const phase = phases[phaseIndex];
    previewColour.style.background = colour || (phase ? phase.colour : "transparent");
    previewColour.style.opacity = String(opacity ?? (phase ? phase.opacity : 1));
    const url = thumbUrl(phase);
    if (url) {
      if (previewTexture.getAttribute("src") !== url) previewTexture.src = url;
      previewTexture.hidden = false;
    } else {
      previewTexture.hidden = true;
    }
    readout.phase.textContent = phaseIndex === undefined ? "—" : String(phaseIndex);
    root.dataset.phase = phaseIndex === undefined ? "" : String(phaseIndex);
  }

  // --- blocks ---
  let active = null; // the block whose samples drive the preview
  let frame = 0;
  const players = blocks.map((block, b) => makePlayer(block, b));

  function makePlayer(block, b) {
    const cycle = block.cycle_ms || 0;
    const span = cycle > 0 ? cycle * 2 : 1000;
    const step = Math.max(STEP_MS, Math.ceil(span / MAX_SAMPLES));
    const count = Math.min(MAX_SAMPLES, Math.floor(span / step) + 1);
    const player = { b, block, span, step, count, samples: null, loading: null, playing: false, time: 0, t0: 0 };
    const button = h("button.play", { type: "button", text: "▶ Play", disabled: !!block.error || !block.keys?.length });
    const scrub = h("input.scrub", { type: "range", min: 0, max: span - (span % step), step, value: 0,
      disabled: !!block.error || !block.keys?.length });
    const timeText = h("span.num.time", { text: `0 / ${span} ms` });
    player.button = button;
    player.scrub = scrub;
    player.timeText = timeText;
    button.addEventListener("click", () => (player.playing ? pause(player) : play(player)));
    scrub.addEventListener("input", async () => {
      pause(player);
      player.time = Number(scrub.value);
      await activate(player);
      render(player);
    });
    // Key ends marked on the timeline: one cycle, repeated for the second one.
    const marks = h("div.key-marks");
    if (cycle > 0) {
      for (let rep = 0; rep < 2; rep++) {
        for (const key of block.keys || []) {
          marks.append(h("span.mark", { style: { left: `${((rep * cycle + key.end_time) / span) * 100}%` },
            title: `phase ${key.phase} until ${key.end_time} ms` }));
        }
      }
    }
    player.element = h("section.block", { dataset: { block: String(b) } },
      h("h3", null, `Block ${b} `, h("span.mode", { text: block.mode_name ?? String(block.mode) }),
        h("span.num.dim", { text: ` mode ${block.mode} · cycle ${cycle} ms` })),
      block.error ? h("p.sev-error", { text: block.error }) : null,
      h("div.keys", null, (block.keys || []).map((key, k) =>
        h("span.key", { title: `key ${k}` }, h("span.num", { text: `${k}` }), ": phase ",
          h("span.num", { text: `${key.phase}` }), " until ", h("span.num", { text: `${key.end_time}` }), " ms"))),
      h("div.player", null, button, h("div.scrub-wrap", null, marks, scrub), timeText));
    return player;
  }

  async function ensureSamples(player) {
    if (player.samples) return player.samples;
    if (!player.loading) {
      player.loading = api.materialSamples(ctx.ref, player.b, 0, player.step, player.count, ctx.signal)
        .then((r) => { player.samples = r.samples || []; return player.samples; })
        .catch((error) => {
          player.loading = null;
          if (!isAbort(error)) {
            player.timeText.textContent = `samples failed: ${error.message}`;
            player.timeText.classList.add("sev-error");
          }
          throw error;
        });
    }
    return player.loading;
  }

  async function activate(player) {
    if (active !== player) {
      if (active) pause(active);
      active = player;
      players.forEach((p) => p.element.classList.toggle("active", p === player));
      readout.block.textContent = String(player.b);
    }
    await ensureSamples(player);
  }

  async function play(player) {
    try {
      await activate(player);
    } catch {
      return;
    }
    if (ctx.signal.aborted) return;
    player.playing = true;
    player.t0 = performance.now() - player.time;
    player.button.textContent = "❚❚ Pause";
    root.dataset.playing = String(player.b);
    if (!frame) frame = requestAnimationFrame(tick);
  }

  function pause(player) {
    player.playing = false;
    player.button.textContent = "▶ Play";
    if (root.dataset.playing === String(player.b)) delete root.dataset.playing;
  }

  function tick(now) {
    frame = 0;
    if (ctx.signal.aborted) return;
    if (active && active.playing) {
      // rAF's timestamp can be a little older than the performance.now() Play was pressed at.
      active.time = (((now - active.t0) % active.span) + active.span) % active.span;
      render(active);
      frame = requestAnimationFrame(tick);
    }
  }

  function render(player) {
    const samples = player.samples;
    if (!samples || !samples.length) return;
    const i = Math.max(0, Math.min(samples.length - 1, Math.floor(player.time / player.step)));
    const s = samples[i];
    player.scrub.value = String(i * player.step);
    player.timeText.textContent = `${Math.round(player.time)} / ${player.span} ms`;
    readout.time.textContent = `${s.time} ms`;
    readout.key.textContent = `${s.key} → ${s.next} · ${Number(s.alpha).toFixed(2)}`;
    readout.colour.textContent = `${s.colour} · ${Math.round(s.opacity * 100)}%`;
    showPhase(s.phase, s.colour, s.opacity);
  }

  const flags = material.runtime_flags || {};
  // The version prefix: the ground the material stands for (docs/formats/mat0.md 3.2).
  const prefix = material.prefix || {};
  const prefixNumber = (value) => value === undefined ? null : h("span.num", { text: String(value) });
  const groundClass = prefix.ground_class === undefined ? null
    : h("span.num", { text: prefix.ground_class === 255 ? "255 (unset)" : String(prefix.ground_class) });
  const speedFactor = prefix.speed_factor ?? prefix.speed_factor_bits;
  add(body,
    h("div.material-layout", null,
      h("div.material-main", null,
        h("h3", { text: `Phases (${phases.length})` }),
        h("div.phases", null, phaseCards.length ? phaseCards : h("p.dim", { text: "no phases" })),
        h("h3", { text: `Animation blocks (${blocks.length})` }),
        players.length ? players.map((p) => p.element) : h("p.dim", { text: "no animation: phase 0 is shown" })),
      h("aside.material-side", null,
        h("h3", { text: "Preview" }), preview,
        h("h3", { text: "Material" }),
        facts([["attr2", h("span.num", { text: String(material.attr2 ?? "") })],
          ["pipeline", flags.pipeline], ["texture flag", flags.texture_flag === undefined ? null : String(flags.texture_flag)],
          ["ground class", groundClass], ["meta B", prefixNumber(prefix.meta_b)],
          ["speed factor", prefixNumber(speedFactor)], ["damage / s", prefixNumber(prefix.damage_rate)]]))),
    diagnosticsList(diagnostics));

  showPhase(phases.length ? 0 : undefined);
  root.dataset.state = "loaded";
  return {
    dispose() {
      players.forEach((p) => { p.playing = false; });
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
    },
  };
}

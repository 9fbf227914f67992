// The `parkan view` page in a real browser: writes the sample game, starts `parkan view` on it, drives
// headless Chromium through the DevTools protocol (cdp.mjs, over --remote-debugging-pipe) and asserts on
// what is rendered: the tree and its keyboard, the filter, a texture, a material playing, a model drawn by
// WebGL (pixels read back), the mission page (a marker per object, a click loads it in 3D, the whole
// mission in 3D), a unit and a terrain, the findings, a broken resource shown as diagnostics; #errors
// stays empty. Screenshots of the texture, material, model and mission panels go to --out.
//
//   node view_browser_test.mjs --parkan BIN --chromium BIN --out DIR
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Browser } from "./cdp.mjs";

const args = parseArgs(process.argv.slice(2));
const PARKAN = args.parkan || process.env.PARKAN_CLI;
const CHROMIUM = args.chromium || process.env.PARKAN_CHROMIUM || "/usr/bin/chromium";
const OUT = args.out || path.join(process.cwd(), "browser-screenshots");
const TOTAL_LIMIT_MS = 60000;
const started = Date.now();

let server = null;
let browser = null;
let temp = null;

function parseArgs(list) {
  const out = {};
  for (let i = 0; i < list.length; i++) {
    if (list[i].startsWith("--")) out[list[i].slice(2)] = list[i + 1], i++;
  }
  return out;
}

class Failure extends Error {}

function step(text) {
  console.log(`[${String(Date.now() - started).padStart(5)} ms] ${text}`);
}

function check(condition, message) {
  if (!condition) throw new Failure(message);
}

function cleanup() {
  if (browser) { browser.kill(); browser = null; }
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  server = null;
  if (temp) { try { fs.rmSync(temp, { recursive: true, force: true }); } catch { /* best effort */ } temp = null; }
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => { console.error(`FAIL: interrupted by ${signal}`); cleanup(); process.exit(1); });
}

// Starts `parkan view DIR --port 0 --no-open` and resolves with the URL it prints.
function startServer(gameDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(PARKAN, ["view", gameDir, "--port", "0", "--no-open"], { stdio: ["ignore", "pipe", "pipe"] });
    server = child;
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Failure(`parkan view printed no URL within 10 s\nstdout: ${out}\nstderr: ${err}`)), 10000);
    child.stdout.on("data", (chunk) => {
      out += chunk.toString();
      const m = out.match(/parkan view: (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.stderr.on("data", (chunk) => { err = (err + chunk.toString()).slice(-4000); });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Failure(`parkan view exited (${code ?? signal}) before printing its URL\nstdout: ${out}\nstderr: ${err}`));
    });
    child.on("error", (e) => { clearTimeout(timer); reject(new Failure(`cannot start ${PARKAN}: ${e.message}`)); });
  });
}

async function getJson(base, route) {
  const r = await fetch(new URL(route, base));
  check(r.ok, `GET ${route}: ${r.status}`);
  return r.json();
}

const q = (params) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== null && v !== undefined)).toString();

async function main() {
  check(PARKAN && fs.existsSync(PARKAN), `the parkan binary is missing (--parkan ${PARKAN})`);
  check(fs.existsSync(CHROMIUM), `chromium is missing (--chromium ${CHROMIUM})`);
  fs.mkdirSync(OUT, { recursive: true });
  temp = fs.mkdtempSync(path.join(os.tmpdir(), "parkan-view-browser-"));
  const gameDir = path.join(temp, "game");

  step(`sample game into ${gameDir}`);
  execFileSync(PARKAN, ["sample-game", gameDir], { stdio: ["ignore", "ignore", "pipe"] });

  const base = await startServer(gameDir);
  step(`parkan view serves ${base}`);

  // What the page should show, from the API itself.
  const game = await getJson(base, "/api/game");
  const textures = game.files.find((f) => f.file === "Textures.lib");
  check(textures && textures.entries.length > 0, "/api/game lists no Textures.lib with entries");
  const textureEntries = textures.entries.filter((e) => e.view === "texture");
  check(textureEntries.length > 0, "Textures.lib has no texture entries");
  let texture = null;
  for (const e of textureEntries) {  // prefer one with Page rects, so the overlay is tested too
    const t = await getJson(base, `/api/texture?${q({ file: "Textures.lib", entry: e.index })}`);
    if (!texture) texture = { entry: e, data: t };
    if (t.info.page && t.info.page.length && t.info.levels.length > 1) { texture = { entry: e, data: t }; break; }
  }
  const materials = game.files.find((f) => f.file === "Material.lib");
  check(materials, "/api/game lists no Material.lib");
  let material = null;
  const candidates = [...materials.entries].sort((a, b) => (b.name === "ANIM_LOOP") - (a.name === "ANIM_LOOP"));
  for (const e of candidates.filter((x) => x.view === "material")) {
    const m = await getJson(base, `/api/material?${q({ file: "Material.lib", entry: e.index })}`);
    const b = (m.blocks || []).findIndex((blk) => !blk.error && new Set((blk.keys || []).map((k) => k.phase)).size > 1);
    if (b >= 0) { material = { entry: e, data: m, block: b }; break; }
  }
  check(material, "Material.lib has no material with an animation of two phases or more");
  const animated = game.files.find((f) => f.file === "animated.rlb");
  const walker = animated && animated.entries.find((e) => e.name === "walker.msh");
  check(walker, "/api/game lists no animated.rlb::walker.msh");
  const model = await getJson(base, `/api/model?${q({ file: "animated.rlb", entry: walker.index })}`);
  const modelsLib = game.files.find((f) => f.file === "models.rlb");
  const building = modelsLib && modelsLib.entries.find((e) => e.name === "building.msh");
  const tank = modelsLib && modelsLib.entries.find((e) => e.name === "tank.msh");
  check(building && tank, "/api/game lists no models.rlb::building.msh and tank.msh");
  const tankModel = await getJson(base, `/api/model?${q({ file: "models.rlb", entry: tank.index })}`);
  const validation = await getJson(base, "/api/validation");
  const index = await fetch(base);
  const indexType = index.headers.get("content-type") || "";
  check(index.ok && indexType.startsWith("text/html"),
    `GET / answers ${index.status} "${indexType}", not text/html: a browser would download the page, not show it`);

  browser = Browser.launch(CHROMIUM, ["--headless=new", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader", "--window-size=1280,800", `--user-data-dir=${path.join(temp, "chromium")}`,
    "--no-first-run", "--no-default-browser-check", "--mute-audio", "about:blank"]);
  const page = await browser.newPage();
  const exceptions = [];
  page.on("Runtime.exceptionThrown", (e) => exceptions.push(e.exceptionDetails.exception?.description || e.exceptionDetails.text));
  page.on("Runtime.consoleAPICalled", (e) => {
    if (e.type === "error") exceptions.push("console.error: " + e.args.map((a) => a.value ?? a.description).join(" "));
  });
  await page.send("Runtime.enable");
  await page.send("Page.enable");
  await page.send("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
  step("chromium started");

  const noErrors = async (where) => {
    const errors = await page.evaluate(`[...document.querySelectorAll("#errors li")].map((e) => e.textContent)`);
    check(errors.length === 0, `${where}: #errors lists ${errors.length}: ${errors.join(" | ")}`);
    check(exceptions.length === 0, `${where}: page exceptions: ${exceptions.join(" | ")}`);
  };
  const panel = (kind) => `document.querySelector('.panel[data-panel="${kind}"]')`;
  const waitPanel = async (kind, state = "loaded", timeout = 10000) => {
    const s = await page.waitFor(`(() => { const p = ${panel(kind)}; return p && p.dataset.state !== "loading" && p.dataset.state; })()`,
      timeout, `the ${kind} panel did not finish loading`);
    check(s === state, `the ${kind} panel is "${s}", expected "${state}"${s === "error" ? ": " + await page.evaluate(`${panel(kind)}.innerText.slice(0, 300)`) : ""}`);
  };
  const go = (hash) => page.evaluate(`location.hash = ${JSON.stringify(hash)}; true`);
  const shot = async (name) => {
    await new Promise((r) => setTimeout(r, 150));
    const file = path.join(OUT, name);
    fs.writeFileSync(file, await page.screenshot());
    step(`screenshot ${file}`);
  };

  // --- the page and its tree ---
  await page.send("Page.navigate", { url: base });
  await page.waitFor(`document.body && document.body.dataset.ready === "1"`, 20000, "the page never set data-ready");
  const readyMs = await page.evaluate(`document.body.dataset.readyMs`);
  step(`page ready (data-ready-ms ${readyMs})`);
  const fileRows = await page.evaluate(`[...document.querySelectorAll("#tree .row.file")].map((r) => [r.querySelector(".name").textContent, r.querySelector(".meta").textContent])`);
  check(fileRows.length === game.files.length, `the tree shows ${fileRows.length} files, /api/game lists ${game.files.length}`);
  game.files.forEach((f, i) => check(fileRows[i][0] === f.file, `tree row ${i} is "${fileRows[i][0]}", expected "${f.file}"`));
  const texturesIndex = game.files.indexOf(textures);
  check(fileRows[texturesIndex][1] === String(textures.entries.length),
    `Textures.lib shows "${fileRows[texturesIndex][1]}" entries, /api/game has ${textures.entries.length}`);
  const topText = await page.evaluate(`document.getElementById("top").innerText`);
  check(topText.includes(game.game), `the top bar does not name the game "${game.game}"`);
  await noErrors("page load");
  step(`tree lists ${game.files.length} files; Textures.lib with ${textures.entries.length} entries`);

  // --- keyboard: down to Textures.lib, expand, first entry, Enter ---
  await page.evaluate(`document.querySelector("#tree .row").focus(); true`);
  for (let i = 0; i <= texturesIndex; i++) await page.key("ArrowDown");
  const selected = () => page.evaluate(`document.querySelector("#tree .row.selected .name")?.textContent ?? null`);
  check(await selected() === "Textures.lib", `after ${texturesIndex + 1} ArrowDown the selected row is "${await selected()}", expected Textures.lib`);
  check(await page.evaluate(`document.activeElement.classList.contains("selected")`), "the selected row does not have the focus");
  await page.key("ArrowRight");
  const shownEntries = await page.evaluate(`document.querySelectorAll("#tree .row.entry").length`);
  check(shownEntries === textures.entries.length, `ArrowRight shows ${shownEntries} entries, expected ${textures.entries.length}`);
  await page.key("ArrowDown");
  const first = textures.entries[0];
  check(await selected() === first.name, `ArrowDown selects "${await selected()}", expected "${first.name}"`);
  await page.key("Enter");
  await page.waitFor(`location.hash.startsWith("#/texture?")`, 5000, "Enter did not open the texture panel");
  const hash = await page.evaluate(`location.hash`);
  check(hash.includes("file=Textures.lib") && hash.includes(`entry=${first.index}`), `Enter opened ${hash}`);
  await waitPanel("texture");
  await page.key("ArrowLeft");
  check(await selected() === "Textures.lib", "ArrowLeft on an entry does not go back to its file");
  await page.key("ArrowLeft");
  check(await page.evaluate(`document.querySelectorAll("#tree .row.entry").length`) === 0, "ArrowLeft does not collapse Textures.lib");
  await noErrors("keyboard");
  step(`keyboard: ArrowDown x${texturesIndex + 1}, ArrowRight, ArrowDown, Enter opened ${first.name}; ArrowLeft collapses`);

  // --- the filter ---
  const needle = texture.entry.name.slice(0, 4).toLowerCase();
  await page.evaluate(`document.getElementById("filter").focus(); true`);
  await page.type(needle.toUpperCase());
  const filtered = await page.evaluate(`[...document.querySelectorAll("#tree .row.entry .name")].map((e) => e.textContent)`);
  const expected = game.files.flatMap((f) => f.file.toLowerCase().includes(needle) ? f.entries.map((e) => e.name)
    : f.entries.filter((e) => e.name.toLowerCase().includes(needle)).map((e) => e.name));
  check(filtered.length === expected.length && filtered.every((n, i) => n === expected[i]),
    `filter "${needle.toUpperCase()}" shows [${filtered.join(", ")}], expected [${expected.join(", ")}]`);
  const countText = await page.evaluate(`document.getElementById("filter-count").textContent`);
  check(/\d/.test(countText), `the filter shows no count ("${countText}")`);
  await page.evaluate(`(() => { const f = document.getElementById("filter"); f.value = ""; f.dispatchEvent(new Event("input")); return true; })()`);
  check(await page.evaluate(`document.querySelectorAll("#tree .row.file").length`) === game.files.length, "clearing the filter does not show every file");
  await noErrors("filter");
  step(`filter "${needle.toUpperCase()}": ${filtered.length} entries (${countText})`);

  // --- texture ---
  const info = texture.data.info;
  await go(`#/texture?${q({ file: "Textures.lib", entry: texture.entry.index })}`);
  await page.waitFor(`(() => { const p = ${panel("texture")}; return p && p.querySelector("h2").textContent === ${JSON.stringify(texture.data.name || texture.entry.name)}; })()`,
    5000, "the texture panel does not show the texture's name");
  await waitPanel("texture");
  // The format is named from the server's /api/kinds, which names every Texm format (88 included).
  const { texture_formats: formatNames } = await getJson(base, "/api/kinds");
  for (const format of ["0", "2", "565", "556", "4444", "88", "888", "8888"])
    check(typeof formatNames[format] === "string" && formatNames[format].length > 0, `/api/kinds names no format ${format}`);
  const formatText = await page.evaluate(`(() => { const p = ${panel("texture")}; const dt = [...p.querySelectorAll("dl.facts dt")].find((d) => d.textContent === "format"); return dt ? dt.nextElementSibling.textContent : ""; })()`);
  check(formatText === `${info.format} · ${formatNames[info.format]}`, `the format reads "${formatText}", expected "${info.format} · ${formatNames[info.format]}"`);
  const sizeText = await page.evaluate(`document.getElementById("texture-size").textContent`);
  check(sizeText.includes(`${info.levels[0].width}×${info.levels[0].height}`), `size text "${sizeText}" lacks ${info.levels[0].width}×${info.levels[0].height}`);
  const natural = await page.waitFor(`(() => { const i = document.getElementById("texture-image"); return i.complete && i.naturalWidth; })()`, 5000, "the texture image did not load");
  check(natural === info.levels[0].width, `the image's naturalWidth is ${natural}, level 0 is ${info.levels[0].width} wide`);
  const levelButtons = await page.evaluate(`document.querySelectorAll("${".panel[data-panel=texture] button.level"}").length`);
  check(levelButtons === info.levels.length, `${levelButtons} level buttons for ${info.levels.length} levels`);
  if (info.page && info.page.length) {
    const rects = await page.evaluate(`document.querySelectorAll(".page-overlay rect").length`);
    check(rects === info.page.length, `${rects} Page rects drawn, the texture has ${info.page.length}`);
  }
  if (info.levels.length > 1) {
    await page.evaluate(`document.querySelector('button.level[data-level="1"]').click(); true`);
    await page.waitFor(`document.getElementById("texture-image").naturalWidth === ${info.levels[1].width} && document.getElementById("texture-image").complete`,
      5000, `level 1 did not load as ${info.levels[1].width} pixels wide`);
    await page.evaluate(`document.querySelector('button.level[data-level="0"]').click(); true`);
    await page.waitFor(`document.getElementById("texture-image").naturalWidth === ${info.levels[0].width}`, 5000, "level 0 did not come back");
  }
  const rendering = await page.evaluate(`getComputedStyle(document.getElementById("texture-image")).imageRendering`);
  check(rendering === "pixelated", `the texture is drawn with image-rendering ${rendering}`);
  await noErrors("texture");
  step(`texture ${texture.entry.name}: ${info.levels[0].width}×${info.levels[0].height}, ${info.levels.length} levels, ${info.page ? info.page.length : 0} Page rects`);
  await shot("texture.png");

  // --- font: the atlas and the sample line drawn with the font's metrics (docs/view.md 3.4) ---
  const fontFile = game.files.find((f) => f.file === "gamefont.rlb");
  const fontEntry = fontFile && fontFile.entries.find((e) => e.view === "font");
  check(fontEntry, "gamefont.rlb lists no entry with the font view");
  if (fontEntry) {
    const fontData = await getJson(base, `/api/font?${q({ file: "gamefont.rlb", entry: fontEntry.index })}`);
    await go(`#/font?${q({ file: "gamefont.rlb", entry: fontEntry.index })}`);
    await waitPanel("font");
    // The canvas is the sample text's width at the pen (advance + step per byte) times the scale (2x).
    const text = await page.evaluate(`document.querySelector(".font-text").value`);
    let width = 0;
    for (const c of text) width += fontData.glyphs[c.charCodeAt(0) & 0xff].advance + fontData.info.pen_step;
    const canvasWidth = await page.evaluate(`document.getElementById("font-sample").width`);
    check(canvasWidth === width * 2, `the sample canvas is ${canvasWidth} wide, the pen says ${width * 2}`);
    const inked = await page.evaluate(`(() => { const c = document.getElementById("font-sample"); const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 3; i < d.length; i += 4) n += d[i] > 0; return n; })()`);
    check(inked > 0, "the sample line drew nothing");
    await noErrors("font");
    step(`font ${fontEntry.name}: sample line ${width} px, ${inked} pixels inked`);
    await shot("font.png");
  }

  // --- material, played ---
  const m = material.data;
  await go(`#/material?${q({ file: "Material.lib", entry: material.entry.index })}`);
  await waitPanel("material");
  const phaseCount = await page.evaluate(`document.querySelectorAll(".panel[data-panel=material] .phase").length`);
  check(phaseCount === m.phases.length, `${phaseCount} phase swatches, the material has ${m.phases.length} phases`);
  const blockCount = await page.evaluate(`document.querySelectorAll(".panel[data-panel=material] .block").length`);
  check(blockCount === m.blocks.length, `${blockCount} blocks shown, the material has ${m.blocks.length}`);
  await page.evaluate(`document.querySelector('.block[data-block="${material.block}"] button.play').click(); true`);
  await page.waitFor(`${panel("material")}.dataset.playing === "${material.block}"`, 5000, "Play did not start the block");
  const seen = new Set();
  const cycle = m.blocks[material.block].cycle_ms;
  const watchUntil = Date.now() + Math.min(4000, Math.max(1500, cycle * 1.2));
  while (Date.now() < watchUntil && seen.size < 2) {
    seen.add(await page.evaluate(`document.getElementById("material-current-phase").textContent`));
    await new Promise((r) => setTimeout(r, 40));
  }
  check(seen.size >= 2, `while playing block ${material.block} the shown phase never changed (${[...seen].join(", ")})`);
  check(await page.evaluate(`document.querySelectorAll(".phase.current").length`) === 1, "no phase swatch is highlighted");
  await noErrors("material");
  step(`material ${material.entry.name}: ${m.phases.length} phases, block ${material.block} played, phases shown ${[...seen].join(" -> ")}`);
  await shot("material.png");

  // --- model ---
  await go(`#/model?${q({ file: "animated.rlb", entry: walker.index })}`);
  await waitPanel("model", "loaded", 20000);
  const frames = await page.waitFor(`Number(${panel("model")}.dataset.renderedFrames || 0) > 2 && Number(${panel("model")}.dataset.renderedFrames)`,
    10000, "the model panel never rendered a frame");
  // Pixels of the WebGL canvas (preserveDrawingBuffer) that differ from the clear colour.
  const pixels = await page.evaluate(`(() => {
    const gl = document.getElementById("model-canvas");
    const c = document.createElement("canvas");
    c.width = gl.width; c.height = gl.height;
    const x = c.getContext("2d");
    x.drawImage(gl, 0, 0);
    const d = x.getImageData(0, 0, c.width, c.height).data;
    let differ = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - 0x1e) + Math.abs(d[i + 1] - 0x21) + Math.abs(d[i + 2] - 0x26) > 24) differ++;
    }
    return { differ, total: c.width * c.height };
  })()`);
  check(pixels.total > 0 && pixels.differ / pixels.total > 0.02,
    `the WebGL canvas is blank: ${pixels.differ} of ${pixels.total} pixels differ from the clear colour`);
  const options = await page.evaluate(`[document.querySelectorAll("#model-state option").length, document.querySelectorAll("#model-lod option").length]`);
  check(options[0] === (model.states.length || 1) && options[1] === (model.lods.length || 1),
    `state/LOD selects have ${options} options, /api/model has ${model.states.length} states and ${model.lods.length} LODs`);
  const nodeRows = await page.evaluate(`document.querySelectorAll(".node-tree .node").length`);
  check(nodeRows === model.nodes.length, `${nodeRows} nodes in the node tree, /api/model has ${model.nodes.length}`);
  if (model.nodes.length) {
    const target = model.nodes[Math.min(1, model.nodes.length - 1)];
    await page.evaluate(`document.querySelector('.node[data-node="${target.index}"]').click(); true`);
    const status = await page.evaluate(`document.querySelector(".viewport-status").textContent`);
    check(!status.includes("not in the glTF scene"), `selecting node ${target.name}: ${status}`);
  }
  if (model.animation) {
    const hasClip = await page.evaluate(`${panel("model")}.dataset.animation`);
    check(hasClip, "the model has an animation but the page found no clip in the .glb");
    const t0 = await page.evaluate(`Number(document.getElementById("model-scrub").value)`);
    await new Promise((r) => setTimeout(r, 400));
    const t1 = await page.evaluate(`Number(document.getElementById("model-scrub").value)`);
    check(t0 !== t1, `the animation does not play (scrubber stays at ${t0})`);
  }
  await noErrors("model");
  step(`model walker.msh: ${frames}+ frames, ${pixels.differ}/${pixels.total} pixels drawn, ${model.nodes.length} nodes`);
  await shot("model.png");

  // --- a lightmapped building: its lit batches drawn as texture x lightmap ---
  await go(`#/model?${q({ file: "models.rlb", entry: building.index })}`);
  await waitPanel("model", "loaded", 20000);
  await page.waitFor(`Number(${panel("model")}.dataset.renderedFrames || 0) > 2`, 10000, "the building never rendered a frame");
  const lit = await page.evaluate(`Number(${panel("model")}.dataset.lightmapped)`);
  check(lit > 0, `building.msh: no mesh is drawn with its lightmap (${lit})`);
  await noErrors("lightmapped model");
  step(`model building.msh: ${lit} meshes drawn with their lightmap`);
  await shot("model-lit.png");

  // --- the cockpit view: off by default, the first-person view alone when ticked ---
  await go(`#/model?${q({ file: "models.rlb", entry: tank.index })}`);
  await waitPanel("model", "loaded", 20000);
  const cockpitEnabled = await page.evaluate(`!document.getElementById("model-cockpit").disabled`);
  check(cockpitEnabled === tankModel.cockpit, `the cockpit toggle is ${cockpitEnabled ? "on" : "off"}, /api/model says cockpit ${tankModel.cockpit}`);
  if (tankModel.cockpit) {
    const outside = await page.evaluate(`Number(document.getElementById("model-triangles").textContent)`);
    await page.evaluate(`document.getElementById("model-cockpit").click(); true`);
    await page.waitFor(`${panel("model")}.dataset.state === "loaded" && document.getElementById("model-lod").disabled`, 10000,
      "ticking cockpit did not reload the model");
    await waitPanel("model", "loaded", 20000);
    const inside = await page.evaluate(`Number(document.getElementById("model-triangles").textContent)`);
    check(inside > 0 && inside !== outside, `the cockpit view has ${inside} triangles, the outside ${outside}`);
    step(`model tank.msh: outside ${outside} triangles, cockpit ${inside}`);
  }
  await noErrors("cockpit");

  // --- the mission page: the map, a marker per object, a click loads that object in 3D ---
  const missionFile = game.files.find((f) => f.view === "mission");
  check(missionFile, "/api/game lists no file with the mission view");
  check(game.files.some((f) => f.view === "terrain") && game.files.some((f) => f.view === "unit"),
    "/api/game lists no terrain or no unit file");
  const mission = await getJson(base, `/api/mission?${q({ file: missionFile.file })}`);
  await go(`#/mission?${q({ file: missionFile.file })}`);
  await waitPanel("mission", "loaded", 20000);
  await page.waitFor(`${panel("mission")}.dataset.map === "loaded"`, 10000, "the map image did not load");
  const markers = await page.evaluate(`document.querySelectorAll("#mission-map .marker").length`);
  check(markers === mission.objects.length, `${markers} markers on the map, /api/mission has ${mission.objects.length} objects`);
  const legend = await page.evaluate(`document.querySelectorAll("#mission-legend li").length`);
  check(legend === mission.clans.length, `${legend} clans in the legend, /api/mission has ${mission.clans.length}`);
  const routes = await page.evaluate(`document.querySelectorAll("#mission-map .route").length`);
  check(routes === mission.routes.length, `${routes} routes drawn, /api/mission has ${mission.routes.length}`);
  const unitObject = mission.objects.find((o) => o.kind === 1) || mission.objects[0];
  await page.evaluate(`document.querySelector('#mission-map .marker[data-object="${unitObject.index}"]').dispatchEvent(new MouseEvent("click", { bubbles: true })); true`);
  const objectState = await page.waitFor(`(() => { const v = document.querySelector(".mission-right .viewport"); return v.dataset.state !== "loading" && v.dataset.state !== "empty" && v.dataset.state; })()`,
    20000, "clicking a marker did not load the object");
  check(objectState === "loaded", `the object's 3D view is "${objectState}": ${await page.evaluate(`document.querySelector(".mission-right .viewport-status").textContent`)}`);
  await page.waitFor(`Number(document.querySelector(".mission-right .viewport").dataset.renderedFrames || 0) > 2`, 10000,
    "the object's 3D view never rendered a frame");
  const objectMeshes = await page.evaluate(`Number(document.querySelector(".mission-right .viewport").dataset.meshes)`);
  check(objectMeshes > 0, `object ${unitObject.index} has no meshes in the 3D view`);
  await noErrors("mission object");
  step(`mission ${missionFile.file}: ${markers} markers, ${legend} clans, ${routes} routes; object ${unitObject.index} in 3D (${objectMeshes} meshes)`);
  await shot("mission.png");
  await page.evaluate(`document.getElementById("mission-3d-button").click(); true`);
  await page.waitFor(`(() => { const v = document.querySelector(".mission-right .viewport"); return v.dataset.state === "loaded" && v.dataset.label === "the whole mission" && v.dataset.state; })()`,
    30000, "the whole mission did not load in 3D");
  await noErrors("whole mission");
  step("the whole mission in 3D");
  await shot("mission-3d.png");
  // A unit file opens its assembly in 3D.
  const unitFile = game.files.find((f) => f.view === "unit");
  await go(`#/unit?${q({ file: unitFile.file })}`);
  await waitPanel("unit", "loaded", 20000);
  await noErrors("unit");
  step(`unit ${unitFile.file} in 3D`);
  // A terrain file opens its map from above.
  const terrainFile = game.files.find((f) => f.view === "terrain");
  await go(`#/terrain?${q({ file: terrainFile.file })}`);
  await waitPanel("terrain", "loaded", 20000);
  await page.waitFor(`${panel("terrain")}.dataset.map === "loaded"`, 10000, "the terrain's map image did not load");
  await noErrors("terrain");
  step(`terrain ${terrainFile.file}: the map from above`);
  // A sound: its table, and the audio element playing parkan's decoded WAV (MS ADPCM decoded by parkan).
  const sounds = game.files.find((f) => f.file === "sounds.lib");
  check(sounds && sounds.entries.length > 0, "/api/game lists no sounds.lib with entries");
  const sound = sounds.entries.find((e) => e.name === "gun_shot.wav");
  check(sound && sound.view === "sound", "sounds.lib::gun_shot.wav is not a sound");
  await go(`#/sound?${q({ file: "sounds.lib", entry: sound.index })}`);
  await waitPanel("sound", "loaded", 10000);
  await page.waitFor(`document.getElementById("sound-audio").dataset.state === "loaded"`, 10000,
    "the audio element did not load /api/sound.wav");
  const duration = Number(await page.evaluate(`document.getElementById("sound-audio").dataset.duration`));
  check(duration > 0.1 && duration < 1.0, `the audio element found ${duration} s in gun_shot.wav`);
  await noErrors("sound");
  step(`sound sounds.lib::gun_shot.wav: ${duration.toFixed(3)} s in the audio element`);

  // --- findings ---
  await page.evaluate(`document.getElementById("findings-button").click(); true`);
  await waitPanel("findings");
  const rows = await page.evaluate(`document.querySelectorAll(".findings tr.finding").length`);
  check(rows === validation.findings.length, `${rows} findings shown, /api/validation has ${validation.findings.length}`);
  await page.evaluate(`document.querySelector('input[data-severity="note"]').click(); true`);
  const withoutNotes = await page.evaluate(`document.querySelectorAll(".findings tr.finding").length`);
  const expectedWithoutNotes = validation.findings.filter((f) => f.severity !== "note").length;
  check(withoutNotes === expectedWithoutNotes, `without notes ${withoutNotes} findings shown, expected ${expectedWithoutNotes}`);
  const withEntry = validation.findings.findIndex((f) => f.severity !== "note" && f.entry);
  if (withEntry >= 0) {
    const f = validation.findings[withEntry];
    await page.evaluate(`[...document.querySelectorAll(".findings tr.finding")].find((r) => r.querySelector(".entry").textContent === ${JSON.stringify(f.entry)}).click(); true`);
    await page.waitFor(`location.hash.includes(${JSON.stringify("file=" + encodeURIComponent(f.file).replace(/%20/g, "+"))}) && location.hash.includes("entry=")`,
      5000, `clicking the finding on ${f.file}::${f.entry} did not open it`);
    await page.waitFor(`(() => { const p = document.querySelector(".panel"); return p && p.dataset.panel !== "findings" && p.dataset.state !== "loading"; })()`,
      10000, `the entry of the finding did not load`);
  }
  await noErrors("findings");
  step(`findings: ${rows} shown, ${withoutNotes} without notes; a click opens the entry`);

  // --- a resource of the wrong kind: diagnostics in the panel, no crash ---
  const notTexture = materials.entries[0];
  await go(`#/texture?${q({ file: "Material.lib", entry: notTexture.index })}`);
  await waitPanel("texture", "error");
  const errorText = await page.evaluate(`${panel("texture")}.querySelector(".error-box").textContent`);
  check(/4\d\d/.test(errorText), `the error box does not show the HTTP status: "${errorText}"`);
  await go(`#/model?${q({ file: "Textures.lib", entry: 99999 })}`);
  await waitPanel("model", "error");
  await noErrors("bad resources");
  step(`bad resources: a material as texture -> "${errorText.trim().slice(0, 60)}"; an unknown entry -> error panel`);

  const total = Date.now() - started;
  check(total < TOTAL_LIMIT_MS, `the test took ${total} ms (limit ${TOTAL_LIMIT_MS})`);
  await browser.close();
  browser = null;
  step(`PASS in ${total} ms`);
}

const watchdog = setTimeout(() => {
  console.error(`FAIL: the test did not finish within ${TOTAL_LIMIT_MS + 30000} ms`);
  cleanup();
  process.exit(1);
}, TOTAL_LIMIT_MS + 30000);

main().then(() => {
  clearTimeout(watchdog);
  cleanup();
  process.exit(0);
}, (error) => {
  clearTimeout(watchdog);
  console.error(`FAIL: ${error instanceof Failure ? error.message : error.stack || error}`);
  if (browser && browser.stderr && !(error instanceof Failure)) console.error(browser.stderr.slice(-2000));
  cleanup();
  process.exit(1);
});

// The page: top bar, tree, and one panel at a time chosen by the URL hash, so a URL opens a panel directly:
//   #/texture?file=Textures.lib&entry=3   #/font?file=gamefont.rlb&entry=0   #/material?file=..&entry=..   #/model?file=..[&entry=..]
//   #/mission?file=MISSIONS/x/data.tma   #/unit?file=UNITS/x.dat   #/terrain?file=DATA/MAPS/x/Land.msh
//   #/sound?file=sounds.lib&entry=2
//   #/entry?file=..[&entry=..]  (info + diagnostics of anything else)   #/findings[?severity=error]
import { api, isAbort } from "./api.js";
import { h, clear, panelRoot, showError } from "./dom.js";
import { Tree } from "./tree.js";
import { openTexture } from "./texture_panel.js";
import { openFont } from "./font_panel.js";
import { openMaterial } from "./material_panel.js";
import { openFindings } from "./findings_panel.js";
import { openEntry } from "./entry_panel.js";
import { openSound } from "./sound_panel.js";

const panelElement = document.getElementById("panel");
let game = null;
let tree = null;
let current = null; // {dispose()} of the open panel

const VIEWS = ["texture", "font", "material", "model", "mission", "unit", "terrain", "sound", "wear", "entry", "findings"];
// The panels that need three.js, loaded on first use: the view's module and its open function.
const THREE_PANELS = {
  model: ["./model_panel.js", "openModel"],
  mission: ["./mission_panel.js", "openMission"],
  unit: ["./mission_panel.js", "openUnit"],
  terrain: ["./mission_panel.js", "openTerrain"],
};

export function routeFor(view, file, entry) {
  const params = new URLSearchParams({ file });
  if (entry !== null && entry !== undefined) params.set("entry", String(entry));
  const own = ["texture", "font", "material", "model", "mission", "unit", "terrain", "sound"];
  // A unit, terrain or mission panel shows a whole file; an archive's entry of those kinds shows its info.
  const kind = own.includes(view) && (!["mission", "unit", "terrain"].includes(view) || entry === null || entry === undefined)
    ? view : "entry";
  return `#/${kind}?${params}`;
}

export function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function parseHash() {
  const text = location.hash.replace(/^#\/?/, "");
  const [kind, search] = text.split("?");
  return { kind: kind || "", params: new URLSearchParams(search || "") };
}

// A panel module's open(root, context) returns {dispose} (maybe async); context carries the API address.
async function route() {
  if (!game) return;
  const { kind, params } = parseHash();
  if (current && current.dispose) {
    try { current.dispose(); } catch (error) { window.parkanReportError?.(String(error)); }
  }
  current = null;
  const controller = new AbortController();
  const file = params.get("file");
  const entryText = params.get("entry");
  const entry = entryText === null || entryText === "" ? null : Number(entryText);
  const ctx = { file, entry, ref: { file, entry }, game, signal: controller.signal, navigate, routeFor, lookup };
  const done = { dispose: () => controller.abort() };
  current = done;
  clear(panelElement);
  if (!VIEWS.includes(kind)) {
    panelElement.append(welcome());
    document.title = `parkan view: ${game.game}`;
    return;
  }
  if (kind !== "findings") {
    if (!file) {
      const root = panelRoot(kind, kind);
      panelElement.append(root);
      showError(root, { status: 400, code: "view.bad_request", message: "the URL names no file" });
      return;
    }
    tree.reveal(file, entry);
    document.title = `${lookup(file, entry)?.name || file} - parkan view`;
  } else {
    document.title = `findings - parkan view`;
  }
  try {
    let panel;
    if (kind === "texture") panel = await openTexture(panelElement, ctx);
    else if (kind === "font") panel = await openFont(panelElement, ctx);
    else if (kind === "material") panel = await openMaterial(panelElement, ctx);
    else if (kind === "sound") panel = await openSound(panelElement, ctx);
    else if (THREE_PANELS[kind]) {
      // three.js is loaded on the first 3D panel only: until then the panel says so.
      const [path, open] = THREE_PANELS[kind];
      const placeholder = panelRoot(kind, lookup(file, entry)?.name || file);
      placeholder.querySelector(".loading").textContent = "Loading the 3D viewer (three.js)…";
      panelElement.append(placeholder);
      const module = await import(path);
      placeholder.remove();
      if (controller.signal.aborted) return;
      panel = await module[open](panelElement, ctx);
    } else if (kind === "findings") panel = await openFindings(panelElement, ctx, params.get("severity"));
    else panel = await openEntry(panelElement, ctx);
    if (current === done && panel && panel.dispose) {
      current = { dispose: () => { controller.abort(); panel.dispose(); } };
    } else if (current !== done && panel && panel.dispose) {
      panel.dispose();
    }
  } catch (error) {
    if (isAbort(error) || controller.signal.aborted) return;
    // A panel that failed to even start (e.g. three.js did not load): say so in the panel.
    clear(panelElement);
    const root = panelRoot(kind, kind);
    panelElement.append(root);
    showError(root, error);
    window.parkanReportError?.(`${kind} panel: ${error.message || error}`);
  }
}

// The tree's row of a resource: {name, type, view, status} or null.
export function lookup(file, entry) {
  const f = game.files.find((x) => x.file === file);
  if (!f) return null;
  if (entry === null || entry === undefined) return { name: f.file, type: f.kind, view: f.view, status: f.status };
  const e = (f.entries || []).find((x) => x.index === Number(entry));
  return e ? { name: e.name, type: e.type, view: e.view, status: e.status } : null;
}

function welcome() {
  const s = game.summary || {};
  return h("section.panel.welcome", { dataset: { panel: "welcome", state: "loaded" } },
    h("h2", { text: game.game }),
    h("p", null, `${game.files.length} files, ${s.archives ?? "?"} archives, ${s.resources ?? "?"} resources: `,
      h("span.sev-error", { text: `${s.errors ?? 0} errors` }), ", ",
      h("span.sev-warning", { text: `${s.warnings ?? 0} warnings` }), "."),
    h("p", { text: "Pick an entry in the tree (arrow keys move, → expands, Enter opens), or open the findings." }));
}

function renderTop() {
  document.getElementById("game-name").textContent = game.game;
  const s = game.summary || {};
  const summary = document.getElementById("summary");
  clear(summary).append(
    h("span.num", { text: `${s.archives ?? 0}` }), " archives · ",
    h("span.num", { text: `${s.resources ?? 0}` }), " resources · ",
    h("span.num.sev-error", { text: `${s.errors ?? 0}` }), " errors · ",
    h("span.num.sev-warning", { text: `${s.warnings ?? 0}` }), " warnings");
  document.getElementById("findings-button").addEventListener("click", () => navigate("#/findings"));
}

async function start() {
  try {
    game = await api.game();
  } catch (error) {
    clear(panelElement);
    const root = panelRoot("game", "The game could not be read");
    panelElement.append(root);
    showError(root, error);
    return;
  }
  renderTop();
  tree = new Tree(document.getElementById("tree"), document.getElementById("filter"),
    document.getElementById("filter-count"), game,
    ({ file, entry, view }) => navigate(routeFor(view, file, entry)));
  document.body.dataset.ready = "1";
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  window.addEventListener("hashchange", route);
  route();
  if (!location.hash) tree.container.querySelector(".row")?.focus();
}

start();

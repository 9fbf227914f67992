// Model panel: three.js WebGLRenderer + GLTFLoader on /api/model.glb (the exporter in memory), OrbitControls,
// the camera framed on the bounding box, damage stage and LOD selects, a cockpit toggle (the first-person
// view alone), play/pause/scrub of the "timeline" animation (AnimationMixer), and the node tree: selecting
// a node highlights that glTF node (box + emissive tint). Lightmapped batches (occlusionTexture on
// TEXCOORD_1) are drawn as the engine draws them, texture times lightmap (docs/view.md); unlit glows
// come through the material's emissive colour and texture.
import * as THREE from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { api, isAbort } from "./api.js";
import { h, add, clear, panelRoot, panelBody, showError, diagnosticsList, facts } from "./dom.js";
import { diagnosticsOf } from "./texture_panel.js";
import { CLEAR_COLOUR, drawLightmapsAsTheEngine, disposeObject, fitToElement, frameWithGrid } from "./glb_view.js";

export { CLEAR_COLOUR };

export async function openModel(parent, ctx) {
  const root = panelRoot("model", ctx.lookup(ctx.file, ctx.entry)?.name || ctx.file);
  parent.append(root);
  let data;
  try {
    data = await api.model(ctx.ref, ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  const diagnostics = data.diagnostics ?? await diagnosticsOf(ctx).catch(() => []);
  if (ctx.signal.aborted) return null;
  if (data.name) root.querySelector("h2").textContent = data.name;
  const body = panelBody(root);
  const states = data.states && data.states.length ? data.states : [0];
  const lods = data.lods && data.lods.length ? data.lods : [0];
  const nodes = data.nodes || [];

  // --- the viewport ---
  const canvas = h("canvas#model-canvas.model-canvas");
  const viewport = h("div.viewport", null, canvas);
  const status = h("div.viewport-status");
  viewport.append(status);
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(CLEAR_COLOUR, 1);
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  scene.add(new THREE.HemisphereLight(0xdfe6f0, 0x30281f, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 2.2);
  sun.position.set(3, 5, 4);
  scene.add(sun);
  const fill = new THREE.DirectionalLight(0x9fb4ff, 0.6);
  fill.position.set(-4, 2, -3);
  scene.add(fill);
  let grid = null;
  let model = null;     // the loaded glTF scene
  let mixer = null;
  let action = null;
  let clip = null;
  let highlight = null; // {box, restore[]}
  let frame = 0;
  let frames = 0;
  let disposed = false;
  let loadToken = 0;
  let lastTime = performance.now();

  // --- controls ---
  const stateSelect = h("select#model-state", { title: "damage stage" },
    states.map((s) => h("option", { value: String(s), text: `stage ${s}${s === 0 ? " (intact)" : " (damaged)"}` })));
  const lodSelect = h("select#model-lod", { title: "level of detail" },
    lods.map((l) => h("option", { value: String(l), text: `LOD ${l}` })));
  const cockpitInput = h("input#model-cockpit", { type: "checkbox", disabled: !data.cockpit });
  const cockpitToggle = h("label.toggle", { title: data.cockpit ? "the first-person view alone (level 4 and the cockpit nodes)" : "this model has no cockpit view" },
    cockpitInput, " cockpit");
  cockpitInput.addEventListener("change", () => { lodSelect.disabled = cockpitInput.checked; load(); });
  const playButton = h("button.play", { type: "button", text: "▶ Play", disabled: true });
  const scrub = h("input.scrub#model-scrub", { type: "range", min: 0, max: 1, step: 0.001, value: 0, disabled: true });
  const timeText = h("span.num.time", { text: "no animation" });
  const wireToggle = h("label.toggle", null, h("input", { type: "checkbox", onchange: (e) => setWire(e.target.checked) }), " wireframe");
  stateSelect.addEventListener("change", () => load());
  lodSelect.addEventListener("change", () => load());
  playButton.addEventListener("click", () => {
    if (!action) return;
    action.paused = !action.paused;
    playButton.textContent = action.paused ? "▶ Play" : "❚❚ Pause";
  });
  scrub.addEventListener("input", () => {
    if (!action) return;
    action.paused = true;
    playButton.textContent = "▶ Play";
    action.time = Number(scrub.value);
    mixer.update(0);
    updateHighlight();
  });

  // --- node tree ---
  const nodeList = h("ul.node-tree");
  const children = new Map();
  for (const n of nodes) {
    const key = n.parent === null || n.parent === undefined ? -1 : n.parent;
    if (!children.has(key)) children.set(key, []);
    children.get(key).push(n);
  }
  let selectedNode = null;
  const nodeRows = new Map();
  function addNodes(parentIndex, list, depth) {
    for (const n of children.get(parentIndex) || []) {
      const row = h("li.node", { tabIndex: 0, dataset: { node: String(n.index) }, style: { paddingLeft: `${depth * 14 + 6}px` },
        onclick: () => selectNode(n), onkeydown: (e) => { if (e.key === "Enter") selectNode(n); } },
      h("span.num.dim", { text: `${n.index} ` }), h("span", { text: n.name || "(unnamed)" }));
      nodeRows.set(n.index, row);
      list.append(row);
      if (depth < 64) addNodes(n.index, list, depth + 1);
    }
  }
  addNodes(-1, nodeList, 0);

  const anim = data.animation;
  add(body,
    h("div.model-layout", null,
      h("div.model-main", null,
        h("div.toolbar", null, stateSelect, lodSelect, cockpitToggle, wireToggle,
          h("button", { type: "button", text: "Frame", onclick: () => model && frameObject(model) }),
          h("span.spacer"), h("span.dim", { text: "drag: orbit · right drag: pan · wheel: zoom" })),
        viewport,
        h("div.player", null, playButton, h("div.scrub-wrap", null, scrub), timeText)),
      h("aside.model-side", null,
        h("h3", { text: "Model" }),
        facts([["kind", data.info?.kind], ["states", h("span.num", { text: states.join(", ") })],
          ["LODs", h("span.num", { text: lods.join(", ") })], ["cockpit", data.cockpit ? "yes" : "no"],
          ["nodes", h("span.num", { text: String(nodes.length) })],
          ["animation", anim ? h("span.num", { text: `${anim.frames} frames @ ${anim.fps} fps = ${Number(anim.duration).toFixed(2)} s` }) : "none"],
          ["triangles", h("span.num#model-triangles", { text: "" })]]),
        h("h3", { text: `Nodes (${nodes.length})` }), nodeList)),
    diagnosticsList(diagnostics));

  const resize = () => fitToElement(renderer, camera, viewport);
  const observer = new ResizeObserver(resize);
  observer.observe(viewport);

  const frameObject = (object) => { grid = frameWithGrid(scene, camera, controls, object, grid); };

  function setWire(on) {
    model?.traverse((o) => {
      if (o.isMesh) for (const m of [].concat(o.material)) m.wireframe = on;
    });
  }

  // glTF node names are the model's node names; GLTFLoader keeps the original in userData.name.
  function findObject(name) {
    let found = null;
    model?.traverse((o) => {
      if (!found && (o.userData?.name === name || o.name === name || o.name === THREE.PropertyBinding.sanitizeNodeName(name))) found = o;
    });
    return found;
  }

  function clearHighlight() {
    if (!highlight) return;
    scene.remove(highlight.box);
    highlight.box.geometry.dispose();
    highlight.box.material.dispose();
    for (const [mesh, material, tinted] of highlight.restore) {
      mesh.material = material;
      for (const m of [].concat(tinted)) m.dispose();
    }
    highlight = null;
  }

  function selectNode(n) {
    selectedNode = n;
    for (const [index, row] of nodeRows) row.classList.toggle("selected", index === n.index);
    clearHighlight();
    root.dataset.selectedNode = String(n.index);
    const object = findObject(n.name);
    if (!object) {
      status.textContent = `node "${n.name}" is not in the glTF scene`;
      return;
    }
    status.textContent = `node ${n.index}: ${n.name}`;
    const box = new THREE.BoxHelper(object, 0xffc640);
    const restore = [];
    object.traverse((o) => {
      if (!o.isMesh) return;
      const original = o.material;
      const tinted = [].concat(original).map((m) => {
        const c = m.clone();
        if (c.emissive) { c.emissive = new THREE.Color(0xff9a1a); c.emissiveIntensity = 0.45; }
        return c;
      });
      o.material = Array.isArray(original) ? tinted : tinted[0];
      restore.push([o, original, tinted]);
    });
    scene.add(box);
    highlight = { box, restore, object };
  }

  function updateHighlight() {
    if (highlight) highlight.box.update();
  }

  function disposeModel() {
    clearHighlight();
    if (mixer) mixer.stopAllAction();
    mixer = null;
    action = null;
    clip = null;
    if (!model) return;
    scene.remove(model);
    disposeObject(model);
    model = null;
  }

  async function load() {
    const token = ++loadToken;
    root.dataset.state = "loading";
    status.textContent = "loading…";
    let buffer;
    try {
      buffer = await api.modelGlb(ctx.ref, Number(stateSelect.value), Number(lodSelect.value), cockpitInput.checked, ctx.signal);
    } catch (error) {
      if (isAbort(error) || token !== loadToken) return;
      disposeModel();
      status.textContent = "";
      viewport.append(h("div.model-error", null, h("strong", { text: `${error.status || ""} ${error.code || ""}` }), " ",
        h("span", { text: error.message }), diagnosticsList(error.diagnostics)));
      root.dataset.state = "error";
      return;
    }
    let gltf;
    try {
      gltf = await new GLTFLoader().parseAsync(buffer, "");
    } catch (error) {
      if (token !== loadToken) return;
      status.textContent = `the .glb did not load: ${error.message || error}`;
      root.dataset.state = "error";
      return;
    }
    if (token !== loadToken || disposed) return;
    body.querySelectorAll(".model-error").forEach((e) => e.remove());
    disposeModel();
    model = gltf.scene;
    const lit = drawLightmapsAsTheEngine(model);
    scene.add(model);
    let triangles = 0;
    model.traverse((o) => {
      if (o.isMesh && o.geometry) {
        const g = o.geometry;
        triangles += (g.index ? g.index.count : g.attributes.position.count) / 3;
      }
    });
    body.querySelector("#model-triangles").textContent = String(Math.round(triangles));
    clip = gltf.animations.find((a) => a.name === "timeline") || gltf.animations[0] || null;
    if (clip) {
      mixer = new THREE.AnimationMixer(model);
      action = mixer.clipAction(clip);
      action.play();
      scrub.max = String(clip.duration);
      scrub.step = String(Math.max(clip.duration / 1000, 0.001));
      scrub.disabled = false;
      playButton.disabled = false;
      playButton.textContent = "❚❚ Pause";
    } else {
      scrub.disabled = true;
      playButton.disabled = true;
      timeText.textContent = "no animation";
    }
    resize();
    frameObject(model);
    if (selectedNode) selectNode(selectedNode);
    setWire(wireToggle.querySelector("input").checked);
    status.textContent = "";
    root.dataset.state = "loaded";
    root.dataset.animation = clip ? clip.name : "";
    root.dataset.lightmapped = String(lit);
  }

  function tick() {
    frame = 0;
    if (disposed) return;
    const now = performance.now();
    const delta = Math.min(0.1, (now - lastTime) / 1000);
    lastTime = now;
    resize();
    if (mixer && action) {
      mixer.update(action.paused ? 0 : delta);
      if (!action.paused) {
        scrub.value = String(action.time);
        updateHighlight();
      }
      timeText.textContent = `${action.time.toFixed(2)} / ${clip.duration.toFixed(2)} s`;
    }
    controls.update();
    renderer.render(scene, camera);
    if (model) {
      frames++;
      if (frames <= 5 || frames % 30 === 0) root.dataset.renderedFrames = String(frames);
    }
    frame = requestAnimationFrame(tick);
  }

  await load();
  frame = requestAnimationFrame(tick);

  return {
    dispose() {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      disposeModel();
      controls.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      clear(viewport);
    },
  };
}

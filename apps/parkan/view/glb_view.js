// A three.js view of one .glb, shared by the model, mission and unit panels: WebGLRenderer, the scene's
// lights, OrbitControls, the camera framed on the loaded scene's bounding box with a grid under it, and
// lightmapped batches drawn as the engine draws them (docs/view.md 3.1).
import * as THREE from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { h } from "./dom.js";

export const CLEAR_COLOUR = 0x1e2126;

// A lit batch's glTF material carries its lightmap page as occlusionTexture on TEXCOORD_1. The engine
// draws it as texture x lightmap (RGB, no scene lights): an unlit material whose light map is that
// page. MeshBasicMaterial adds lightMap * intensity / PI to its indirect light, so intensity PI gives
// exactly the page; both textures are sRGB so that the product is taken as the engine takes it.
// Returns the number of meshes changed.
export function drawLightmapsAsTheEngine(object) {
  let changed = 0;
  object.traverse((o) => {
    if (!o.isMesh) return;
    const materials = [].concat(o.material);
    const replaced = materials.map((m) => {
      if (!m.aoMap || m.aoMap.channel !== 1 || !o.geometry.attributes.uv1) return m;
      const lightMap = m.aoMap.clone();
      lightMap.colorSpace = THREE.SRGBColorSpace;
      lightMap.channel = 1;
      lightMap.needsUpdate = true;
      const basic = new THREE.MeshBasicMaterial({
        name: m.name, map: m.map, color: m.color, lightMap, lightMapIntensity: Math.PI,
        side: THREE.DoubleSide, transparent: m.transparent, opacity: m.opacity, alphaTest: m.alphaTest,
      });
      basic.userData = { ...m.userData, lightmapped: true };
      m.dispose();
      changed++;
      return basic;
    });
    o.material = Array.isArray(o.material) ? replaced : replaced[0];
  });
  return changed;
}

export function disposeObject(object) {
  object.traverse((o) => {
    if (o.geometry) o.geometry.dispose();
    for (const m of o.material ? [].concat(o.material) : []) {
      for (const v of Object.values(m)) if (v && v.isTexture) v.dispose();
      m.dispose();
    }
  });
}

// Sizes the renderer's canvas to `element` (in device pixels) and the camera's aspect to match; a
// no-op when nothing changed.
export function fitToElement(renderer, camera, element) {
  const width = Math.max(1, element.clientWidth);
  const height = Math.max(1, element.clientHeight);
  const canvas = renderer.domElement;
  if (canvas.width !== Math.floor(width * renderer.getPixelRatio()) || canvas.height !== Math.floor(height * renderer.getPixelRatio())) {
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
  }
}

// Points the orbit camera at `object` from above and to one side, and lays a grid under it in steps of
// a power of ten, replacing `grid` (disposed); returns the new grid (or `grid` for an empty object).
export function frameWithGrid(scene, camera, controls, object, grid) {
  const box = new THREE.Box3().setFromObject(object);
  if (box.isEmpty()) return grid;
  const size = box.getSize(new THREE.Vector3());
  const centre = box.getCenter(new THREE.Vector3());
  const radius = Math.max(size.length() / 2, 1e-3);
  const distance = radius / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2)) * 1.1;
  const direction = new THREE.Vector3(1, 0.7, 1.3).normalize();
  camera.position.copy(centre).addScaledVector(direction, distance);
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  controls.target.copy(centre);
  controls.update();
  if (grid) scene.remove(grid), grid.geometry.dispose(), grid.material.dispose();
  const step = Math.pow(10, Math.floor(Math.log10(radius)));
  const extent = Math.ceil((radius * 4) / step) * step;
  const next = new THREE.GridHelper(extent, Math.round(extent / step) * 2, 0x59606b, 0x373c44);
  next.position.set(centre.x, box.min.y, centre.z);
  scene.add(next);
  return next;
}

// A viewport element with its canvas; load(fetchBuffer) shows a .glb (the latest call wins). The
// viewport's data-state goes empty -> loading -> loaded | error; data-meshes counts the loaded meshes.
export function createGlbView(id) {
  const canvas = h(`canvas#${id}.model-canvas`);
  const status = h("div.viewport-status");
  const element = h("div.viewport", { dataset: { state: "empty" } }, canvas, status);
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
  let grid = null;
  let model = null;
  let token = 0;
  let frame = 0;
  let disposed = false;
  let frames = 0;

  const resize = () => fitToElement(renderer, camera, element);
  const observer = new ResizeObserver(resize);
  observer.observe(element);

  const frameObject = (object) => { grid = frameWithGrid(scene, camera, controls, object, grid); };

  function drop() {
    if (!model) return;
    scene.remove(model);
    disposeObject(model);
    model = null;
  }

  function tick() {
    frame = 0;
    if (disposed) return;
    resize();
    controls.update();
    renderer.render(scene, camera);
    if (model) {
      frames++;
      if (frames <= 5 || frames % 30 === 0) element.dataset.renderedFrames = String(frames);
    }
    frame = requestAnimationFrame(tick);
  }
  frame = requestAnimationFrame(tick);

  return {
    element,
    setStatus(text) { status.textContent = text; },
    // fetchBuffer() -> Promise<ArrayBuffer>; `label` is shown while loading and after.
    async load(fetchBuffer, label) {
      const mine = ++token;
      element.dataset.state = "loading";
      status.textContent = `loading ${label}…`;
      try {
        const buffer = await fetchBuffer();
        const gltf = await new GLTFLoader().parseAsync(buffer, "");
        if (mine !== token || disposed) return;
        drop();
        model = gltf.scene;
        drawLightmapsAsTheEngine(model);
        scene.add(model);
        let meshes = 0;
        model.traverse((o) => { if (o.isMesh) meshes++; });
        resize();
        frameObject(model);
        frames = 0;
        element.dataset.meshes = String(meshes);
        element.dataset.label = label;
        status.textContent = `${label} · drag: orbit · right drag: pan · wheel: zoom`;
        element.dataset.state = "loaded";
      } catch (error) {
        if (mine !== token || disposed || error?.name === "AbortError") return;
        drop();
        status.textContent = `${label}: ${error.status ? `${error.status} ${error.code} ` : ""}${error.message || error}`;
        element.dataset.state = "error";
      }
    },
    dispose() {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      drop();
      controls.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
    },
  };
}

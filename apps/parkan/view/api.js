// Fetch wrappers over the `parkan view` HTTP API (docs/view.md 3). Every failure becomes an ApiError with the
// server's status, code, message and diagnostics (422 on a broken resource), so panels can show them.
import { query } from "./dom.js";

export class ApiError extends Error {
  constructor(status, code, message, diagnostics) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.diagnostics = diagnostics || [];
  }
}

async function failure(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: keep the status line
  }
  const e = body && body.error;
  return new ApiError(response.status, e ? e.code : "http", e ? e.message : `${response.status} ${response.statusText}`,
    body ? body.diagnostics : []);
}

async function request(path, params, signal) {
  let response;
  try {
    response = await fetch(path + query(params || {}), { signal });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, "network", `${path}: ${error.message}`, []);
  }
  if (!response.ok) throw await failure(response);
  return response;
}

export async function getJson(path, params, signal) {
  const response = await request(path, params, signal);
  return response.json();
}

export async function getBuffer(path, params, signal) {
  const response = await request(path, params, signal);
  return response.arrayBuffer();
}

// A resource address: {file, entry} where entry is the decimal index or null for a loose file.
export function ref(file, entry) {
  return { file, entry: entry === null || entry === undefined ? null : entry };
}

let kindsOnce = null;

export const api = {
  game: (signal) => getJson("/api/game", null, signal),
  // The kind registry and the Texm format names (docs/view.md 3): asked once, shared by every panel.
  kinds: () => (kindsOnce ??= getJson("/api/kinds").catch((error) => { kindsOnce = null; throw error; })),
  validation: (signal) => getJson("/api/validation", null, signal),
  entry: (r, signal) => getJson("/api/entry", r, signal),
  texture: (r, signal) => getJson("/api/texture", r, signal),
  textureUrl: (r, level = 0) => "/api/texture.png" + query({ ...r, level }),
  material: (r, signal) => getJson("/api/material", r, signal),
  materialSamples: (r, block, start, step, count, signal) =>
    getJson("/api/material/samples", { ...r, block, start, step, count }, signal),
  model: (r, signal) => getJson("/api/model", r, signal),
  sound: (r, signal) => getJson("/api/sound", r, signal),
  soundWavUrl: (r) => "/api/sound.wav" + query(r),
  modelGlb: (r, state, lod, cockpit, signal) =>
    getBuffer("/api/model.glb", { ...r, state, lod, cockpit: cockpit ? 1 : 0 }, signal),
};

export function isAbort(error) {
  return error && error.name === "AbortError";
}

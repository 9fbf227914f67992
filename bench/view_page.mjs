// `parkan view` in a real browser on the retail-size sample game (the targets: the page
// interactive within 1 s; a texture or a model open within 100 ms on the server). Prints, over
// --runs fresh page loads: the time until the tree is rendered (the page's data-ready-ms, measured
// from navigation start), and the time from asking for the largest texture, material and model to
// their panels being drawn. Uses the test's DevTools client (tests/browser/cdp.mjs).
//
//   node bench/view_page.mjs --parkan build/bin/parkan [--chromium /usr/bin/chromium] [--runs 5]
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Browser } from "../tests/browser/cdp.mjs";

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
const PARKAN = args.parkan || "build/bin/parkan";
const CHROMIUM = args.chromium || "/usr/bin/chromium";
const RUNS = Number(args.runs || 5);

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "parkan-view-page-"));
const game = path.join(temp, "game");
execFileSync(PARKAN, ["sample-game", game, "--size", "retail"]);
const server = spawn(PARKAN, ["view", game, "--port", "0", "--no-open"], { stdio: ["ignore", "pipe", "inherit"] });
let browser = null;
const stop = () => { try { browser?.kill(); } catch {} server.kill(); try { fs.rmSync(temp, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); } catch {} };
process.on("exit", stop);

const base = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => { out += d; const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//); if (m) resolve(m[0]); });
  server.on("exit", () => reject(new Error("parkan view exited: " + out)));
});
const index = await (await fetch(base + "api/game")).json();
// The largest entry the page shows with each panel.
const largest = (view) => {
  let best = null;
  for (const f of index.files) for (const e of f.entries)
    if (e.view === view && (!best || e.size > best.e.size)) best = { f: f.file, e };
  return best;
};
const targets = ["texture", "material", "model"].map((view) => ({ view, ...largest(view) }));

browser = Browser.launch(CHROMIUM, ["--headless=new", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader", "--window-size=1280,800", `--user-data-dir=${path.join(temp, "chromium")}`,
  "--no-first-run", "--no-default-browser-check", "about:blank"]);
const page = await browser.newPage();
await page.send("Page.enable");

const results = { ready: [], texture: [], material: [], model: [] };
for (let run = 0; run < RUNS; run++) {
  await page.send("Page.navigate", { url: `${base}?run=${run}#/` });  // a new document each run
  await page.waitFor(`document.body && document.body.dataset.ready === "1"`, 20000, "the page never set data-ready");
  results.ready.push(Number(await page.evaluate(`document.body.dataset.readyMs`)));
  for (const t of targets) {
    const hash = `#/${t.view}?file=${encodeURIComponent(t.f)}&entry=${t.e.index}`;
    // Measured inside the page: from the hash change to the panel saying it is drawn.
    const ms = await page.evaluate(`(async () => {
      const t0 = performance.now();
      location.hash = ${JSON.stringify(hash)};
      for (;;) {
        await new Promise((r) => setTimeout(r, 1));
        const p = document.querySelector('.panel[data-panel="${t.view}"]');
        if (p && (p.dataset.state === "loaded" || p.dataset.state === "error")) return performance.now() - t0;
        if (performance.now() - t0 > 20000) return -1;
      }
    })()`);
    results[t.view].push(ms);
  }
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`retail sample game: ${index.summary.resources} resources in ${index.files.length} files; ${RUNS} runs`);
console.log(`page interactive (tree drawn, from navigation): median ${median(results.ready).toFixed(0)} ms, max ${Math.max(...results.ready).toFixed(0)} ms`);
for (const t of targets)
  console.log(`${t.view} ${t.f}::${t.e.name} (${t.e.size} B): median ${median(results[t.view]).toFixed(0)} ms, max ${Math.max(...results[t.view]).toFixed(0)} ms`);
await browser.close();
process.exit(0);

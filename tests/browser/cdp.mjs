// A tiny Chrome DevTools Protocol client over --remote-debugging-pipe (node has no WebSocket client we can
// rely on, and the pipe needs none): chromium reads commands on fd 3 and writes responses and events on
// fd 4, each message one JSON text terminated by a NUL byte.
import { spawn } from "node:child_process";

export class Browser {
  // Starts chromium with the given arguments (plus --remote-debugging-pipe).
  static launch(executable, args) {
    const child = spawn(executable, [...args, "--remote-debugging-pipe"], {
      stdio: ["ignore", "pipe", "pipe", "pipe", "pipe"],
    });
    return new Browser(child);
  }

  constructor(child) {
    this.child = child;
    this.nextId = 1;
    this.pending = new Map();   // id -> {resolve, reject, method}
    this.listeners = new Set(); // (message) => void, for events
    this.buffer = Buffer.alloc(0);
    this.exited = false;
    this.stderr = "";
    child.stderr.on("data", (chunk) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-8000);
    });
    child.stdout.on("data", () => {});
    this.input = child.stdio[3];
    this.output = child.stdio[4];
    this.output.on("data", (chunk) => this.onData(chunk));
    this.input.on("error", () => {});
    child.on("exit", (code, signal) => {
      this.exited = true;
      for (const { reject, method } of this.pending.values()) {
        reject(new Error(`chromium exited (${code ?? signal}) while waiting for ${method}\n${this.stderr}`));
      }
      this.pending.clear();
    });
  }

  onData(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    let end;
    while ((end = this.buffer.indexOf(0)) >= 0) {
      const text = this.buffer.subarray(0, end).toString("utf8");
      this.buffer = this.buffer.subarray(end + 1);
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        continue;
      }
      if (message.id !== undefined && this.pending.has(message.id)) {
        const { resolve, reject, method } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else {
        for (const listener of this.listeners) listener(message);
      }
    }
  }

  // Sends a command (to the browser, or to a page's session with sessionId) and resolves with its result.
  send(method, params = {}, sessionId = undefined, timeoutMs = 15000) {
    if (this.exited) return Promise.reject(new Error(`chromium is not running (${method})`));
    const id = this.nextId++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (r) => { clearTimeout(timer); resolve(r); },
        reject: (e) => { clearTimeout(timer); reject(e); },
        method,
      });
      this.input.write(JSON.stringify(message) + "\0");
    });
  }

  on(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // A new tab attached with a flat session: returns a Page.
  async newPage() {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    return new Page(this, sessionId);
  }

  async close() {
    if (this.exited) return;
    try {
      await Promise.race([this.send("Browser.close", {}, undefined, 3000), new Promise((r) => setTimeout(r, 3000))]);
    } catch {
      // killed below
    }
    if (!this.exited) this.child.kill("SIGKILL");
  }

  kill() {
    if (!this.exited) this.child.kill("SIGKILL");
  }
}

export class Page {
  constructor(browser, sessionId) {
    this.browser = browser;
    this.sessionId = sessionId;
  }

  send(method, params = {}, timeoutMs) {
    return this.browser.send(method, params, this.sessionId, timeoutMs);
  }

  // Events of this page: handler(params) for each event of that method.
  on(method, handler) {
    return this.browser.on((m) => {
      if (m.sessionId === this.sessionId && m.method === method) handler(m.params);
    });
  }

  // Evaluates an expression in the page (awaiting a promise) and returns its value; throws the page's exception.
  async evaluate(expression) {
    const r = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) {
      const d = r.exceptionDetails;
      throw new Error(`page exception: ${d.exception?.description || d.text}`);
    }
    return r.result.value;
  }

  // Polls an expression until it is truthy; returns its value, or throws after timeoutMs with the message.
  async waitFor(expression, timeoutMs, message) {
    const end = Date.now() + timeoutMs;
    let last;
    let failure = "";
    for (;;) {
      try {
        last = await this.evaluate(expression);
        failure = "";
      } catch (error) { // e.g. the document is still being replaced: try again until the time is up
        if (!error.message.startsWith("page exception")) throw error;
        last = null;
        failure = `; last: ${error.message}`;
      }
      if (last) return last;
      if (Date.now() > end) throw new Error(`${message} (waited ${timeoutMs} ms${failure})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async key(key) {
    const codes = { ArrowDown: 40, ArrowUp: 38, ArrowLeft: 37, ArrowRight: 39, Enter: 13, Escape: 27, Home: 36, End: 35 };
    const base = { key, code: key, windowsVirtualKeyCode: codes[key] || 0, nativeVirtualKeyCode: codes[key] || 0 };
    await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...base });
    if (key === "Enter") await this.send("Input.dispatchKeyEvent", { type: "char", ...base, text: "\r" });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...base });
  }

  async type(text) {
    await this.send("Input.insertText", { text });
  }

  async screenshot() {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" }, 20000);
    return Buffer.from(data, "base64");
  }
}

// Small DOM helpers shared by the panels: element construction, formatting, status dots, diagnostics.

// h("div#id.row.file", {title: "x", onclick: f, dataset: {key: "f:1"}}, child, "text", [children]) -> Element
export function h(spec, attrs, ...children) {
  const tag = spec.match(/^[a-z0-9]*/i)[0];
  const id = (spec.match(/#([\w-]+)/) || [])[1];
  const classes = [...spec.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
  let element;
  if (tag === "svg" || tag === "rect" || tag === "g" || tag === "line" || tag === "text") {
    element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  } else {
    element = document.createElement(tag || "div");
  }
  if (id) element.id = id;
  for (const c of classes) element.classList.add(c);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "dataset") Object.assign(element.dataset, value);
      else if (key === "style" && typeof value === "object") Object.assign(element.style, value);
      else if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
      else if (key === "text") element.textContent = value;
      else if (key in element && !(element instanceof SVGElement)) element[key] = value;
      else element.setAttribute(key, value === true ? "" : value);
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

// parent.append(...) that skips null/false and flattens arrays (like h's children).
export function add(parent, ...children) {
  append(parent, children);
  return parent;
}

export function clear(element) {
  while (element.firstChild) element.firstChild.remove();
  return element;
}

// 1234567 -> "1 234 567 B" style sizes, readable in a narrow column.
export function formatSize(bytes) {
  if (bytes === null || bytes === undefined) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

export function hex(value, digits = 0) {
  if (value === null || value === undefined) return "";
  return "0x" + Number(value).toString(16).padStart(digits, "0");
}

export function statusDot(status) {
  const s = status || "ok";
  return h("span.dot.status-" + s, { title: s, "aria-label": s });
}

// A list of findings (severity, code, entry, message) as shown in every panel.
export function diagnosticsList(findings, title = "Diagnostics") {
  if (!findings || findings.length === 0) return null;
  return h("section.diagnostics", null,
    h("h3", null, `${title} (${findings.length})`),
    h("ul", null, findings.map((f) =>
      h("li.finding.sev-" + f.severity, null,
        h("span.sev", { text: f.severity }),
        h("code.code", { text: f.code }),
        f.entry ? h("span.where", { text: f.entry }) : null,
        f.offset !== null && f.offset !== undefined ? h("span.num", { text: "@" + f.offset }) : null,
        h("span.msg", { text: f.message })))));
}

// A titled block of key/value rows; values that are numbers are shown in monospace.
export function facts(rows) {
  return h("dl.facts", null, rows.filter((r) => r && r[1] !== undefined && r[1] !== null && r[1] !== "").map(
    ([key, value]) => [h("dt", { text: key }), h("dd", null, value instanceof Node ? value : String(value))]));
}

// The panel's root section; data-state goes loading -> loaded | error.
export function panelRoot(kind, title) {
  const root = h("section.panel", { dataset: { panel: kind, state: "loading" } },
    h("header.panel-head", null, h("h2", { text: title })),
    h("div.panel-body", null, h("p.loading", { text: "Loading…" })));
  return root;
}

export function panelBody(root) {
  return clear(root.querySelector(".panel-body"));
}

// Shows an API error (with its diagnostics when the resource is broken) in the panel and marks it "error".
export function showError(root, error) {
  const body = panelBody(root);
  const status = error && error.status ? `${error.status} ${error.code || ""}` : "error";
  body.append(h("div.error-box", null,
    h("strong", { text: status }), " ", h("span", { text: (error && error.message) || String(error) })));
  const diag = diagnosticsList(error && error.diagnostics);
  if (diag) body.append(diag);
  root.dataset.state = "error";
}

// Query-string for the API from an object, skipping null/undefined.
export function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    search.set(key, String(value));
  }
  const s = search.toString();
  return s ? "?" + s : "";
}

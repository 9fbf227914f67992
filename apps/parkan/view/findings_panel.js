// Findings panel: the validation report (severity, code, file, entry, message) with a filter by severity;
// a click on a finding opens its entry (or its file).
import { api, isAbort } from "./api.js";
import { h, add, clear, panelRoot, panelBody, showError } from "./dom.js";

const SEVERITIES = ["error", "warning", "note"];

export async function openFindings(parent, ctx, initialSeverity) {
  const root = panelRoot("findings", "Findings");
  parent.append(root);
  let report;
  try {
    report = await api.validation(ctx.signal);
  } catch (error) {
    if (isAbort(error)) return null;
    showError(root, error);
    return null;
  }
  const findings = report.findings || [];
  const shown = new Set(SEVERITIES.includes(initialSeverity) ? [initialSeverity] : SEVERITIES);
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length]));
  const body = panelBody(root);
  const tbody = h("tbody");
  const countText = h("span.num.count");
  const bar = h("div.toolbar", null, h("span.label", { text: "show" }),
    SEVERITIES.map((s) => h("label.toggle.sev-" + s, null,
      h("input", { type: "checkbox", checked: shown.has(s), dataset: { severity: s },
        onchange: (e) => { if (e.target.checked) shown.add(s); else shown.delete(s); render(); } }),
      ` ${s} `, h("span.num", { text: `(${counts[s]})` }))),
    h("span.spacer"), countText);

  function render() {
    clear(tbody);
    let n = 0;
    findings.forEach((f) => {
      if (!shown.has(f.severity)) return;
      n++;
      const entryIndex = f.entry_index ?? entryIndexByName(ctx.game, f.file, f.entry);
      const target = ctx.lookup(f.file, entryIndex);
      const open = () => ctx.navigate(ctx.routeFor(target ? target.view : "none", f.file, entryIndex));
      tbody.append(h("tr.finding.sev-" + f.severity, { tabIndex: 0, title: "open", onclick: open,
        onkeydown: (e) => { if (e.key === "Enter") open(); } },
      h("td.sev", { text: f.severity }),
      h("td", null, h("code", { text: f.code })),
      h("td.file", { text: f.file }),
      h("td.entry", { text: f.entry ?? "" }),
      h("td.num", { text: f.offset === null || f.offset === undefined ? "" : String(f.offset) }),
      h("td.msg", { text: f.message })));
    });
    countText.textContent = `${n} of ${findings.length}`;
    if (!n) tbody.append(h("tr", null, h("td.dim", { colSpan: 6, text: "no findings" })));
  }

  const s = report.summary || {};
  add(body,
    h("p.summary", null, `${report.game ?? ctx.game.game}: `,
      h("span.num", { text: String(s.archives ?? "") }), " archives, ",
      h("span.num", { text: String(s.resources ?? "") }), " resources, ",
      h("span.num.sev-error", { text: String(s.errors ?? counts.error) }), " errors, ",
      h("span.num.sev-warning", { text: String(s.warnings ?? counts.warning) }), " warnings, ",
      h("span.num", { text: String(s.notes ?? counts.note) }), " notes"),
    bar,
    h("table.grid.findings", null,
      h("thead", null, h("tr", null, ["severity", "code", "file", "entry", "offset", "message"].map((t) => h("th", { text: t })))),
      tbody));
  render();
  root.dataset.state = "loaded";
  return { dispose() {} };
}

function entryIndexByName(game, file, name) {
  if (name === null || name === undefined) return null;
  const f = game.files.find((x) => x.file === file);
  const e = f && (f.entries || []).find((x) => x.name === name);
  return e ? e.index : null;
}

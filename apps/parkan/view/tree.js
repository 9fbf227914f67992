// The left tree: files -> entries, a case-insensitive substring filter with a count, status dots, and the
// keyboard (up/down move, right/left expand/collapse, Enter opens). Only the visible rows are in the DOM.
import { h, clear, formatSize, statusDot } from "./dom.js";

export class Tree {
  // game: /api/game; onOpen({file, entry, view}) opens a resource.
  constructor(container, filterInput, countElement, game, onOpen) {
    this.container = container;
    this.filterInput = filterInput;
    this.countElement = countElement;
    this.files = game.files;
    this.onOpen = onOpen;
    this.expanded = new Set();
    this.filter = "";
    this.rows = [];        // visible rows: {key, file, entry, element}
    this.selected = null;  // key of the selected row
    container.setAttribute("role", "tree");
    container.addEventListener("keydown", (event) => this.onKey(event));
    filterInput.addEventListener("input", () => this.setFilter(filterInput.value));
    filterInput.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" && this.rows.length) {
        event.preventDefault();
        this.select(this.selected && this.rowIndex(this.selected) >= 0 ? this.selected : this.rows[0].key);
      }
    });
    this.render();
  }

  setFilter(text) {
    this.filter = text.trim().toLowerCase();
    this.render();
  }

  // Which files and entries the filter keeps: a file whose path matches keeps all its entries.
  visible() {
    const out = [];
    let matches = 0;
    this.files.forEach((file, fi) => {
      const entries = file.entries || [];
      if (!this.filter) {
        out.push({ key: `f:${fi}`, fi, ei: null });
        if (this.expanded.has(fi)) entries.forEach((_, ei) => out.push({ key: `e:${fi}:${ei}`, fi, ei }));
        return;
      }
      const fileMatches = file.file.toLowerCase().includes(this.filter);
      const hits = [];
      entries.forEach((entry, ei) => {
        if (fileMatches || entry.name.toLowerCase().includes(this.filter)) hits.push(ei);
      });
      const entryHits = entries.filter((e) => e.name.toLowerCase().includes(this.filter)).length;
      if (!fileMatches && hits.length === 0) return;
      matches += (fileMatches ? 1 : 0) + entryHits;
      out.push({ key: `f:${fi}`, fi, ei: null });
      // A filter that matches entries shows them; a file matched by its own name stays as the user left it.
      const open = fileMatches ? this.expanded.has(fi) : !this.collapsedByUser?.has(fi);
      if (open) hits.forEach((ei) => out.push({ key: `e:${fi}:${ei}`, fi, ei }));
    });
    return { rows: out, matches };
  }

  render() {
    if (!this.collapsedByUser || this.lastFilter !== this.filter) this.collapsedByUser = new Set();
    this.lastFilter = this.filter;
    const { rows, matches } = this.visible();
    const hadFocus = this.container.contains(document.activeElement);
    clear(this.container);
    const fragment = document.createDocumentFragment();
    this.rows = rows.map((r) => {
      const element = r.ei === null ? this.fileRow(r.fi) : this.entryRow(r.fi, r.ei);
      element.dataset.key = r.key;
      fragment.append(element);
      return { ...r, element };
    });
    this.container.append(fragment);
    if (this.filter) {
      this.countElement.textContent = `${matches} match${matches === 1 ? "" : "es"}`;
    } else {
      const entries = this.files.reduce((n, f) => n + (f.entries ? f.entries.length : 0), 0);
      this.countElement.textContent = `${this.files.length} files, ${entries} entries`;
    }
    if (this.rows.length === 0) this.container.append(h("div.empty", { text: "nothing matches" }));
    if (this.selected && this.rowIndex(this.selected) >= 0) this.mark(this.selected, hadFocus);
    else if (this.rows.length) this.rows[0].element.tabIndex = 0;
  }

  isOpen(fi) {
    return this.rows.some((r) => r.fi === fi && r.ei !== null);
  }

  fileRow(fi) {
    const file = this.files[fi];
    const n = file.entries ? file.entries.length : 0;
    const open = this.filter ? null : this.expanded.has(fi);
    const row = h("div.row.file", {
      role: "treeitem", tabIndex: -1, title: `${file.file} (${file.kind}${file.format ? ", " + file.format : ""})`,
      onclick: () => { this.select(`f:${fi}`); if (n) this.toggle(fi); else this.open(`f:${fi}`); },
    },
    h("span.twist", { text: n ? "▸" : "" }),
    statusDot(file.status),
    h("span.name", { text: file.file }),
    h("span.meta.num", { text: n ? `${n}` : formatSize(file.size) }));
    if (n) row.setAttribute("aria-expanded", open === null ? "auto" : String(open));
    return row;
  }

  entryRow(fi, ei) {
    const entry = this.files[fi].entries[ei];
    return h("div.row.entry", {
      role: "treeitem", tabIndex: -1, title: `${entry.name}: ${entry.type}, ${entry.size} bytes, ${entry.view}`,
      onclick: () => { this.select(`e:${fi}:${ei}`); this.open(`e:${fi}:${ei}`); },
      ondblclick: () => this.open(`e:${fi}:${ei}`),
    },
    statusDot(entry.status),
    h("span.name", { text: entry.name }),
    h("span.type", { text: entry.type }),
    h("span.meta.num", { text: formatSize(entry.size) }));
  }

  rowIndex(key) {
    return this.rows.findIndex((r) => r.key === key);
  }

  mark(key, focus) {
    for (const r of this.rows) {
      const on = r.key === key;
      r.element.classList.toggle("selected", on);
      r.element.tabIndex = on ? 0 : -1;
      r.element.setAttribute("aria-selected", String(on));
    }
    const i = this.rowIndex(key);
    if (i >= 0) {
      const element = this.rows[i].element;
      element.scrollIntoView({ block: "nearest" });
      if (focus) element.focus({ preventScroll: true });
    }
  }

  select(key, focus = true) {
    this.selected = key;
    this.mark(key, focus);
  }

  toggle(fi, open) {
    const isOpen = this.isOpen(fi);
    const want = open === undefined ? !isOpen : open;
    if (want === isOpen) return;
    if (this.filter) {
      if (want) this.collapsedByUser.delete(fi); else this.collapsedByUser.add(fi);
      if (want) this.expanded.add(fi); else this.expanded.delete(fi);
    } else if (want) this.expanded.add(fi);
    else this.expanded.delete(fi);
    this.render();
  }

  open(key) {
    const r = this.rows.find((x) => x.key === key) || this.parseKey(key);
    const file = this.files[r.fi];
    if (r.ei === null) {
      this.onOpen({ file: file.file, entry: null, view: file.view || "none" });
    } else {
      const entry = file.entries[r.ei];
      this.onOpen({ file: file.file, entry: entry.index, view: entry.view || "none" });
    }
  }

  parseKey(key) {
    const parts = key.split(":");
    return { fi: Number(parts[1]), ei: parts.length > 2 ? Number(parts[2]) : null };
  }

  onKey(event) {
    if (event.target === this.filterInput) return;
    if (!this.rows.length) return;
    let i = this.selected ? this.rowIndex(this.selected) : -1;
    const row = i >= 0 ? this.rows[i] : null;
    switch (event.key) {
      case "ArrowDown":
        i = Math.min(this.rows.length - 1, i + 1);
        this.select(this.rows[i].key);
        break;
      case "ArrowUp":
        i = Math.max(0, i - 1);
        this.select(this.rows[i].key);
        break;
      case "Home":
        this.select(this.rows[0].key);
        break;
      case "End":
        this.select(this.rows[this.rows.length - 1].key);
        break;
      case "ArrowRight":
        if (!row) return;
        if (row.ei === null && (this.files[row.fi].entries || []).length) {
          if (!this.isOpen(row.fi)) this.toggle(row.fi, true);
          else if (this.rows[i + 1]) this.select(this.rows[i + 1].key);
        }
        break;
      case "ArrowLeft":
        if (!row) return;
        if (row.ei !== null) this.select(`f:${row.fi}`);
        else if (this.isOpen(row.fi)) this.toggle(row.fi, false);
        break;
      case "Enter":
      case " ":
        if (!row) return;
        if (row.ei === null && (this.files[row.fi].entries || []).length && this.files[row.fi].view === "none")
          this.toggle(row.fi);
        else this.open(row.key);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  // Selects the row of a resource opened by other means (the URL, a finding), expanding its file.
  reveal(file, entry) {
    const fi = this.files.findIndex((f) => f.file === file);
    if (fi < 0) return;
    let key = `f:${fi}`;
    if (entry !== null && entry !== undefined) {
      const ei = (this.files[fi].entries || []).findIndex((e) => e.index === Number(entry));
      if (ei >= 0) {
        key = `e:${fi}:${ei}`;
        if (!this.isOpen(fi)) {
          this.expanded.add(fi);
          this.collapsedByUser.delete(fi);
          this.render();
        }
        if (this.rowIndex(key) < 0) { // hidden by the filter: drop the filter
          this.filterInput.value = "";
          this.setFilter("");
        }
      }
    }
    this.select(key, false);
  }
}

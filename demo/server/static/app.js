// dan + ven — the web page. Plain JavaScript, no build step, no third-party code.
// Every string that comes from a document or the server is put into the page with
// textContent or as a text node (never as HTML), so a document holding <script> or
// <img onerror> is text. Markdown is rendered by the small renderer below, which builds
// elements one by one from a fixed list of tags.
"use strict";

const state = {
  token: null, role: null, subject: null, collection: null, document: null, polling: null,
  jobStates: new Map(), documents: [],
};

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function say(message, kind = "info") {
  const s = $("status");
  s.textContent = message;
  s.dataset.kind = kind;
}

// "1 chunk", "2 chunks", "1,234 tokens"
function plural(n, one, many) {
  const count = Number(n) || 0;
  return `${count.toLocaleString("en")} ${count === 1 ? one : (many || one + "s")}`;
}

class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

async function api(method, path, body, isForm = false) {
  const headers = { Authorization: `Bearer ${state.token}` };
  let payload;
  if (body !== undefined) {
    if (isForm) payload = body;
    else {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch (err) {
    throw new ApiError(0, "The server could not be reached: check that it is still running, then try again.");
  }
  if (response.status === 204) return null;
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) refused(response.status, data);
  return data;
}

// A refused request: its problem+json detail as a sentence (401 also signs out).
function refused(status, data) {
  const detail = data && data.detail ? data.detail : `The server answered ${status}.`;
  if (status === 401) signOut("That token was not accepted: " + detail, "error");
  throw new ApiError(status, sentence(detail));
}

// POST a JSON body and read the answer as Server-Sent Events while it arrives:
// onEvent(name, data) for each event, in order, as soon as it is complete.
async function apiEvents(path, body, onEvent) {
  const headers = {
    Authorization: `Bearer ${state.token}`, "Content-Type": "application/json", Accept: "text/event-stream",
  };
  let response;
  try {
    response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "The server could not be reached: check that it is still running, then try again.");
  }
  const type = response.headers.get("content-type") || "";
  if (!response.ok || !type.includes("text/event-stream")) {
    refused(response.ok ? 502 : response.status, type.includes("json") ? await response.json() : null);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) onEvent(name, JSON.parse(data.join("\n")));
    }
  }
}

// A server message as a sentence: capital first letter, a full stop at the end.
function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(first) ? first : first + ".";
}

function guard(fn) {
  return async (...args) => {
    try {
      await fn(...args);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return; // signOut() has said why
      say(err instanceof ApiError ? err.message : "Something went wrong on this page; reload it and try again.", "error");
    }
  };
}

// ---------------------------------------------------------------- Markdown, safely

// dan's CriticMarkup: revisions and comments.
const CRITIC = /\{\+\+([\s\S]*?)\+\+\}|\{--([\s\S]*?)--\}|\{==([\s\S]*?)==\}|\{>>([\s\S]*?)<<\}/g;
// Inline Markdown: escapes, code, images, links, strong, emphasis, strike-through, <br>.
const INLINE = new RegExp([
  "\\\\([\\\\`*_{}\\[\\]()#+\\-.!|~<>])", // 1 escaped character
  "`([^`\\n]+)`", // 2 code
  "!\\[([^\\]\\n]*)\\]\\(([^)\\s]*)(?:\\s+\"[^\"\\n]*\")?\\)", // 3 alt, 4 image source
  "\\[((?:[^\\[\\]\\n]|\\[[^\\]\\n]*\\])+)\\]\\(([^)\\s]+)(?:\\s+\"[^\"\\n]*\")?\\)", // 5 link text, 6 target
  "\\*\\*(?=\\S)([\\s\\S]+?)\\*\\*", // 7 strong
  "__(?=\\S)([\\s\\S]+?)__", // 8 strong
  "\\*(?=[^\\s*])([^*\\n]+?)\\*", // 9 emphasis
  "(?<![\\w])_(?=[^\\s_])([^_\\n]+?)_(?![\\w])", // 10 emphasis
  "~~(?=\\S)([\\s\\S]+?)~~", // 11 strike-through
  "<br\\s*/?>", // a line break inside a table cell
  "\\[\\^([^\\]\\s]{1,20})\\](?::\\s)?", // 12 a footnote mark (or a footnote's own label)
].join("|"), "g");

function inlineInto(parent, text) {
  let last = 0;
  for (const m of text.matchAll(CRITIC)) {
    if (m.index > last) markdownInline(parent, text.slice(last, m.index));
    if (m[1] !== undefined) parent.append(markdownInline(el("ins"), m[1]));
    else if (m[2] !== undefined) parent.append(markdownInline(el("del"), m[2]));
    else if (m[3] !== undefined) parent.append(markdownInline(el("mark"), m[3]));
    else parent.append(el("span", { class: "remark", text: m[4] }));
    last = m.index + m[0].length;
  }
  if (last < text.length) markdownInline(parent, text.slice(last));
  return parent;
}

function markdownInline(parent, text) {
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) parent.append(document.createTextNode(text.slice(last, m.index)));
    if (m[1] !== undefined) parent.append(document.createTextNode(m[1]));
    else if (m[2] !== undefined) parent.append(el("code", { text: m[2] }));
    else if (m[4] !== undefined) parent.append(el("span", { class: "image", text: m[3] ? `Image: ${m[3]}` : "Image" }));
    else if (m[6] !== undefined) {
      const safe = /^https?:\/\//i.test(m[6]);
      const link = safe ? el("a", { href: m[6], rel: "noopener noreferrer nofollow", target: "_blank" }) : el("span");
      parent.append(markdownInline(link, m[5]));
    } else if (m[7] !== undefined || m[8] !== undefined) parent.append(inlineInto(el("strong"), m[7] ?? m[8]));
    else if (m[9] !== undefined || m[10] !== undefined) parent.append(inlineInto(el("em"), m[9] ?? m[10]));
    else if (m[11] !== undefined) parent.append(inlineInto(el("s"), m[11]));
    else if (m[12] !== undefined) parent.append(el("sup", { class: "footnote", text: m[12] }), m[0].endsWith(" ") ? " " : "");
    else parent.append(el("br"));
    last = m.index + m[0].length;
  }
  if (last < text.length) parent.append(document.createTextNode(text.slice(last)));
  return parent;
}

const HEADER_LINE = /^\[doc_title: [^\n]*\]$/;
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;

function cells(row) {
  const inner = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  const out = [];
  let cell = "";
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "\\" && inner[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (inner[i] === "|") {
      out.push(cell.trim());
      cell = "";
    } else cell += inner[i];
  }
  out.push(cell.trim());
  return out;
}

// dan writes a cell merged across columns once and "←" in each further column it covers:
// on the page that cell spans those columns again.
const SPANNED_CELL = "←";

function rowOf(tag, texts, attrs = {}) {
  const tr = el("tr");
  let last = null;
  for (const c of texts) {
    if (c === SPANNED_CELL && last) {
      last.colSpan += 1;
      continue;
    }
    // (a cell whose own text is the mark: dan writes it escaped)
    last = inlineInto(el(tag, attrs), c === "\\" + SPANNED_CELL ? SPANNED_CELL : c);
    tr.append(last);
  }
  return tr;
}

function startsBlock(line) {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || TABLE_ROW.test(line) || LIST_ITEM.test(line) || QUOTE.test(line);
}

// Markdown as elements: headings, paragraphs, pipe tables, lists, quotes, code, rules.
// dan's first line ("[doc_title: … | section_path: … | page_range: …]") is left out: the
// page shows the title, section and page beside the passage.
function renderMarkdown(text, { header = false } = {}) {
  const root = el("div", { class: "md" });
  const lines = String(text || "").replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  if (!header && lines.length && HEADER_LINE.test(lines[0].trim())) i = 1;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    if (FENCE.test(line)) {
      const close = line.trim().slice(0, 3);
      const body = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(close)) body.push(lines[i++]);
      i++;
      root.append(el("pre", { class: "code" }, el("code", { text: body.join("\n") })));
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      const level = Math.min(6, h[1].length + 2);
      root.append(inlineInto(el(`h${level}`, { class: "md-heading" }), h[2]));
      i++;
      continue;
    }
    if (RULE.test(line)) {
      root.append(el("hr"));
      i++;
      continue;
    }
    if (TABLE_ROW.test(line)) {
      const table = el("table", { class: "md-table" });
      let body = table;
      if (i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]) && lines[i + 1].includes("-")) {
        const head = el("thead");
        head.append(rowOf("th", cells(line), { scope: "col" }));
        table.append(head);
        i += 2;
      }
      body = el("tbody");
      table.append(body);
      while (i < lines.length && TABLE_ROW.test(lines[i])) {
        if (!TABLE_RULE.test(lines[i])) body.append(rowOf("td", cells(lines[i])));
        i++;
      }
      root.append(el("div", { class: "table-wrap" }, table));
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted = [];
      while (i < lines.length && QUOTE.test(lines[i])) quoted.push(QUOTE.exec(lines[i++])[1]);
      const inner = renderMarkdown(quoted.join("\n"), { header: true });
      root.append(el("blockquote", {}, ...inner.childNodes));
      continue;
    }
    if (LIST_ITEM.test(line)) {
      i = renderList(root, lines, i);
      continue;
    }
    const para = el("p");
    let first = true;
    while (i < lines.length && lines[i].trim() && (first || !startsBlock(lines[i]))) {
      if (!first) para.append(el("br"));
      inlineInto(para, lines[i].trim());
      first = false;
      i++;
    }
    root.append(para);
  }
  return root;
}

function renderList(root, lines, i) {
  const stack = []; // {indent, list}
  let lastItem = null;
  while (i < lines.length) {
    const line = lines[i];
    const m = LIST_ITEM.exec(line);
    if (!m) {
      if (!line.trim()) {
        const next = lines.slice(i + 1).find((l) => l.trim());
        if (next !== undefined && (LIST_ITEM.test(next) || /^\s{2,}\S/.test(next))) {
          i++;
          continue;
        }
        break;
      }
      if (lastItem && /^\s{2,}\S/.test(line)) {
        lastItem.append(el("br"));
        inlineInto(lastItem, line.trim());
        i++;
        continue;
      }
      break;
    }
    const indent = m[1].replace(/\t/g, "    ").length;
    const ordered = /\d/.test(m[2]);
    while (stack.length && stack[stack.length - 1].indent > indent) stack.pop();
    let top = stack[stack.length - 1];
    let parent = root;
    if (top && top.indent === indent && top.ordered !== ordered) {
      parent = stack.pop().parent; // "- a" then "1. b" at the same depth: a new list beside the old one
      top = null;
    } else if (top && top.indent < indent) parent = lastItem || top.list; // a nested list
    if (!top || top.indent < indent) {
      const list = el(ordered ? "ol" : "ul", { class: "md-list" });
      if (ordered && parseInt(m[2], 10) !== 1) list.setAttribute("start", String(parseInt(m[2], 10)));
      parent.append(list);
      stack.push({ indent, list, ordered, parent });
    }
    lastItem = inlineInto(el("li"), m[3]);
    stack[stack.length - 1].list.append(lastItem);
    i++;
  }
  return i;
}

// Words of a text for matching a quoted sentence against a rendered passage (an answer
// item says a mark in words, "(inserted by Ann Lee, 2025-02-11)": those words are not the passage's).
function words(text) {
  return String(text || "").toLowerCase()
    .replace(/\((?:inserted|deleted) by [^)]*\)|\((?:comment|reply) by [^:)]*:[^)]*\)/g, " ")
    .replace(/\{(\+\+|--|==|>>)|(\+\+|--|==|<<)\}/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

// Mark the blocks of a rendered passage that hold the quoted text; the one that ends it (the
// answer, when a list item is quoted after its lead-in), else the first of them.
function highlight(root, quote) {
  const wanted = words(quote);
  if (!wanted) return null;
  // compared without spaces: a revision's remark sits right after the word it follows
  const squeeze = (s) => s.replace(/ /g, "");
  const whole = squeeze(wanted);
  const probe = whole.slice(0, 60);
  // (an item quoted after its list's lead-in, "… halved where: (b) the plant …", starts with
  // the lead-in's words: its end finds the item, which is the answer to scroll to)
  const tail = whole.slice(-60);
  const bag = new Set(wanted.split(" "));
  // a table row quoted as "Heading: value · Heading: value" holds every word of the row
  const rowMatches = (block, have) => block.tagName === "TR" && !block.closest("thead") &&
    have.split(" ").length >= 2 && have.split(" ").every((w) => bag.has(w));
  let first = null;
  let answer = null;
  for (const block of root.querySelectorAll("p, li, tr, h3, h4, h5, h6, blockquote, pre")) {
    if (block.querySelector("p, li, tr")) continue; // the innermost blocks only
    const bare = block.cloneNode(true);
    bare.querySelectorAll(".remark").forEach((r) => r.remove()); // a quote says its marks in words
    // (a row's text is its cells' texts apart: textContent runs "Lisinopril" and "10 mg" together)
    const text = bare.tagName === "TR" ? Array.from(bare.children, (cell) => cell.textContent).join(" ") : bare.textContent;
    const have = words(text);
    const flat = squeeze(have);
    const ends = flat.includes(tail) || (flat.length > 12 && whole.endsWith(flat));
    // (a block whose opening the quote holds: the item after its lead-in, quoted in part)
    const opens = flat.length >= 20 && whole.includes(flat.slice(0, 40));
    if (flat && (flat.includes(probe) || ends || opens || (flat.length > 12 && whole.includes(flat)) || rowMatches(block, have))) {
      block.classList.add("hit");
      if (first && (ends || opens)) answer = block;
      first = first || block;
    }
  }
  return answer || first;
}

// ---------------------------------------------------------------- sign in

async function signIn(token) {
  state.token = token;
  const collections = await api("GET", "/api/collections");
  // The role before the page: a reader never sees write controls, not even for a moment.
  await learnRole();
  sessionStorage.setItem("danven-token", token);
  $("signin").hidden = true;
  $("app").hidden = false;
  $("signout").hidden = false;
  renderCollections(collections);
  say("Signed in.");
}

async function learnRole() {
  const me = await api("GET", "/api/whoami");
  state.role = me.role;
  state.subject = me.subject;
  document.body.dataset.role = me.role;
  const who = $("who");
  who.hidden = false;
  who.textContent = `${me.subject} (${me.role})`;
}

function signOut(message, kind = "info") {
  sessionStorage.removeItem("danven-token");
  state.token = null;
  state.collection = null;
  stopPolling();
  $("app").hidden = true;
  $("signin").hidden = false;
  $("signout").hidden = true;
  $("who").hidden = true;
  say(message || "Signed out.", kind);
}

// The upload hint and the file chooser from dan's own list of formats.
async function learnFormats() {
  try {
    const response = await fetch("/api/formats");
    if (!response.ok) return;
    const f = await response.json();
    $("formats").textContent = `${f.names} — several at once`;
    $("files").setAttribute("accept", f.extensions.join(","));
  } catch (err) {
    // the page keeps the list it was shipped with
  }
}

// ---------------------------------------------------------------- collections

function renderCollections(collections, select) {
  const box = $("collection");
  clear(box);
  if (!collections.length) {
    box.append(el("option", { value: "", text: "No collection yet — create one" }));
    state.collection = null;
  }
  for (const c of collections) box.append(el("option", { value: c.id, text: c.name }));
  const wanted = select || state.collection || (collections[0] && collections[0].id);
  if (wanted) {
    box.value = wanted;
    state.collection = wanted;
    refresh();
  }
}

async function refresh() {
  if (!state.collection) return;
  state.jobStates = new Map();
  await Promise.all([loadDocuments(), loadJobs()]);
}

const cpath = (rest) => `/api/knowledge/${encodeURIComponent(state.collection)}${rest}`;

// ---------------------------------------------------------------- documents and jobs

function warningList(warnings) {
  const list = el("ul", { class: "warnings" });
  for (const w of warnings) list.append(el("li", { text: sentence(w.message) }));
  return list;
}

async function loadDocuments() {
  const docs = await api("GET", cpath("/documents"));
  state.documents = docs;
  const list = $("documents");
  clear(list);
  if (!docs.length) list.append(el("li", { class: "empty", text: "No ready documents yet." }));
  for (const d of docs) {
    const open = el("button", { type: "button", class: "link", onclick: guard(() => browse(d)) }, d.title || d.file_name);
    const meta = el("span", { class: "meta", text: `${d.file_name} · ${plural(d.chunk_count, "chunk")} · ${plural(d.tokens, "token")}` });
    const remove = el("button", {
      type: "button",
      class: "quiet operator-only",
      "aria-label": `Delete ${d.file_name}`,
      onclick: guard(async () => {
        if (!confirm(`Delete ${d.file_name} and all its passages?`)) return;
        await api("DELETE", cpath(`/documents/${encodeURIComponent(d.document_id)}`));
        say(`Deleted ${d.file_name}.`);
        await loadDocuments();
      }),
    }, "Delete");
    const item = el("li", { "data-document": d.document_id }, open, meta, remove);
    if (d.warnings && d.warnings.length) {
      item.classList.add("has-warnings");
      item.append(el("details", { class: "warn" },
        el("summary", { text: `${plural(d.warnings.length, "warning")}: parts of the file may be missing` }),
        warningList(d.warnings)));
    }
    list.append(item);
  }
}

const STATE_WORDS = {
  queued: "waiting", converting: "reading the file", embedding: "indexing", ready: "ready",
  failed: "failed", cancelled: "cancelled", held: "waiting for your confirmation",
};

function jobLabel(j) {
  if (j.state === "ready" && j.warnings && j.warnings.length) return `ready, with ${plural(j.warnings.length, "warning")}`;
  return STATE_WORDS[j.state] || j.state;
}

// What the status line says when a job ends.
function jobOutcome(j) {
  if (j.state === "failed") return [`${j.file_name} failed: ${sentence(j.error)}`, "error"];
  if (j.state === "held") return [`${j.file_name} was not activated yet: ${sentence(j.note)}`, "error"];
  if (j.state === "ready" && j.warnings && j.warnings.length) {
    return [`${j.file_name} is ready, with ${plural(j.warnings.length, "warning")}: ${sentence(j.warnings[0].message)}`, "warning"];
  }
  if (j.state === "ready") return [`${j.file_name} is ready.`, "info"];
  return null;
}

function jobButton(label, action, j) {
  return el("button", {
    type: "button", class: "quiet operator-only",
    onclick: guard(async () => {
      await api("POST", cpath(`/jobs/${encodeURIComponent(j.id)}/${action}`));
      say(action === "confirm" ? `Replacing ${j.file_name} as confirmed.` : action === "retry" ? `Retrying ${j.file_name}.` : `Cancelled ${j.file_name}.`);
      await loadJobs();
    }),
  }, label);
}

async function loadJobs() {
  const jobs = await api("GET", cpath("/jobs"));
  const list = $("jobs");
  clear(list);
  let pending = false;
  const pendingStates = ["queued", "converting", "embedding"];
  for (const j of jobs) {
    const before = state.jobStates.get(j.id);
    if (before !== undefined && before !== j.state && pendingStates.includes(before)) {
      const outcome = jobOutcome(j);
      if (outcome) say(...outcome);
    }
    state.jobStates.set(j.id, j.state);
  }
  for (const j of jobs.slice(0, 12)) {
    if (pendingStates.includes(j.state)) pending = true;
    const warned = j.warnings && j.warnings.length;
    const bar = el("progress", { max: "100", value: String(j.progress), "aria-label": `${j.file_name} progress` });
    const item = el("li", { class: `job ${j.state}${warned ? " warned" : ""}`, "data-job": j.id },
      el("span", { class: "name", text: j.file_name }),
      el("span", { class: "state", text: jobLabel(j) }),
      bar);
    if (j.error) item.append(el("p", { class: "error", text: sentence(j.error) }));
    if (j.note) item.append(el("p", { class: "note", text: sentence(j.note) }));
    if (warned) item.append(warningList(j.warnings));
    if (j.state === "failed" && j.retryable) item.append(jobButton("Retry", "retry", j));
    if (j.state === "failed" && !j.retryable) {
      item.append(el("p", { class: "note", text: "A retry would fail the same way: fix the file and upload it again." }));
    }
    if (j.state === "held") {
      item.append(el("span", { class: "actions" }, jobButton("Replace anyway", "confirm", j), jobButton("Keep the current version", "cancel", j)));
    }
    list.append(item);
  }
  if (pending) startPolling();
  else {
    if (state.polling) loadDocuments().catch(() => {});
    stopPolling();
  }
}

function startPolling() {
  if (state.polling) return;
  state.polling = setInterval(guard(loadJobs), 800);
}

function stopPolling() {
  if (state.polling) clearInterval(state.polling);
  state.polling = null;
}

async function upload(files) {
  if (!state.collection) {
    say("Create a collection first.", "error");
    return;
  }
  for (const file of files) {
    const form = new FormData();
    form.append("file", file, file.name);
    try {
      const accepted = await api("POST", cpath("/documents"), form, true);
      if (!state.jobStates.has(accepted.job_id)) state.jobStates.set(accepted.job_id, "queued");
      say(`Queued ${file.name}.`);
    } catch (err) {
      say(`${file.name} was not uploaded: ${err.message}`, "error");
    }
  }
  await loadJobs();
}

// ---------------------------------------------------------------- passages

function pages(record) {
  if (!record.ssPage) return "";
  const range = record.ssPage === record.ssPageLast || !record.ssPageLast ? `${record.ssPage}` : `${record.ssPage}–${record.ssPageLast}`;
  return (range.includes("–") ? "pages " : "page ") + range + (record.ssPageKind === "estimated" ? " (estimated)" : "");
}

// Title, section and page of a passage, from its record (the locator as a fallback).
function whereOf(p) {
  const r = p.record || {};
  const parts = p.locator ? p.locator.split(" · ") : [];
  const title = r.ssTitle || parts[0] || p.file_name;
  const section = r.section_path || (parts.length > 2 ? parts.slice(1, -1).join(" · ") : "");
  return { title, section, page: pages(r) };
}

function facts(record) {
  const out = el("ul", { class: "facts", "aria-label": "Chunk facts" });
  const add = (label, value, kind) => out.append(el("li", { class: kind || "" }, el("strong", { text: label }), " ", value));
  const pg = pages(record);
  if (pg) add(pg.startsWith("pages") ? "pages" : "page", pg.replace(/^pages? /, "").replace(" (estimated)", " (est.)"));
  if (record.section_path) add("section", record.section_path);
  if (record.ssType && record.ssType !== "body") add("story", record.ssType);
  if (record.ssTables) add("tables", record.ssTables, "table");
  if (record.ssRevs) add(plural(record.ssRevs, "revision"), `by ${record.ssRevAuthors || "unknown"}`, "revision");
  if (record.ssComs) add(plural(record.ssComs, "comment"), `by ${record.ssComAuthors || "unknown"}`, "comment");
  add("tokens", String(record.ssTokens));
  return out;
}

function recordDetails(record) {
  const details = el("details", { class: "record" }, el("summary", { text: "All record fields" }));
  const table = el("table");
  for (const [key, value] of Object.entries(record)) {
    if (value === "" || value === 0) continue;
    table.append(el("tr", {}, el("th", { scope: "row", text: key }), el("td", { text: String(value) })));
  }
  details.append(table);
  return details;
}

function chunkCard(p) {
  return el("li", { class: "chunk", "data-passage": p.id, id: `chunk-${p.id}` },
    el("p", { class: "locator", text: p.locator }),
    facts(p.record),
    renderMarkdown(p.text),
    recordDetails(p.record));
}

async function browse(doc, focus) {
  state.document = doc.document_id;
  showTab("browse");
  $("browse-title").textContent = `${doc.title || doc.file_name} — ${plural(doc.chunk_count, "chunk")}`;
  const list = $("chunks");
  clear(list);
  const passages = await api("GET", cpath(`/documents/${encodeURIComponent(doc.document_id)}/passages?limit=1000`));
  for (const p of passages) list.append(chunkCard(p));
  if (focus) {
    const card = document.getElementById(`chunk-${focus.id}`);
    if (card) {
      card.classList.add("hit");
      if (focus.quote) highlight(card, focus.quote);
      card.scrollIntoView({ block: "start" });
    }
  }
}

// Open a passage in the dialog: its title, section and page, the passage rendered, and the
// quoted text (an answer item) highlighted and scrolled to.
async function openPassage(id, quote) {
  const p = await api("GET", cpath(`/passages/${encodeURIComponent(id)}`));
  const body = $("passage-body");
  clear(body);
  const where = whereOf(p);
  $("passage-title").textContent = where.title;
  const line = $("passage-where");
  clear(line);
  if (where.section) line.append(el("span", { class: "section" }, el("strong", { text: "Section " }), where.section));
  if (where.page) line.append(el("span", { class: "page", text: where.page }));
  line.append(el("span", { class: "file", text: p.file_name }));
  const rendered = renderMarkdown(p.text);
  const doc = state.documents.find((d) => d.document_id === p.document_id);
  body.append(facts(p.record), rendered);
  if (doc) {
    body.append(el("button", {
      type: "button", class: "quiet",
      onclick: guard(async () => {
        $("passage").close();
        await browse(doc, { id: p.id, quote });
      }),
    }, "Show in the document"));
  }
  body.append(recordDetails(p.record));
  const dialog = $("passage");
  if (!dialog.open) dialog.showModal();
  const hit = quote ? highlight(rendered, quote) : null;
  if (hit) hit.scrollIntoView({ block: "center" });
  else body.scrollTop = 0;
  $("passage-close").focus({ preventScroll: true });
}

function citeButton(label, passageId, quote) {
  return el("a", {
    href: `#passage-${passageId}`,
    class: "citation",
    "data-passage": passageId,
    onclick: (event) => {
      event.preventDefault();
      guard(openPassage)(passageId, quote);
    },
  }, label);
}

// ---------------------------------------------------------------- search

const MODE_WORDS = {
  keyword: "keyword search (the words of the query)",
  semantic: "meaning search (passages that say the same in other words)",
  hybrid: "keyword and meaning search combined",
  auto: "the best search available",
};

async function search(query, mode) {
  const list = $("results");
  clear(list);
  $("search-summary").textContent = "Searching…";
  const r = await api("POST", cpath("/search"), { query, mode, limit: 10 });
  $("search-summary").textContent = `${plural(r.passages.length, "passage")} by ${MODE_WORDS[r.mode] || r.mode}.` +
    (r.notice ? ` ${sentence(r.notice)}` : "");
  for (const p of r.passages) {
    const where = whereOf(p);
    const head = el("p", { class: "locator" }, citeButton(p.locator || p.file_name, p.id, ""));
    list.append(el("li", { class: "chunk result", "data-passage": p.id },
      head,
      el("p", { class: "meta", text: [p.file_name, where.page].filter(Boolean).join(" · ") }),
      renderMarkdown(p.text)));
  }
}

// ---------------------------------------------------------------- questions

const PATH_WORDS = {
  all: "The collection is small enough to read whole, so every document was given to the answer.",
  "whole-documents": "The question points to a few files, so those files were read whole.",
  index: "The question is about the collection itself, so the list of its documents answered it.",
  retrieval: "The collection was searched and the best passages were read, with the tables, revisions and comments that complete them.",
};

function howItWasAnswered(r) {
  const box = el("details", { class: "how" }, el("summary", { text: "How it was answered" }));
  const lines = el("ul", { class: "how-lines" });
  const add = (text) => lines.append(el("li", { text }));
  add(PATH_WORDS[r.route.path] || `Path: ${r.route.path}.`);
  if (r.route.path === "retrieval") add(`It used ${MODE_WORDS[r.mode] || r.mode}.`);
  const docs = r.route.documents || [];
  if (docs.length) {
    add(`The question points to ${docs.map((d) => `${d.file_name || d.document_id} (confidence ${d.confidence} of 100)`).join(", ")}.`);
    // (what those files left of the limit went to the best passages of the others: routed_fill)
    const routed = new Set(docs.map((d) => d.document_id));
    const others = new Set(r.citations.map((c) => c.document_id).filter((id) => !routed.has(id))).size;
    if (r.route.path === "whole-documents" && others) {
      add(`The room they left went to the best passages of ${plural(others, "other file")}.`);
    }
  } else if (r.route.kind === "NONE") add("No single file stood out, so the whole collection was searched.");
  else if (r.route.kind === "ALL") add("The question needs every file, so the whole collection was searched.");
  const t = r.tokens;
  add(`The answer drew on ${plural(t.context, "token")} of the documents` +
    (t.max_tokens ? `, within a limit of ${t.max_tokens.toLocaleString("en")}.` : "."));
  const cited = new Set(r.citations.map((c) => c.passage_id)).size;
  add(`${plural(cited, "passage")} of ${plural(new Set(r.citations.map((c) => c.document_id)).size, "document")} were read.`
    .replace(/^1 passage of 1 document were/, "1 passage of 1 document was"));
  box.append(lines);
  const tech = el("details", { class: "technical" }, el("summary", { text: "Technical details" }));
  const tokens = el("table", { class: "tokens" },
    el("tr", {}, el("th", { scope: "row", text: "context" }), el("td", { text: String(t.context) })),
    el("tr", {}, el("th", { scope: "row", text: "retrieval" }), el("td", { text: String(t.retrieval) })),
    el("tr", {}, el("th", { scope: "row", text: "enrichment" }), el("td", { text: String(t.enrichment) })),
    el("tr", {}, el("th", { scope: "row", text: "index (routing)" }), el("td", { text: String(t.index) })),
    el("tr", {}, el("th", { scope: "row", text: "cap" }), el("td", { text: t.max_tokens === null ? "none" : String(t.max_tokens) })));
  const route = el("dl", { class: "route" },
    el("dt", { text: "path" }), el("dd", { text: r.route.path }),
    el("dt", { text: "route" }), el("dd", { text: r.route.kind || "not used" }),
    el("dt", { text: "search" }), el("dd", { text: r.mode }));
  tech.append(route, tokens);
  for (const note of r.notes) tech.append(el("p", { class: "note", text: note }));
  if (r.context) {
    tech.append(el("details", { class: "context" }, el("summary", { text: "The context sent to the model" }),
      renderMarkdown(r.context, { header: true })));
  }
  box.append(tech);
  return box;
}

// A generated answer's [n]: a link that opens the answer's n-th passage (citation n).
function linkNumbers(root, citations) {
  const byNumber = new Map(citations.map((c) => [c.n, c]));
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const node of texts) {
    if (node.parentElement && node.parentElement.closest("a, code, pre")) continue;
    const text = node.nodeValue;
    const parts = [];
    let last = 0;
    for (const m of text.matchAll(/\[(\d{1,6})\]/g)) {
      const c = byNumber.get(Number(m[1]));
      if (!c) continue; // a number the context does not have stays text
      if (m.index > last) parts.push(text.slice(last, m.index));
      const link = citeButton(`[${c.n}]`, c.passage_id, "");
      link.classList.add("number");
      link.setAttribute("title", c.locator || c.file_name);
      link.setAttribute("aria-label", `Source ${c.n}: ${c.locator || c.file_name}`);
      parts.push(link);
      last = m.index + m[0].length;
    }
    if (!parts.length) continue;
    if (last < text.length) parts.push(text.slice(last));
    node.replaceWith(...parts);
  }
  return root;
}

function renderGenerated(node, text, citations) {
  clear(node);
  node.append(linkNumbers(renderMarkdown(text, { header: true }), citations));
}

// Ask over Server-Sent Events: a generated answer is shown as it is written, its sources
// first; an extracted answer arrives whole.
async function ask(question) {
  const box = $("answer");
  clear(box);
  box.append(el("p", { class: "hint", text: "Thinking…" }));
  let r = null;
  let text = "";
  let live = null;
  await apiEvents(cpath("/ask"), { question }, (name, data) => {
    if (name === "context") {
      r = data;
      if (r.answer_kind !== "generated") return;
      clear(box);
      live = el("div", { class: "generated", "aria-busy": "true" },
        el("p", { class: "hint", text: "Writing…" }));
      box.append(el("h3", { text: "Answer" }), live);
      showSources(box, r);
    } else if (name === "answer") {
      text += data.text;
      if (live) renderGenerated(live, text, r.citations);
    } else if (name === "error") {
      if (live) {
        live.setAttribute("aria-busy", "false");
        live.append(el("p", { class: "error", text: sentence(data.detail) }));
      }
      throw new ApiError(data.status || 502, sentence(data.detail));
    } else if (name === "done" && live) {
      renderGenerated(live, data.answer || text, r.citations);
      live.setAttribute("aria-busy", "false");
      live.dataset.done = "true";
    }
  });
  if (r === null) throw new ApiError(502, "The answer ended before it began; try again.");
  if (live && live.dataset.done !== "true") { // the connection closed before the model finished
    live.setAttribute("aria-busy", "false");
    live.append(el("p", { class: "error", text: "The answer stopped before it was finished; ask again." }));
  }
  if (r.answer_kind === "generated") return;
  r.answer = text || null;
  clear(box);
  if (r.answer_kind === "extracted") {
    const items = el("ul", { class: "extract" });
    for (const item of r.extract) {
      items.append(el("li", {}, inlineInto(el("span", { class: "extract-text" }), item.text), " ",
        el("cite", {}, citeButton(item.locator, item.passage_id, item.text))));
    }
    box.append(el("h3", { text: "Answer (extracted)" }),
      el("p", { class: "offline", text: "Offline: these sentences are quoted from the documents; no model wrote them. Open a source to read it in place." }),
      items);
  } else if (r.answer_kind === "not-found") {
    box.append(el("h3", { text: "Answer (extracted)" }),
      el("p", { class: "not-found", text: "Not found in the documents: nothing in them matches the question well enough. Try other words, or search." }));
  } else {
    box.append(el("p", { class: "offline", text: "Offline: no chat model is configured, so the passages found are listed below instead of a generated answer." }));
  }
  showSources(box, r);
}

// How it was answered, then the sources: one link per passage, numbered as a generated
// answer cites them ([n]); the same label twice is told apart as parts. An extracted answer
// lists the passages its items quote first; the rest of the context (and all of it when
// nothing was found) stays behind a toggle, so the list says where the answer came from.
function showSources(box, r) {
  box.append(howItWasAnswered(r));
  const generated = r.answer_kind === "generated";
  const quoted = new Set(r.answer_kind === "extracted" ? r.extract.map((item) => item.passage_id) : []);
  const own = el("ol", { class: generated ? "citations numbered" : "citations" });
  const rest = el("ol", { class: "citations" });
  const seen = new Set();
  const labels = new Map();
  for (const c of r.citations) {
    if (seen.has(c.passage_id)) continue;
    seen.add(c.passage_id);
    const label = c.locator || c.file_name;
    labels.set(label, (labels.get(label) || 0) + 1);
    const n = labels.get(label);
    const li = el("li", { value: c.n }, citeButton(n > 1 ? `${label} (part ${n})` : label, c.passage_id, ""));
    (generated || quoted.has(c.passage_id) ? own : rest).append(li);
  }
  if (generated) {
    box.append(el("h3", { text: `Sources (${own.children.length})` }), own);
    return;
  }
  if (own.children.length) box.append(el("h3", { text: `Sources of this answer (${own.children.length})` }), own);
  if (rest.children.length) {
    const what = own.children.length ? "Also in the context" : "Passages read";
    box.append(el("details", { class: "more-sources" },
      el("summary", { text: `${what} (${plural(rest.children.length, "passage")})` }), rest));
  }
}

// ---------------------------------------------------------------- tabs and wiring

function showTab(name) {
  for (const tab of ["ask", "search", "browse"]) {
    const on = tab === name;
    $(`tab-${tab}`).setAttribute("aria-selected", String(on));
    $(`panel-${tab}`).hidden = !on;
  }
}

function wire() {
  learnFormats();
  $("signin-form").addEventListener("submit", guard(async (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    $("token").value = "";
    await signIn(token);
  }));
  $("signout").addEventListener("click", () => signOut());
  $("collection").addEventListener("change", guard(async (event) => {
    state.collection = event.target.value || null;
    clear($("chunks"));
    clear($("answer"));
    clear($("results"));
    await refresh();
  }));
  $("new-collection").addEventListener("submit", guard(async (event) => {
    event.preventDefault();
    const name = $("new-name").value.trim();
    const made = await api("POST", "/api/collections", { name });
    $("new-name").value = "";
    renderCollections(await api("GET", "/api/collections"), made.id);
    say(`Created ${made.name}.`);
  }));
  const drop = $("drop");
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", guard(async (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    await upload([...event.dataTransfer.files]);
  }));
  drop.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      $("files").click();
    }
  });
  $("files").addEventListener("change", guard(async (event) => {
    await upload([...event.target.files]);
    event.target.value = "";
  }));
  $("ask-form").addEventListener("submit", guard(async (event) => {
    event.preventDefault();
    if (!state.collection) {
      say("Choose or create a collection first.", "error");
      return;
    }
    await ask($("question").value.trim());
  }));
  $("search-form").addEventListener("submit", guard(async (event) => {
    event.preventDefault();
    if (!state.collection) {
      say("Choose or create a collection first.", "error");
      return;
    }
    await search($("search-query").value.trim(), $("search-mode").value);
  }));
  $("tab-ask").addEventListener("click", () => showTab("ask"));
  $("tab-search").addEventListener("click", () => showTab("search"));
  $("tab-browse").addEventListener("click", () => showTab("browse"));
  $("passage-close").addEventListener("click", () => $("passage").close());
  const saved = sessionStorage.getItem("danven-token");
  if (saved) guard(signIn)(saved);
}

document.addEventListener("DOMContentLoaded", wire);

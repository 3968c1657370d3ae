// dan + ven — the web page. Plain JavaScript, no build step, no third-party code.
// Every string that comes from a document or the server is put into the page with
// textContent (never as HTML), so a document holding <script> or <img onerror> is text.
"use strict";

const state = { token: null, role: null, subject: null, collection: null, document: null, polling: null };

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
  const response = await fetch(path, { method, headers, body: payload });
  if (response.status === 204) return null;
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const detail = data && data.detail ? data.detail : `HTTP ${response.status}`;
    if (response.status === 401) signOut("That token was not accepted: " + detail, "error");
    throw new ApiError(response.status, detail);
  }
  return data;
}

function guard(fn) {
  return async (...args) => {
    try {
      await fn(...args);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return; // signOut() has said why
      say(err instanceof ApiError ? err.message : `Something went wrong: ${err.message}`, "error");
    }
  };
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
  await Promise.all([loadDocuments(), loadJobs()]);
}

// ---------------------------------------------------------------- documents and jobs

async function loadDocuments() {
  const docs = await api("GET", `/api/knowledge/${encodeURIComponent(state.collection)}/documents`);
  const list = $("documents");
  clear(list);
  if (!docs.length) list.append(el("li", { class: "empty", text: "No ready documents yet." }));
  for (const d of docs) {
    const open = el("button", { type: "button", class: "link", onclick: guard(() => browse(d)) }, d.title || d.file_name);
    const meta = el("span", { class: "meta", text: `${d.file_name} · ${d.chunk_count} chunks · ${d.tokens} tokens` });
    const remove = el("button", {
      type: "button",
      class: "quiet operator-only",
      "aria-label": `Delete ${d.file_name}`,
      onclick: guard(async () => {
        if (!confirm(`Delete ${d.file_name} and all its passages?`)) return;
        await api("DELETE", `/api/knowledge/${encodeURIComponent(state.collection)}/documents/${encodeURIComponent(d.document_id)}`);
        say(`Deleted ${d.file_name}.`);
        await loadDocuments();
      }),
    }, "Delete");
    list.append(el("li", { "data-document": d.document_id }, open, meta, remove));
  }
}

async function loadJobs() {
  const jobs = await api("GET", `/api/knowledge/${encodeURIComponent(state.collection)}/jobs`);
  const list = $("jobs");
  clear(list);
  let pending = false;
  for (const j of jobs.slice(0, 12)) {
    if (["queued", "converting", "embedding"].includes(j.state)) pending = true;
    const bar = el("progress", { max: "100", value: String(j.progress), "aria-label": `${j.file_name} progress` });
    const item = el("li", { class: `job ${j.state}`, "data-job": j.id },
      el("span", { class: "name", text: j.file_name }),
      el("span", { class: "state", text: j.state }),
      bar);
    if (j.error) item.append(el("p", { class: "error", text: j.error }));
    if (j.note) item.append(el("p", { class: "note", text: j.note }));
    if (j.state === "failed") {
      item.append(el("button", {
        type: "button", class: "quiet operator-only",
        onclick: guard(async () => {
          await api("POST", `/api/knowledge/${encodeURIComponent(state.collection)}/jobs/${encodeURIComponent(j.id)}/retry`);
          await loadJobs();
        }),
      }, "Retry"));
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
      await api("POST", `/api/knowledge/${encodeURIComponent(state.collection)}/documents`, form, true);
      say(`Queued ${file.name}.`);
    } catch (err) {
      say(`${file.name}: ${err.message}`, "error");
    }
  }
  await loadJobs();
}

// ---------------------------------------------------------------- chunks

const MARKUP = /\{\+\+([\s\S]*?)\+\+\}|\{--([\s\S]*?)--\}|\{==([\s\S]*?)==\}|\{>>([\s\S]*?)<<\}/g;

function markup(text, tag = "pre", cls = "chunk-text") {
  // CriticMarkup (dan's revisions and comments) as <ins>, <del>, <mark> and notes — built
  // from text nodes only.
  const out = el(tag, { class: cls });
  let last = 0;
  for (const m of text.matchAll(MARKUP)) {
    if (m.index > last) out.append(document.createTextNode(text.slice(last, m.index)));
    if (m[1] !== undefined) out.append(el("ins", { text: m[1] }));
    else if (m[2] !== undefined) out.append(el("del", { text: m[2] }));
    else if (m[3] !== undefined) out.append(el("mark", { text: m[3] }));
    else out.append(el("span", { class: "remark", text: m[4] }));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.append(document.createTextNode(text.slice(last)));
  return out;
}

function facts(record) {
  const out = el("ul", { class: "facts", "aria-label": "Chunk facts" });
  const add = (label, value, kind) => out.append(el("li", { class: kind || "" }, el("strong", { text: label }), " ", value));
  const pages = record.ssPage === record.ssPageLast ? `${record.ssPage}` : `${record.ssPage}–${record.ssPageLast}`;
  add("page", pages + (record.ssPageKind === "estimated" ? " (est.)" : ""));
  if (record.section_path) add("section", record.section_path);
  if (record.ssType && record.ssType !== "body") add("story", record.ssType);
  if (record.ssTables) add("tables", record.ssTables, "table");
  if (record.ssRevs) add(`${record.ssRevs} revision${record.ssRevs === 1 ? "" : "s"}`, `by ${record.ssRevAuthors || "unknown"}`, "revision");
  if (record.ssComs) add(`${record.ssComs} comment${record.ssComs === 1 ? "" : "s"}`, `by ${record.ssComAuthors || "unknown"}`, "comment");
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
  return el("li", { class: "chunk", "data-passage": p.id },
    el("p", { class: "locator", text: p.locator }),
    facts(p.record),
    markup(p.text),
    recordDetails(p.record));
}

async function browse(doc) {
  state.document = doc.document_id;
  showTab("browse");
  $("browse-title").textContent = `${doc.title || doc.file_name} — ${doc.chunk_count} chunks`;
  const list = $("chunks");
  clear(list);
  const passages = await api("GET",
    `/api/knowledge/${encodeURIComponent(state.collection)}/documents/${encodeURIComponent(doc.document_id)}/passages?limit=1000`);
  for (const p of passages) list.append(chunkCard(p));
}

// ---------------------------------------------------------------- questions

async function ask(question) {
  const box = $("answer");
  clear(box);
  box.append(el("p", { class: "hint", text: "Thinking…" }));
  const r = await api("POST", `/api/knowledge/${encodeURIComponent(state.collection)}/ask`, { question });
  clear(box);
  if (r.answer_kind === "generated") {
    box.append(el("h3", { text: "Answer" }), el("p", { class: "answer-text", text: r.answer }));
  } else if (r.answer_kind === "extracted") {
    const items = el("ul", { class: "extract" });
    for (const item of r.extract) {
      items.append(el("li", {}, markup(item.text, "span", "extract-text"), " ",
        el("cite", { text: item.locator })));
    }
    box.append(el("h3", { text: "Answer (extracted)" }),
      el("p", { class: "offline", text: "Offline: these sentences are quoted from the documents; no model wrote them." }),
      items);
  } else if (r.answer_kind === "not-found") {
    box.append(el("h3", { text: "Answer (extracted)" }),
      el("p", { class: "not-found", text: "Not found in the documents: nothing in the context matches the question well enough." }));
  } else {
    box.append(el("p", { class: "offline", text: "Offline: no chat model is configured, so the assembled context and its citations are shown instead of a generated answer." }));
  }
  const route = el("dl", { class: "route" },
    el("dt", { text: "path" }), el("dd", { text: r.route.path }),
    el("dt", { text: "route" }), el("dd", { text: r.route.kind || "not used" }),
    el("dt", { text: "search" }), el("dd", { text: r.mode }));
  if (r.route.documents.length) {
    const files = el("ul");
    for (const d of r.route.documents) files.append(el("li", { text: `${d.file_name || d.document_id}: confidence ${d.confidence}` }));
    route.append(el("dt", { text: "routed files" }), el("dd", {}, files));
  }
  box.append(el("h3", { text: "How it was answered" }), route);
  const t = r.tokens;
  const tokens = el("table", { class: "tokens" },
    el("tr", {}, el("th", { scope: "row", text: "context" }), el("td", { text: String(t.context) })),
    el("tr", {}, el("th", { scope: "row", text: "retrieval" }), el("td", { text: String(t.retrieval) })),
    el("tr", {}, el("th", { scope: "row", text: "enrichment" }), el("td", { text: String(t.enrichment) })),
    el("tr", {}, el("th", { scope: "row", text: "index (routing)" }), el("td", { text: String(t.index) })),
    el("tr", {}, el("th", { scope: "row", text: "cap" }), el("td", { text: t.max_tokens === null ? "none" : String(t.max_tokens) })));
  box.append(el("h3", { text: "Tokens" }), tokens);
  for (const note of r.notes) box.append(el("p", { class: "note", text: note }));
  const cites = el("ol", { class: "citations" });
  const seen = new Set();
  for (const c of r.citations) {
    if (seen.has(c.passage_id)) continue;
    seen.add(c.passage_id);
    cites.append(el("li", {}, el("a", {
      href: `#passage-${c.passage_id}`,
      class: "citation",
      "data-passage": c.passage_id,
      onclick: (event) => {
        event.preventDefault();
        guard(openPassage)(c.passage_id);
      },
    }, c.locator || c.file_name)));
  }
  box.append(el("h3", { text: `Citations (${seen.size})` }), cites);
  if (r.context) {
    box.append(el("details", { class: "context" }, el("summary", { text: "The context sent to the model" }), markup(r.context)));
  }
}

async function openPassage(id) {
  const p = await api("GET", `/api/knowledge/${encodeURIComponent(state.collection)}/passages/${encodeURIComponent(id)}`);
  const body = $("passage-body");
  clear(body);
  $("passage-title").textContent = p.locator || p.file_name;
  body.append(el("p", { class: "meta", text: `${p.file_name} · passage ${p.id}` }), facts(p.record), markup(p.text), recordDetails(p.record));
  const dialog = $("passage");
  if (!dialog.open) dialog.showModal();
  $("passage-close").focus();
}

// ---------------------------------------------------------------- tabs and wiring

function showTab(name) {
  for (const tab of ["ask", "browse"]) {
    const on = tab === name;
    $(`tab-${tab}`).setAttribute("aria-selected", String(on));
    $(`panel-${tab}`).hidden = !on;
  }
}

function wire() {
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
  $("tab-ask").addEventListener("click", () => showTab("ask"));
  $("tab-browse").addEventListener("click", () => showTab("browse"));
  $("passage-close").addEventListener("click", () => $("passage").close());
  const saved = sessionStorage.getItem("danven-token");
  if (saved) guard(signIn)(saved);
}

document.addEventListener("DOMContentLoaded", wire);

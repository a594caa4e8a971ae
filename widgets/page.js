// The player of an exported study page (explorer/publish.py): chapters, stepping, variations, marks and
// exercises, with no kernel, no server and no network. It draws boards with the explorer's own board modules and
// judges nothing itself: every verdict was worked out in Python and is looked up here.

const DATA = JSON.parse(document.getElementById("rx-study-data").textContent);
const cache = new Map();
function unpack(v) {  // the inverse of publish.pack: {"$": i} is pool entry i
  if (Array.isArray(v)) return v.map(unpack);
  if (v && typeof v === "object") {
    if (Object.keys(v).length === 1 && typeof v.$ === "number") {
      if (!cache.has(v.$)) cache.set(v.$, unpack(DATA.pool[v.$]));
      return cache.get(v.$);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unpack(x)]));
  }
  return v;
}

const page = { chapter: 0, node: 0, solved: new Set(), feedback: new Map() };  // feedback: exercise key -> verdict
const root = document.getElementById("rx-study");
const chapterNav = h("nav", { class: "rx-page-chapters", "aria-label": "chapters" });
const intro = h("div", { class: "rx-page-intro" });
const counter = h("span", { class: "rx-counter", "aria-live": "polite" });
const viewerText = h("span", { class: "rx-page-viewer" });
const glyph = h("span", { class: "rx-glyph-badge", hidden: true });
const plyText = h("span", { class: "rx-ply" });
const board = h("div", { class: "rx-board", tabindex: "0", role: "group", "aria-label": "board" });  // it may scroll
const commentBox = h("div", { class: "rx-page-comment", "aria-live": "polite" });
const moves = h("div", { class: "rx-actions rx-page-moves" });
const children = h("div", { class: "rx-children" });
const line = h("ol", { class: "rx-log rx-page-line", tabindex: "0", "aria-label": "the line" });  // it may scroll itself
const ruleNote = h("div", { class: "rx-rule-note", hidden: true, role: "status" });  // a clicked rule id, in words
function showRule(id) {
  const note = (DATA.rules || {})[id];
  ruleNote.hidden = !note;
  ruleNote.replaceChildren(h("b", { text: id }), `: ${note || ""}`);
}
const words = (text) => ruled(text, DATA.rules, showRule);
const lessonPanel = makeLessonPanel((msg) => answer(msg), words);
const btn = (cls, text, tip, fn) => h("button", { class: `rx-btn ${cls}`, title: tip, text, onclick: fn });
const nav = {
  start: btn("rx-start", "|◀", "to the start (Home)", () => go(chapter().root)),
  back: btn("rx-back", "◀", "one move back (←)", () => { const n = here(); if (n.parent !== null) go(n.parent); }),
  forward: btn("rx-forward", "▶", "one move forward on the main line (→)", () => step()),
  end: btn("rx-end", "▶|", "to the end of the line (End)", () => { while (step()); }),
  note: btn("rx-next-note", "next note ▶▶", "forward on the main line to the next comment, mark or exercise (N)", () => {
    while (step() && !noted(here()));
  }),
};
const noted = (n) => !!(n.comment || n.marks || n.exercise);

function chapter() {
  const c = DATA.chapters[page.chapter];
  if (!c.byId) { c.byId = new Map(c.nodes.map((n) => [n.id, n])); c.root = c.nodes.find((n) => n.parent === null).id; }
  return c;
}
const here = () => chapter().byId.get(page.node);
const key = (id) => `${page.chapter}:${id}`;
const blocked = (n) => n.exercise && !page.solved.has(key(n.id));

function go(id) { page.node = id; draw(); }
function step() {
  const n = here();
  if (!n.children.length || blocked(n)) return false;
  go(n.children[0]);
  return true;
}

function answer(msg) {
  const n = here(), ex = n.exercise;
  if (!ex) return;
  const k = key(n.id);
  if (msg.show) {
    page.solved.add(k);
    page.feedback.set(k, { node: n.id, result: "shown", message: ex.answer });
    const right = ex.kind === "move" ? ex.moves.find((m) => m.result === "right" && m.child !== null) : null;
    if (right) page.node = right.child;  // giving up plays the answer, as the explorer does
  } else if (msg.type === "answer" && ex.kind === "question") {
    const v = ex.verdicts[msg.choice];
    if (!v) return;
    page.feedback.set(k, { node: n.id, ...v });
    if (v.result === "right") page.solved.add(k);
  } else if (msg.text !== undefined) {
    const m = ex.moves.find((x) => x.text === msg.text.trim());
    if (!m) {
      page.feedback.set(k, { node: n.id, result: "illegal",
        message: `${msg.text.trim()} is not one of the legal moves here: pick one from the list.` });
    } else {
      page.feedback.set(k, { node: n.id, result: m.result, message: m.message, answer: m.text });
      if (m.result === "right") {  // the lesson goes on along its main line when that is an answer too
        page.solved.add(k);
        const main = ex.moves.find((x) => x.result === "right" && x.child !== null && x.child === n.children[0]);
        const to = main ? main.child : m.child;
        if (to !== null && to !== undefined) page.node = to;
      }
    }
  }
  draw();
}

// the verdict shown at `n`: its own exercise's; or, right after a solved find-the-move, that one's (its
// explanation), unless `n` asks something of its own
function verdict(n) {
  if (n.exercise) return page.feedback.get(key(n.id));
  const up = n.parent === null ? null : chapter().byId.get(n.parent);
  const fb = up?.exercise?.kind === "move" ? page.feedback.get(key(up.id)) : null;
  const answers = fb && (fb.result === "right" || fb.result === "shown") ? up.exercise.moves.filter((m) => m.result === "right") : [];
  return answers.some((m) => m.child === n.id) ? fb : undefined;
}

function lesson(n) {
  const out = { marks: n.marks || {}, palette: DATA.palette };
  if (n.exercise) out.exercise = { ...n.exercise, node: n.id, solved: page.solved.has(key(n.id)) };
  const fb = verdict(n);
  if (fb) out.feedback = fb;
  return out;
}

function pathTo(c, id) {
  const out = [];
  for (let n = c.byId.get(id); n; n = n.parent === null ? null : c.byId.get(n.parent)) out.push(n);
  return out.reverse();
}

function draw() {
  const c = chapter(), n = here();
  document.title = `${DATA.title}: ${c.title}`;
  viewerText.textContent = `seen as: ${c.viewer_label}`;
  for (const b of chapterNav.querySelectorAll("button")) b.classList.toggle("rx-on", Number(b.dataset.chapter) === page.chapter);
  patch(intro, [page.chapter], () => [h("h2", { text: `${page.chapter + 1}. ${c.title}` }),
    c.intro ? h("p", { text: c.intro }) : null]);
  const view = unpack(DATA.views[n.view]);
  const b = BOARDS[c.game];
  const ctx = { send: () => {}, seat: DATA.viewer, meta: {} };
  try {
    board.replaceChildren(b ? b.draw(view, ctx) : h("pre", { text: JSON.stringify(view, null, 1) }));
  } catch (err) {
    console.error("study page: drawing failed", err);
    board.replaceChildren(h("pre", { text: JSON.stringify(view, null, 1) }));
  }
  const ls = lesson(n);
  requestAnimationFrame(() => drawMarks(board, ls.marks, DATA.palette));
  drawMarks(board, ls.marks, DATA.palette);
  lessonPanel.update(ls);
  drawGlyph(glyph, ls.marks.glyph, DATA.glyphs);
  counter.textContent = n.counter || "";
  plyText.textContent = `ply ${n.ply}`;
  commentBox.textContent = n.comment || "";
  commentBox.hidden = !n.comment;
  const stop = blocked(n);
  nav.start.disabled = nav.back.disabled = n.parent === null;
  nav.forward.disabled = nav.end.disabled = nav.note.disabled = !n.children.length || stop;
  // the moves of an unsolved find-the-move exercise, as buttons (their verdicts were worked out in Python)
  const ex = n.exercise;
  moves.replaceChildren(...(ex && ex.kind === "move" && !page.solved.has(key(n.id)) ? ex.moves.map((m) =>
    h("button", { class: "rx-btn rx-action", "data-text": m.text, title: m.label, onclick: () => answer({ text: m.text }) },
      h("code", { class: "rx-action-text", text: m.text }),
      m.label && m.label !== m.text ? h("span", { class: "rx-action-label" }, ruled(m.label, DATA.rules)) : null)) : []));
  moves.hidden = !moves.childElementCount;
  // the line from the start to here, then the main line on (not past an unsolved exercise)
  const shown = pathTo(c, n.id);
  for (let x = n; x.children.length && !blocked(x);) { x = c.byId.get(x.children[0]); shown.push(x); }
  line.replaceChildren(...shown.filter((x) => x.parent !== null).map((x) => h("li", {
    class: "rx-log-entry" + (x.id === n.id ? " rx-current" : "") + (x.ply > n.ply ? " rx-future" : ""),
    value: x.ply, "data-id": x.id, title: x.text, onclick: () => go(x.id) },
  h("span", { class: "rx-log-text" }, words(x.label || x.text)),
  x.marks?.glyph ? h("b", { class: "rx-log-glyph", text: ` ${x.marks.glyph}` }) : null,
  x.comment ? h("span", { class: "rx-log-note", title: "a comment: step here to read it", text: " ✎" }) : null)));
  line.querySelector(".rx-current")?.scrollIntoView({ block: "nearest" });
  const kids = stop ? [] : n.children.map((id) => c.byId.get(id));
  children.replaceChildren(...(kids.length > 1 ? [h("span", { class: "rx-label", text: "moves from here: " }),
    ...kids.map((k, i) => h("button", { class: "rx-btn rx-branch" + (i ? "" : " rx-main"), "data-id": k.id,
      text: `${i + 1}: ${k.text}${k.marks?.glyph || ""}`, title: k.label || k.text, onclick: () => go(k.id) }))] : []));
  root.dataset.node = n.id;
  root.dataset.chapter = page.chapter;
  try { history.replaceState(null, "", `#c${page.chapter + 1}-n${n.id}`); } catch (e) { /* a sandboxed frame */ }
}

root.replaceChildren(h("div", { class: "rx-root rx-page-root", tabindex: "0" },
  h("header", { class: "rx-header" }, h("h1", { class: "rx-title", text: DATA.title }),
    viewerText),
  DATA.intro ? h("p", { class: "rx-page-study-intro", text: DATA.intro }) : null,
  chapterNav, intro, h("div", { class: "rx-header" }, counter, glyph), board, commentBox, lessonPanel.box, ruleNote, moves,
  h("div", { class: "rx-controls" }, Object.values(nav), plyText), children,
  h("div", { class: "rx-log-box", tabindex: "0", role: "group", "aria-label": "moves" },
    h("div", { class: "rx-panel-title", text: "Moves" }), line)));
chapterNav.replaceChildren(...DATA.chapters.map((c, i) => h("button", { class: "rx-btn rx-page-chapter", "data-chapter": i,
  text: `${i + 1}. ${c.title}`, onclick: () => { page.chapter = i; page.node = chapter().root; draw(); } })));
root.addEventListener("keydown", (e) => {
  if (e.target.closest("input, select, textarea")) return;
  const keys = { ArrowLeft: nav.back, ArrowRight: nav.forward, Home: nav.start, End: nav.end, n: nav.note, N: nav.note };
  if (keys[e.key] && !keys[e.key].disabled) { e.preventDefault(); keys[e.key].click(); }
});
page.node = chapter().root;
// a link to a position: #c2-n14 (chapter 2, node 14); nodes past an unsolved exercise are not opened this way
const link = /^#c(\d+)-n(\d+)$/.exec(location.hash);
if (link && DATA.chapters[link[1] - 1]) {
  page.chapter = link[1] - 1;
  const c = chapter(), want = c.byId.get(Number(link[2]));
  page.node = c.root;
  if (want && !pathTo(c, want.id).slice(0, -1).some(blocked)) page.node = want.id;
}
draw();
window.rxStudyReady = true;  // tests wait on this

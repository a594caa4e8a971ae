// The explorer shell, the same for every game: board (from widgets/boards/<game>.js), controls, legal moves, log,
// variation tree and compare panel. It draws the synced traits and turns clicks into intents ({type: ...}).
// All game logic and every decision about hidden information stay in Python (explorer/widgets.py).
// Updates happen in place: each section is rebuilt only when its own data changed (`patch`), and the
// current-move highlight is a class toggle, so stepping never rebuilds the whole widget.

function jsonTree(value, key) {
  const label = key === undefined ? "" : `${key}: `;
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    const brief = Array.isArray(value) ? `[${value.length}]` : `{${entries.length}}`;
    return h("details", { class: "rx-json-node", open: true },
      h("summary", { text: label + brief }), entries.map(([k, v]) => jsonTree(v, k)));
  }
  return h("div", { class: "rx-json-leaf", text: label + JSON.stringify(value) });
}

const SPEEDS = [0.5, 1, 2, 4, 8];  // moves per second for play

function render({ model, el }) {
  let desk = null;  // the writer's desk (writer.js): while it picks answers, a move clicked is kept, not played
  const send = (msg) => { if (!desk?.take(msg)) model.send(msg); };
  const ctx = { send, seat: model.get("seat"), meta: {} };
  const btn = (cls, text, tip, msg) => h("button", { class: `rx-btn ${cls}`, title: tip, text,
    onclick: () => send(typeof msg === "function" ? msg() : msg) });

  // -- skeleton, built once
  const root = h("div", { class: "rx-root", tabindex: "0" });
  const title = h("span", { class: "rx-title" });
  const counter = h("span", { class: "rx-counter", "aria-live": "polite" });
  const glyph = h("span", { class: "rx-glyph-badge", hidden: true });
  const board = h("div", { class: "rx-board", tabindex: "0", role: "group", "aria-label": "board" });  // scrolls
  const seatSel = h("select", { class: "rx-seat", title: "view the game as",
    onchange: () => send({ type: "seat", seat: seatSel.value === "everything" ? null : Number(seatSel.value) }) });
  const nav = {
    start: btn("rx-start", "|◀", "to the start (Home)", { type: "start" }),
    back: btn("rx-back", "◀", "one move back (←)", { type: "back" }),
    forward: btn("rx-forward", "▶", "one move forward on the main line (→)", { type: "forward" }),
    end: btn("rx-end", "▶|", "to the end of the line (End)", { type: "end" }),
  };
  const playBtn = h("button", { class: "rx-btn rx-playpause", title: "step forward automatically", text: "▷ play" });
  const speedSel = h("select", { class: "rx-speed", title: "moves per second" },
    SPEEDS.map((v) => h("option", { value: v, text: `${v}/s`, selected: v === 2 })));
  const resetBtn = h("button", { class: "rx-btn rx-reset", title: "stop and go back to the start", text: "reset" });
  const ply = h("span", { class: "rx-ply" });
  const filter = h("input", { class: "rx-filter", type: "search", placeholder: "filter moves",
    spellcheck: "false", oninput: () => drawLegal(true) });
  const actions = h("div", { class: "rx-actions" });
  const botSel = h("select", { class: "rx-bot-kind", title: "which bot" });
  const input = h("input", { class: "rx-input", type: "text", placeholder: "action in notation",
    spellcheck: "false", onkeydown: (e) => { if (e.key === "Enter") playText(); } });
  const playText = () => { if (input.value.trim()) send({ type: "act", text: input.value.trim() }); };
  const tools = {
    play: h("button", { class: "rx-btn rx-play", text: "Play", onclick: playText }),
    random: btn("rx-random", "Random move", "play one random legal move", { type: "random" }),
    playout: btn("rx-playout", "Play out", "random moves to the end of the game", { type: "playout" }),
    bot: h("button", { class: "rx-btn rx-bot", text: "Bot move", title: "let the chosen bot play for the seat to act",
      onclick: () => send({ type: "bot", bot: botSel.value }) }),
    analyse: h("button", { class: "rx-btn rx-analyse", text: "Analyse", title: "what would the bot play here, and why",
      onclick: () => send({ type: "analyse", bot: botSel.value }) }),
  };
  const analysisBox = h("div", { class: "rx-analysis" });
  // the eval bar (one bar per seat, beside the board) and the review (progress, cancel, chart, marked moves)
  const evalBar = h("div", { class: "rx-evalbar", role: "group", "aria-label": "evaluation: each seat's chance to win", hidden: true });
  const evalToggle = h("input", { type: "checkbox", class: "rx-eval-toggle",
    onchange: () => send({ type: "evaluate", on: evalToggle.checked }) });
  const reviewBtn = btn("rx-review", "Review", "evaluate every move of the main line and mark the mistakes", { type: "review" });
  const reviewBox = h("div", { class: "rx-review-box", "aria-live": "polite" });
  const error = h("div", { class: "rx-error", role: "alert" });
  const log = h("ol", { class: "rx-log", tabindex: "0", "aria-label": "moves so far" });  // it may scroll itself
  const tree = h("div", { class: "rx-tree" });
  const comment = h("input", { class: "rx-comment", type: "text", placeholder: "comment on this move",
    onkeydown: (e) => { if (e.key === "Enter") send({ type: "comment", text: comment.value }); } });
  const nodeTools = {
    promote: btn("rx-promote", "Promote", "make the line to this move the main line", { type: "promote" }),
    del: btn("rx-delete", "Delete", "delete this move and everything after it", { type: "delete" }),
    comment: h("button", { class: "rx-btn rx-comment-save", text: "Comment", title: "save the comment",
      onclick: () => send({ type: "comment", text: comment.value }) }),
    mark: btn("rx-mark", "Mark", "remember this node to compare another with it", { type: "mark" }),
    compare: btn("rx-compare", "Compare", "what changed from the marked node to this one", { type: "compare" }),
    edit: btn("rx-edit-start", "Edit", "edit this position on the board (a new line starts from it)", { type: "edit" }),
    exercise: btn("rx-exercise-toggle", "Exercise", "make this position a find-the-move: the main line's next move is the answer (again: no longer)", { type: "exercise" }),
    annotate: h("button", { class: "rx-btn rx-annotate-start", text: "Annotate", title: "draw arrows and highlights, add a glyph",
      onclick: () => { nodeTools.annotate.classList.toggle("rx-on", annotator.toggle()); keyboardBoard(annotator.isOn()); } }),
  };
  const editor = makeEditor(board, send);
  const annotator = makeAnnotator(board, send);
  const ruleNote = h("div", { class: "rx-rule-note", hidden: true, role: "status" });  // a clicked rule id, in words
  const showRule = (id) => {
    const note = (model.get("rules") || {})[id];
    ruleNote.hidden = !note;
    ruleNote.replaceChildren(h("b", { text: id }), `: ${note || ""}`);
  };
  const words = (text) => ruled(text, model.get("rules"), showRule);
  const lessonPanel = makeLessonPanel(send, words);
  desk = makeDesk(send);
  desk.setLegal(() => model.get("legal") || []);
  const note = h("div", { class: "rx-note", hidden: true, "aria-live": "polite" });  // intro and comment, as text
  const diffBox = h("div", { class: "rx-diff" });
  const children = h("div", { class: "rx-children" });
  root.append(
    h("div", { class: "rx-header" }, title, counter, glyph),
    h("div", { class: "rx-board-row" }, board, evalBar),
    editor.bar,
    annotator.bar,
    note,
    lessonPanel.box,
    desk.box,
    h("div", { class: "rx-controls" }, Object.values(nav), playBtn,
      h("label", { class: "rx-speed-label" }, "speed ", speedSel), resetBtn,
      h("label", { class: "rx-seat-label" }, "view as ", seatSel), ply,
      h("label", { class: "rx-eval-label", title: "each seat's chance to win here, from what this view may know" }, evalToggle, " eval bar"), reviewBtn),
    h("div", { class: "rx-legal" }, filter, actions),
    h("div", { class: "rx-entry" }, input, tools.play, tools.random, tools.playout,
      h("span", { class: "rx-sep" }), h("label", { class: "rx-bot-label" }, "bot ", botSel), tools.bot, tools.analyse),
    error,
    ruleNote,
    analysisBox,
    reviewBox,
    h("div", { class: "rx-history" },
      h("div", { class: "rx-log-box", tabindex: "0", role: "group", "aria-label": "log" }, h("div", { class: "rx-panel-title", text: "Log" }), log),
      h("div", { class: "rx-tree-col" },  // the tree scrolls; the tools under it never do
        h("div", { class: "rx-tree-box", tabindex: "0", role: "group", "aria-label": "variations" }, h("div", { class: "rx-panel-title", text: "Variations" }), tree),
        children, h("div", { class: "rx-node-tools" }, comment, Object.values(nodeTools)))),
    diffBox,
  );
  el.append(root);

  // -- the board by keyboard while editing or annotating: its places and pieces take the focus (Tab), and Enter
  // or Space clicks the focused one (the editor and the annotate tool listen to clicks on the board)
  let keyed = false;
  function keyboardBoard(on) {
    const targets = board.querySelectorAll("[data-place], [data-piece], [data-mark]");
    if (on === keyed && (!on || [...targets].every((e) => e.hasAttribute("tabindex")))) return;
    keyed = on;
    for (const e of targets) {
      if (on && !e.hasAttribute("tabindex")) {  // reachable by Tab, named for a screen reader
        e.setAttribute("tabindex", "0");
        e.dataset.rxKeyed = [e.hasAttribute("role") ? "" : "role", e.hasAttribute("aria-label") ? "" : "label"].join(" ");
        if (!e.hasAttribute("role")) e.setAttribute("role", "group");  // a place may hold pieces: not a button
        if (!e.hasAttribute("aria-label")) e.setAttribute("aria-label", e.dataset.mark || e.dataset.place || e.dataset.piece);
      } else if (!on && e.dataset.rxKeyed !== undefined) {
        e.removeAttribute("tabindex");
        if (e.dataset.rxKeyed.includes("role")) e.removeAttribute("role");
        if (e.dataset.rxKeyed.includes("label")) e.removeAttribute("aria-label");
        delete e.dataset.rxKeyed;
      }
    }
  }
  board.addEventListener("keydown", (e) => {
    if (!keyed || (e.key !== "Enter" && e.key !== " ")) return;
    const t = e.target.closest("[data-place], [data-piece], [data-mark]");
    if (!t || !board.contains(t)) return;
    e.preventDefault();
    e.stopPropagation();
    const r = t.getBoundingClientRect();
    t.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));
  });

  // -- play / pause: a timer sending "forward" until the end of the line
  let timer = null;
  const stop = () => { if (timer) clearInterval(timer); timer = null; playBtn.textContent = "▷ play"; };
  const go = () => {
    stop();
    timer = setInterval(() => {
      if ((model.get("meta") || {}).at_end) stop(); else send({ type: "forward" });
    }, 1000 / Number(speedSel.value));
    playBtn.textContent = "❚❚ pause";
  };
  playBtn.addEventListener("click", () => (timer ? stop() : go()));
  speedSel.addEventListener("change", () => { if (timer) go(); });
  resetBtn.addEventListener("click", () => { stop(); send({ type: "start" }); });
  root.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea")) return;
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
    if (keys[e.key]) { e.preventDefault(); send({ type: keys[e.key] }); }
  });

  // -- the board: drawn by the game's board module, updated in place when it can
  let boardEl = null, boardGame = null, lastView = null;
  function drawBoard(view) {
    const b = BOARDS[view?.game];
    try {
      if (b && boardEl && boardGame === view.game && b.update && b.update(boardEl, view, lastView, ctx)) return;
      const next = b ? b.draw(view, ctx) : h("div", { class: "rx-json" });
      if (!b) patch(next, view, () => jsonTree(view || {}));
      boardEl = next;
      boardGame = b ? view.game : null;
      board.replaceChildren(next);
    } catch (err) {
      console.error("rules explorer: drawing failed, showing the raw view", err);
      boardEl = null;
      board.replaceChildren(h("div", { class: "rx-json" }, jsonTree(view || {})));
    }
  }

  function showPreview() {
    const b = BOARDS[boardGame];
    if (!b || !b.preview || !boardEl) return;
    const p = model.get("preview") || {};
    b.preview(boardEl, Object.keys(p).length ? p : null, model.get("view") || {}, ctx);
  }

  // -- legal moves: notation + one-line explanation, filterable
  function drawLegal(force) {
    const legal = model.get("legal") || [];
    const meta = model.get("meta") || {};
    const q = filter.value.trim().toLowerCase();
    filter.hidden = legal.length <= 12;
    const shown = q ? legal.filter((a) => (a.text + " " + a.label).toLowerCase().includes(q)) : legal;
    const key = [shown, meta.hint, legal.length];
    if (force) actions.__rxSig = null;
    patch(actions, key, () => {
      if (!legal.length) return h("span", { class: "rx-hint", text: meta.hint || "" });
      const items = shown.map((a) => h("button", {
        class: "rx-btn rx-action", title: a.label, "data-text": a.text,
        onclick: () => send({ type: "act", text: a.text }),
        onmouseenter: () => { if (BOARDS[boardGame]?.preview) send({ type: "preview", text: a.text }); },
        onmouseleave: () => { const b = BOARDS[boardGame]; if (b?.preview && boardEl) b.preview(boardEl, null, model.get("view") || {}, ctx); },
      }, h("code", { class: "rx-action-text", text: a.text }),
      a.label && a.label !== a.text ? h("span", { class: "rx-action-label" }, ruled(a.label, model.get("rules"))) : null));  // a button: rule ids on hover
      const note = shown.length < legal.length ? h("span", { class: "rx-hint", text: `${shown.length} of ${legal.length} moves` }) : null;
      return [...items, note];
    });
  }

  // -- log (plain English) and the variation tree, both windows around the current node
  function drawLog(view) {
    const entries = model.get("log") || [];
    const meta = model.get("meta") || {};
    patch(log, [entries.map((e) => [e.id, e.label, e.variations, e.comment, e.glyph]), meta.earlier, meta.more_ahead], () => [
      meta.earlier ? h("li", { class: "rx-log-more", text: "… earlier moves" }) : null,
      ...entries.map((e) => {
        const li = h("li", { class: "rx-log-entry", "data-id": e.id, value: e.ply, title: e.text,
          onclick: () => send({ type: "goto", id: e.id }) },
        h("span", { class: "rx-log-text" }, words(e.label)),
        e.glyph ? h("b", { class: "rx-log-glyph", text: ` ${e.glyph}` }) : null,
        e.comment ? h("span", { class: "rx-log-comment", text: ` — ${e.comment}` }) : null);
        if (e.actor !== null && e.actor !== undefined) li.style.setProperty("--seat", seatColor(view, e.actor));
        return li;
      }),
      meta.more_ahead ? h("li", { class: "rx-log-more", text: "… later moves" }) : null,
    ]);
    let current = null;
    for (const li of log.querySelectorAll(".rx-log-entry")) {
      const here = Number(li.dataset.id) === meta.node;
      li.classList.toggle("rx-current", here);
      li.classList.toggle("rx-future", Number(li.value) > meta.ply);
      if (here) current = li;
    }
    scrollInto(log.parentElement, current);
  }

  function drawTree() {
    const rows = model.get("tree") || [];
    const meta = model.get("meta") || {};
    patch(tree, [rows.map((r) => [r.id, r.text, r.main, r.alts, r.comment, r.glyph]), meta.earlier], () => [
      meta.earlier ? h("div", { class: "rx-log-more", text: "…" }) : null,
      ...rows.map((r) => h("div", { class: "rx-tree-row" + (r.main ? "" : " rx-sideline") },
        h("span", { class: "rx-node", "data-id": r.id,
          onclick: () => send({ type: "goto", id: r.id }), text: `${r.ply}. ${r.text}${r.glyph || ""}` }),
        r.comment ? h("span", { class: "rx-node-comment", text: ` {${r.comment}}` }) : null,
        r.alts.length ? h("span", { class: "rx-alts" }, r.alts.map((a) => a.more
          ? h("span", { class: "rx-hint", text: ` +${a.more} more` })
          : h("span", { class: "rx-alt" + (a.main ? " rx-main" : "") }, " (",
            h("span", { class: "rx-varmark", text: `${a.variation}: ` }),  // hidden moves can read alike
            a.moves.map((m, j) => h("span", { class: "rx-node", "data-id": m.id, text: `${j ? " " : ""}${m.ply}. ${m.text}`,
              onclick: () => send({ type: "goto", id: m.id }) })),
            a.longer ? "…" : "", ")"))) : null)),
    ]);
    for (const n of tree.querySelectorAll(".rx-node")) n.classList.toggle("rx-current", Number(n.dataset.id) === meta.node);
    scrollInto(tree.parentElement, tree.querySelector(".rx-tree-row > .rx-current"));
    const kids = meta.children || [];
    patch(children, kids, () => kids.length > 1 ? [h("span", { class: "rx-label", text: "moves from here: " }),
      ...kids.map((b) => h("button", { class: "rx-btn rx-branch" + (b.main ? " rx-main" : ""), "data-id": b.id,
        text: b.text, title: b.label || b.text, onclick: () => send({ type: "goto", id: b.id }) }))] : []);
  }

  function scrollInto(box, item) {  // scroll the panel only, never the notebook around it
    if (!item || !box) return;
    const place = () => {  // measured on screen: offsetTop depends on which ancestor is positioned
      const top = item.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
      if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = Math.max(0, top - box.clientHeight / 2);
      }
    };
    place();
    requestAnimationFrame(place);  // again once laid out (a freshly patched list may not be yet)
  }

  function drawAnalysis() {
    const a = model.get("analysis") || {};
    const pct = (x) => `${Math.round(100 * x)}%`;
    if (a.kind === "search") {  // the top moves, each with its chance to win and its reasons in words
      patch(analysisBox, a, () => [
        h("div", { class: "rx-panel-title", text: `What the search would play here, and why (${a.bot})` }),
        h("ol", { class: "rx-why" }, a.rows.map((r, i) => h("li", { class: "rx-why-move" + (i === 0 ? " rx-chosen" : "") },
          h("div", { class: "rx-why-head" }, h("code", { text: r.move }), ` ${pct(r.win)} to win `,
            h("span", { class: "rx-why-err", text: `± ${pct(r.stderr)}` }), " — ", words(r.words)),
          r.reasons.length ? h("ul", { class: "rx-why-reasons" }, r.reasons.map((t) => h("li", {}, words(t)))) : null,
          r.line_words.length ? h("div", { class: "rx-why-line", text: `then: ${r.line_words.join("; ")}` }) : null,
          r.rules.length ? h("div", { class: "rx-why-rules" }, "rules: ", words(r.rules.join(", "))) : null))),
      ]);
      return;
    }
    const cols = a.rows && a.rows.length && a.rows[0].visits !== undefined ? ["action", "visits", "value"] : ["action", "value"];
    patch(analysisBox, a, () => a.rows ? [
      h("div", { class: "rx-panel-title", text: `What ${a.bot} would play here, and why` }),
      h("table", { class: "rx-analysis-table" },
        h("tr", {}, cols.map((c) => h("th", { text: c }))),
        [...a.rows].sort((x, y) => ((y.visits || 0) - (x.visits || 0)) || ((y.value ?? -1) - (x.value ?? -1))).slice(0, 12)
          .map((r) => h("tr", { class: r.chosen ? "rx-chosen" : "" },
            h("td", {}, h("code", { text: r.action })), cols.includes("visits") ? h("td", { text: String(r.visits) }) : null,
            h("td", { text: r.value === null ? "–" : r.value.toFixed(3) })))),
    ] : []);
  }

  function drawEval(view) {
    const e = model.get("evaluation") || {};
    const meta = model.get("meta") || {};
    evalToggle.checked = !!meta.eval_bar;
    evalBar.hidden = !e.seats;
    patch(evalBar, [e, view.seats?.map((x) => x.color)], () => e.seats ? [
      h("div", { class: "rx-evalbar-title", text: e.final ? "result" : "chance to win" }),
      ...e.seats.map((x, i) => {
        const color = seatColor(view, i);
        const fill = h("div", { class: "rx-evalbar-fill" });
        fill.style.height = `${Math.round(100 * x.win)}%`;
        fill.style.background = color;
        const said = `${x.name}: ${Math.round(100 * x.win)}%` + (x.stderr ? ` ± ${Math.round(100 * x.stderr)}%` : "") +
          (x.margin !== null && x.margin !== undefined ? `, margin ${x.margin > 0 ? "+" : ""}${x.margin.toFixed(1)}` : "");
        return h("div", { class: "rx-evalbar-seat", title: said, "data-seat": i },
          h("div", { class: "rx-evalbar-track" }, fill),
          h("div", { class: "rx-evalbar-pct", text: `${Math.round(100 * x.win)}%` }),
          h("div", { class: "rx-evalbar-name", text: x.name.split(" ")[0] }));
      }),
      h("div", { class: "rx-evalbar-bot", text: e.bot }),
    ] : []);
  }

  function drawReview(view) {
    const r = model.get("review_panel") || {};
    reviewBtn.disabled = !!r.running || !!(model.get("meta") || {}).editing;
    patch(reviewBox, [r, view.seats?.map((x) => x.color)], () => {
      if (r.running) {
        return [h("label", { class: "rx-review-progress" }, `reviewing ${r.done} of ${r.total} moves (${r.bot}) `,
          h("progress", { max: r.total || 1, value: r.done || 0 })),
        h("button", { class: "rx-btn rx-review-cancel", text: "Cancel", title: "stop the review and keep what it has",
          onclick: () => send({ type: "review_cancel" }) })];
      }
      if (!r.series) return [];
      const names = (model.get("meta") || {}).seat_names || [];
      return [
        h("div", { class: "rx-panel-title", text: `Review (${r.bot}): ${r.marked.length} move(s) marked` +
          (r.complete ? "" : `, stopped after ${r.done} of ${r.total}`) }),
        advantageChart(r.series, names, view),
        h("div", { class: "rx-review-key", text: "?! dubious, ? mistake, ?? blunder: the move lost at least " +
          r.thresholds.slice().reverse().map(([g, t]) => `${Math.round(100 * t)}% (${g})`).join(", ") + " of its chance to win" }),
        h("ul", { class: "rx-review-marked" }, r.marked.map((m) => h("li", {},
          h("button", { class: "rx-btn rx-node", "data-id": m.node, onclick: () => send({ type: "goto", id: m.node }),
            text: `${m.ply}${m.glyph} ${names[m.seat] || ""}: ${Math.round(100 * m.best_win)}% → ${Math.round(100 * m.win)}%` })))),
      ];
    });
  }

  function advantageChart(series, names, view) {  // each seat's chance to win over the plies, SVG only
    const W = 520, H = 140, L = 36, T = 6, B = 20, w = W - L - 8, hh = H - T - B;
    const n = Math.max(1, series.length - 1);
    const svg = s("svg", { class: "rx-advantage", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": "advantage chart: each seat's chance to win over the plies" });
    for (const p of [0, 50, 100]) {
      const y = T + hh * (1 - p / 100);
      svg.append(s("line", { x1: L, x2: L + w, y1: y, y2: y, stroke: "#bbb", "stroke-dasharray": p === 50 ? "4 3" : null }),
        s("text", { x: L - 4, y: y + 4, "font-size": 11, "text-anchor": "end", fill: "#333", text: `${p}%` }));
    }
    svg.append(s("text", { x: L, y: H - 5, "font-size": 11, fill: "#333", text: "ply 0" }),
      s("text", { x: L + w, y: H - 5, "font-size": 11, "text-anchor": "end", fill: "#333", text: `ply ${series.length - 1}` }));
    names.forEach((name, i) => {
      const pts = series.map((row, k) => `${(L + w * k / n).toFixed(1)},${(T + hh * (1 - row[i])).toFixed(1)}`).join(" ");
      svg.append(s("polyline", { fill: "none", stroke: seatColor(view, i), "stroke-width": 2, points: pts }, s("title", { text: name })));
    });
    return svg;
  }

  function drawDiff() {
    const d = model.get("diff") || {};
    patch(diffBox, d, () => d.lines ? [
      h("div", { class: "rx-panel-title" }, `Compare: ply ${d.a_ply} → ply ${d.b_ply} `,
        h("button", { class: "rx-btn rx-diff-close", text: "close", onclick: () => send({ type: "clear_compare" }) })),
      h("ul", { class: "rx-diff-lines" }, d.lines.map((l) => h("li", { text: l }))),
      d.details && d.details.length ? h("details", { class: "rx-diff-details" },
        h("summary", { text: `details (${d.details.length} field${d.details.length === 1 ? "" : "s"})` }),
        h("ul", { class: "rx-diff-lines" }, d.details.map((l) => h("li", { text: l })))) : null,
    ] : []);
  }

  // -- everything else
  let lastNode = null;
  function update() {
    const t0 = performance.now();
    const view = model.get("view") || {};
    const meta = model.get("meta") || {};
    const seat = model.get("seat");
    ctx.seat = seat;
    ctx.meta = meta;
    root.style.maxHeight = meta.height ? (typeof meta.height === "number" ? `${meta.height}px` : meta.height) : "";
    title.textContent = model.get("title") || "";
    counter.textContent = meta.counter || "";
    if (view !== lastView) drawBoard(view);
    lastView = view;
    editor.update(model.get("edit_state"));
    const lesson = model.get("lesson") || {};
    const an = model.get("analysis") || {};
    const shown = an.marks && an.node === meta.node ? { arrows: [...(lesson.marks?.arrows || []), ...(an.marks.arrows || [])],
      highlights: [...(lesson.marks?.highlights || []), ...(an.marks.highlights || [])] } : lesson.marks;
    drawMarks(board, meta.editing ? {} : shown, lesson.palette);
    drawGlyph(glyph, lesson.marks?.glyph, lesson.glyphs);
    annotator.update(lesson);
    lessonPanel.update(lesson);
    const intro = meta.at_start ? lesson?.intro || "" : "";
    note.hidden = !intro && !meta.comment;
    patch(note, [intro, meta.comment], () => [
      intro ? h("p", { class: "rx-note-intro", text: intro }) : null,
      meta.comment ? h("p", { class: "rx-note-comment", text: meta.comment }) : null]);
    if (meta.editing && annotator.isOn()) nodeTools.annotate.classList.toggle("rx-on", annotator.toggle(false));
    keyboardBoard(!!meta.editing || annotator.isOn());

    const names = meta.seat_names || [];
    desk.update(model.get("study"), meta, model.get("legal") || [], names);
    const seatKey = seat === null || seat === undefined ? "everything" : String(seat);
    patch(seatSel, [names, seatKey], () => [["everything", "everything (omniscient)"], ["-1", "spectator (public)"],
      ...names.map((n, i) => [String(i), n])].map(([v, n]) => h("option", { value: v, text: n, selected: v === seatKey })));
    seatSel.value = seatKey;
    seatSel.disabled = !!meta.lock_seat;

    nav.start.disabled = nav.back.disabled = resetBtn.disabled = !!meta.at_start;
    nav.forward.disabled = nav.end.disabled = playBtn.disabled = !!meta.at_end;
    if (meta.at_end && timer) stop();
    ply.textContent = `ply ${meta.ply ?? 0}` + (meta.line_end ? ` / ${meta.line_end}` : "") +
      ` · ${meta.nodes ?? 1} node(s)`;

    drawLegal(false);
    tools.play.disabled = !meta.can_act;
    tools.random.disabled = !meta.can_act || !!meta.exercise;
    tools.playout.disabled = !meta.can_playout || !!meta.exercise;
    nodeTools.promote.disabled = nodeTools.del.disabled = nodeTools.comment.disabled = !!meta.at_start;
    comment.hidden = nodeTools.comment.hidden = meta.writer === false;  // a lesson's reader reads comments above
    nodeTools.compare.disabled = meta.mark === null || meta.mark === undefined;
    nodeTools.edit.disabled = !!meta.lock_seat || !!meta.editing || meta.writer === false;  // a lesson is read
    nodeTools.annotate.disabled = !!meta.editing;
    nodeTools.exercise.hidden = !meta.author;
    nodeTools.exercise.classList.toggle("rx-on", !!(model.get("lesson") || {}).exercise);
    nodeTools.mark.textContent = meta.mark !== null && meta.mark !== undefined ? `Mark (ply ${meta.mark_ply} marked)` : "Mark";
    input.disabled = !meta.can_act;

    patch(error, [model.get("error") || ""], () => words(model.get("error") || ""));
    error.hidden = !model.get("error");
    drawLog(view);
    drawTree();
    drawDiff();
    drawAnalysis();
    drawEval(view);
    drawReview(view);
    patch(botSel, [meta.bots, meta.bot], () => (meta.bots || []).map((b) => h("option", { value: b, text: b, selected: b === meta.bot })));
    tools.bot.disabled = tools.analyse.disabled = !meta.can_act || !!meta.exercise;
    if (meta.node !== lastNode) {
      if (!model.get("error")) input.value = "";
      comment.value = meta.comment || "";
    }
    lastNode = meta.node;
    root.dataset.drawMs = (performance.now() - t0).toFixed(1);  // the browser test reports it
    root.dataset.node = meta.node;  // tests wait on this
  }

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; update(); });
  };
  const keys = ["view", "seat", "legal", "log", "tree", "error", "title", "meta", "diff", "analysis", "edit_state", "lesson", "study", "evaluation", "review_panel"];
  for (const k of keys) model.on(`change:${k}`, schedule);
  model.on("change:preview", showPreview);
  update();
  return () => {
    stop();
    for (const k of keys) model.off(`change:${k}`, schedule);
    model.off("change:preview", showPreview);
  };
}

export default { render };

// Marks on a board (arrows, highlights, a glyph), the annotate tool and the exercise panel, the same for every
// game and shared by the explorer and the exported study page (explorer/publish.py).
// Boards put `data-mark="<place>"` on each place (explorer/games/<game>/places.py names them); an overlay SVG over
// the board draws an arrow between two places' centres and an outline round a place. Python checks every name.

const GLYPH_COLORS = { "!": "#15781b", "!!": "#0e5e14", "?": "#b3261e", "??": "#8a1c16", "!?": "#1f5fbf", "?!": "#8a5a00" };

function markEl(board, name) {
  for (const e of board.querySelectorAll("[data-mark]")) if (e.dataset.mark === name) return e;
  return null;
}

// Draw `marks` ({arrows: [[from, to, colour]], highlights: [[place, colour]], glyph}) over `host` (the element
// that holds the board; it becomes the overlay's positioning box). Redrawn on resize and after board transitions.
function drawMarks(host, marks, palette) {
  let layer = host.querySelector(":scope > .rx-marks");
  if (!layer) {
    layer = s("svg", { class: "rx-marks", "aria-hidden": "true" });
    host.append(layer);
    host.classList.add("rx-marked");
    const again = () => { if (host.__rxMarks) drawMarks(host, host.__rxMarks.marks, host.__rxMarks.palette); };
    if (window.ResizeObserver) new ResizeObserver(again).observe(host);
    host.addEventListener("transitionend", again);
  }
  host.__rxMarks = { marks, palette };
  const box = host.getBoundingClientRect();
  layer.setAttribute("width", host.scrollWidth);
  layer.setAttribute("height", host.scrollHeight);
  const kids = [];
  const colour = (c) => (palette && palette[c]) || c || "#15781b";
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left - box.left + host.scrollLeft + r.width / 2, y: r.top - box.top + host.scrollTop + r.height / 2, r };
  };
  for (const [place, c] of marks?.highlights || []) {
    const el = markEl(host, place);
    if (!el) continue;
    const { x, y, r } = centre(el);
    kids.push(s("rect", { class: "rx-mark-highlight", "data-for": place, x: x - r.width / 2 - 3, y: y - r.height / 2 - 3,
      width: r.width + 6, height: r.height + 6, rx: 6, fill: "none", stroke: colour(c), "stroke-width": 3.5, opacity: 0.9 }));
  }
  const defs = s("defs");
  let n = 0;
  for (const [from, to, c] of marks?.arrows || []) {
    const a = markEl(host, from), b = markEl(host, to);
    if (!a || !b) continue;
    const p = centre(a), q = centre(b);
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    const back = Math.min(len / 3, Math.min(q.r.width, q.r.height) / 4 + 4);  // stop short of the target's centre
    const ex = q.x - ((q.x - p.x) * back) / len, ey = q.y - ((q.y - p.y) * back) / len;
    const id = `rx-arrowhead-${Math.random().toString(36).slice(2)}-${n++}`;
    defs.append(s("marker", { id, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: "auto" },
      s("path", { d: "M0,0 L10,5 L0,10 z", fill: colour(c) })));
    kids.push(s("line", { class: "rx-mark-arrow", "data-from": from, "data-to": to, x1: p.x, y1: p.y, x2: ex, y2: ey,
      stroke: colour(c), "stroke-width": 6, "stroke-linecap": "round", opacity: 0.65, "marker-end": `url(#${id})` }));
  }
  layer.replaceChildren(defs, ...kids);
}

// The glyph of the position ("!", "?!", ...) as a coloured badge in `el` (empty and hidden when there is none).
function drawGlyph(el, glyph, glyphs) {
  el.textContent = glyph || "";
  el.hidden = !glyph;
  el.title = glyph ? (glyphs?.[glyph] || "") : "";
  el.style.background = GLYPH_COLORS[glyph] || "#333";
}

// The annotate tool: pick a place, then another for an arrow (or the same one again to highlight it);
// colour and glyph buttons. Each click sends one intent {type: "annotate", op: {...}}.
function makeAnnotator(board, send) {
  let on = false, first = null, colour = "green";
  const status = h("span", { class: "rx-annotate-status" });
  const colours = h("span", { class: "rx-annotate-colours" });
  const glyphs = h("span", { class: "rx-annotate-glyphs" });
  const bar = h("div", { class: "rx-annotate", hidden: true },
    h("span", { class: "rx-panel-title", text: "Annotate" }), status, colours, glyphs,
    h("button", { class: "rx-btn rx-annotate-clear", text: "Clear", title: "remove every mark on this position",
      onclick: () => send({ type: "annotate", op: { op: "clear" } }) }));
  function mark() {
    for (const e of board.querySelectorAll(".rx-mark-picked")) e.classList.remove("rx-mark-picked");
    if (first) markEl(board, first)?.classList.add("rx-mark-picked");
    status.textContent = first ? ` from ${first}: click another place for an arrow, or it again to highlight it`
      : " click a place on the board";
  }
  board.addEventListener("click", (e) => {
    if (!on) return;
    const el = e.target.closest("[data-mark]");
    e.stopPropagation();
    e.preventDefault();
    if (!el) { first = null; mark(); return; }
    const place = el.dataset.mark;
    if (!first) first = place;
    else {
      send({ type: "annotate", op: first === place ? { op: "highlight", place, colour } : { op: "arrow", from: first, to: place, colour } });
      first = null;
    }
    mark();
  }, true);
  function toggle(value) {
    on = value === undefined ? !on : value;
    bar.hidden = !on;
    board.classList.toggle("rx-annotating", on);
    first = null;
    mark();
    return on;
  }
  function update(lesson) {
    const palette = lesson?.palette || {};
    patch(colours, [Object.keys(palette), colour], () => Object.entries(palette).map(([name, c]) => h("button", {
      class: "rx-btn rx-annotate-colour" + (name === colour ? " rx-on" : ""), "data-colour": name, title: `draw in ${name}`,
      style: `border-bottom: 4px solid ${c}`, text: name,
      onclick: () => { colour = name; update(lesson); } })));
    const glyph = lesson?.marks?.glyph || "";
    patch(glyphs, [Object.keys(lesson?.glyphs || {}), glyph], () => Object.entries(lesson?.glyphs || {}).map(([g, what]) =>
      h("button", { class: "rx-btn rx-annotate-glyph" + (g === glyph ? " rx-on" : ""), "data-glyph": g, title: what, text: g,
        onclick: () => send({ type: "annotate", op: { op: "glyph", glyph: g } }) })));
  }
  return { bar, toggle, update, isOn: () => on };
}

// The exercise panel: the prompt, choices for a question, a hint, "show the answer", and the verdict.
function makeLessonPanel(send, words = (text) => [text]) {  // words: text -> nodes (rule ids made hoverable)
  const box = h("div", { class: "rx-exercise", hidden: true, role: "group", "aria-label": "exercise" });
  function update(lesson) {
    const ex = lesson?.exercise;
    const fb = lesson?.feedback;
    box.hidden = !ex && !fb;
    patch(box, [ex, fb], () => {
      const out = [];
      if (ex) {
        out.push(h("div", { class: "rx-panel-title", text: ex.kind === "question" ? "Question" : "Find the move" }),
          h("div", { class: "rx-exercise-prompt", text: ex.prompt }));
        if (ex.kind === "question" && !ex.solved) out.push(h("div", { class: "rx-exercise-choices" },
          ex.choices.map((c, i) => h("button", { class: "rx-btn rx-choice", "data-choice": i, text: c,
            onclick: () => send({ type: "answer", choice: i }) }))));
        if (ex.kind === "move" && !ex.solved) out.push(h("div", { class: "rx-hint", text: "Play your move: pick it from the list of moves." }));
        if (!ex.solved) out.push(h("div", { class: "rx-exercise-tools" },
          ex.hint ? h("details", { class: "rx-exercise-hint" }, h("summary", { text: "hint" }), h("span", { text: ex.hint })) : null,
          h("button", { class: "rx-btn rx-show-answer", text: "Show the answer", onclick: () => send({ type: "answer", show: true }) })));
      }
      if (fb) out.push(h("div", { class: `rx-feedback rx-${fb.result}`, "data-result": fb.result, role: "status" },
        h("b", { text: { right: "Right! ", wrong: "Not quite. ", illegal: "Illegal. ", shown: "" }[fb.result] ?? "" }),
        h("span", {}, words(fb.message))));
      return out;
    });
  }
  return { box, update };
}

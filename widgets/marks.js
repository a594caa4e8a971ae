// Marks on a board (arrows, highlights, a glyph), the annotate tool and the exercise panel, the same for every
// game and shared by the explorer and the exported study page (explorer/publish.py).
// Boards put `data-mark="<place>"` on each place (explorer/games/<game>/places.py names them); an overlay SVG over
// the board draws an arrow from the edge of one place's box to the edge of another's (along the line between their
// centres, the head just outside the target, never over either's number or label) and an outline just outside a
// place's box (no fill). Python checks every name.
//
// Which place a click of the annotate tool picks (pickPlace), the same rule on every board:
//   - the innermost marked element under the pointer, looking through unmarked labels and pieces drawn over it
//     (a room's number, a water disc on a hex); where two marked elements overlap without nesting (a token on a
//     hex), the one on top;
//   - but a part of a whole (a marked element inside one with `data-mark-whole`: a card on a Lotus flower) picks the
//     whole on a plain click, and itself on an Alt- or Shift-click. A card alone (in a hand, in the display) is
//     picked by a plain click;
//   - an element with `data-mark-label="<place>"` (a heading, a thin side's wider hit line) picks that place.
// A second identical click undoes the first (explorer/annotations.py `click`): the same place twice in the same
// colour removes its highlight, the same arrow again removes it; in annotate mode each drawn mark also takes a click
// (a wider transparent hit line or ring, .rx-mark-hit) that removes it.

const GLYPH_COLORS = { "!": "#15781b", "!!": "#0e5e14", "?": "#b3261e", "??": "#8a1c16", "!?": "#1f5fbf", "?!": "#8a5a00" };

function markEl(board, name) {
  for (const e of board.querySelectorAll("[data-mark]")) if (e.dataset.mark === name) return e;
  return null;
}

// Where the ray from the centre `c` of box `r` along the unit vector (dx, dy) leaves the box: its distance from c.
function boxExit(r, dx, dy) {
  const tx = Math.abs(dx) > 1e-9 ? r.width / 2 / Math.abs(dx) : Infinity;
  const ty = Math.abs(dy) > 1e-9 ? r.height / 2 / Math.abs(dy) : Infinity;
  return Math.min(tx, ty);
}

const ARROW = { gap: 3, min: 24, short: 20, head: 14, halfHead: 8, width: 6 };  // px: gap from a box, lengths, head

// An arrow from box `p` to box `q` (centres x, y and client rects r): from the edge of p's box to just outside q's,
// along the line between centres. Boxes too close for ARROW.min between them (touching, overlapping, nested) get
// a short arrow (ARROW.short) across the gap if it stays in the outer half of both (two Lotus flowers or two hexes
// side by side), else a hop of ARROW.min or more beside both boxes, parallel to that line (two cards in a hand,
// two cells of a track): never over a centre, where a number is.
function arrowEnds(p, q, W = Infinity, H = Infinity) {
  let dx = q.x - p.x, dy = q.y - p.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-6) { dx = 1; dy = 0; } else { dx /= len; dy /= len; }
  const ea = boxExit(p.r, dx, dy), eb = boxExit(q.r, dx, dy);
  const at = (t0, t1, o = 0, nx = 0, ny = 0) => ({ x1: p.x + dx * t0 + nx * o, y1: p.y + dy * t0 + ny * o,
    x2: p.x + dx * t1 + nx * o, y2: p.y + dy * t1 + ny * o, dx, dy });
  const t0 = ea + ARROW.gap, t1 = len - eb - ARROW.gap;
  if (t1 - t0 >= ARROW.min) return at(t0, t1);
  const mid = (t0 + t1) / 2, half = ARROW.short / 2;
  if (mid - half >= 0.5 * ea && mid + half <= len - 0.5 * eb) return at(mid - half, mid + half);
  let nx = -dy, ny = dx;
  if (ny > 1e-9 || (Math.abs(ny) <= 1e-9 && nx > 0)) { nx = -nx; ny = -ny; }  // above them (or to the left)
  const ext = (r) => Math.abs(nx) * r.width / 2 + Math.abs(ny) * r.height / 2;
  const L = Math.max(len, ARROW.min), s0 = (len - L) / 2;
  const o = Math.max(ext(p.r), ext(q.r)) + ARROW.gap + ARROW.halfHead;  // clear of both boxes, head and all
  const hop = at(s0, s0 + L, o, nx, ny), m = ARROW.halfHead;
  const inside = (a) => Math.min(a.x1, a.x2) >= m && Math.min(a.y1, a.y2) >= m && Math.max(a.x1, a.x2) <= W - m
    && Math.max(a.y1, a.y2) <= H - m;
  return inside(hop) ? hop : at(s0, s0 + L, o, -nx, -ny);  // the other side if the board would clip it
}

// Draw `marks` ({arrows: [[from, to, colour]], highlights: [[place, colour]], glyph}) over `host` (the element
// that holds the board; it becomes the overlay's positioning box). Redrawn on resize and after board transitions.
// Each mark also gets a transparent hit target (.rx-mark-hit), clickable only in annotate mode (explorer.css).
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
  const W = host.scrollWidth, H = host.scrollHeight;  // the board clips (it scrolls): marks are kept inside
  layer.setAttribute("width", W);
  layer.setAttribute("height", H);
  const kids = [], hits = [];
  const colour = (c) => (palette && palette[c]) || c || "#15781b";
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left - box.left + host.scrollLeft + r.width / 2, y: r.top - box.top + host.scrollTop + r.height / 2, r };
  };
  const hit = (tag, attrs, what) => s(tag, { class: "rx-mark-hit", fill: "none", stroke: "transparent", ...attrs },
    s("title", { text: `click to remove this ${what}` }));
  for (const [place, c] of marks?.highlights || []) {
    const el = markEl(host, place);
    if (!el) continue;
    const { x, y, r } = centre(el);
    const sw = 3.5, pad = 2 + sw / 2;  // the stroke's inner edge 2px outside the box: nothing in it is covered
    // kept inside the board (which clips), overlapping only the edge of a place flush with it
    const x0 = Math.max(x - r.width / 2 - pad, sw / 2), y0 = Math.max(y - r.height / 2 - pad, sw / 2);
    const x1 = Math.min(x + r.width / 2 + pad, W - sw / 2), y1 = Math.min(y + r.height / 2 + pad, H - sw / 2);
    const ring = { x: x0, y: y0, width: Math.max(x1 - x0, 4), height: Math.max(y1 - y0, 4), rx: 6 };
    kids.push(s("rect", { class: "rx-mark-highlight", "data-for": place, "data-colour": c, ...ring, fill: "none",
      stroke: colour(c), "stroke-width": sw, opacity: 0.9 }));
    hits.push(hit("rect", { ...ring, "stroke-width": 10, "data-kind": "highlight", "data-for": place, "data-colour": c },
      `highlight of ${place}`));
  }
  for (const [from, to, c] of marks?.arrows || []) {
    const a = markEl(host, from), b = markEl(host, to);
    if (!a || !b) continue;
    const { x1, y1, x2, y2, dx, dy } = arrowEnds(centre(a), centre(b), W, H);
    const bx = x2 - dx * ARROW.head, by = y2 - dy * ARROW.head, nx = -dy * ARROW.halfHead, ny = dx * ARROW.halfHead;
    const head = `M${x2},${y2} L${bx + nx},${by + ny} L${bx - nx},${by - ny} z`;
    kids.push(s("g", { class: "rx-mark-arrow", "data-from": from, "data-to": to, "data-colour": c, opacity: 0.7,
      "data-start": `${x1},${y1}`, "data-tip": `${x2},${y2}` },
    s("line", { class: "rx-mark-shaft", x1, y1, x2: x2 - dx * (ARROW.head - 1), y2: y2 - dy * (ARROW.head - 1),
      stroke: colour(c), "stroke-width": ARROW.width, "stroke-linecap": "butt" }),
    s("path", { class: "rx-mark-head", d: head, fill: colour(c) })));
    hits.push(hit("line", { x1, y1, x2, y2, "stroke-width": 14, "data-kind": "arrow", "data-from": from, "data-to": to,
      "data-colour": c }, `arrow ${from} → ${to}`));
  }
  layer.replaceChildren(...kids, ...hits);
}

// The glyph of the position ("!", "?!", ...) as a coloured badge in `el` (empty and hidden when there is none).
function drawGlyph(el, glyph, glyphs) {
  el.textContent = glyph || "";
  el.hidden = !glyph;
  el.title = glyph ? (glyphs?.[glyph] || "") : "";
  el.style.background = GLYPH_COLORS[glyph] || "#333";
}

// The place a click `e` on `board` picks (null: none), by the rule in this file's header; `inner`: the part itself
// (Alt- or Shift-click), not its whole.
function pickPlace(board, e, inner = e.altKey || e.shiftKey) {
  const root = board.getRootNode();
  const at = root.elementsFromPoint ? root : document;  // a shadow root or the document
  const under = e.clientX || e.clientY ? at.elementsFromPoint(e.clientX, e.clientY) || [] : [];  // none from a key
  let best = null;
  for (const x of [e.target, ...under]) {
    const m = x instanceof Element && board.contains(x) ? x.closest("[data-mark], [data-mark-label]") : null;
    if (!m || !board.contains(m) || m.closest(".rx-marks")) continue;
    const el = m.dataset.markLabel !== undefined ? markEl(board, m.dataset.markLabel) : m;
    if (!el) continue;
    if (m !== el && !best) return el.dataset.mark;  // a label picks its place
    if (!best || (best !== el && best.contains(el))) best = el;  // a marked element inside the one found: deeper
  }
  if (!best) return null;
  const whole = inner ? null : best.parentElement?.closest("[data-mark][data-mark-whole]");
  return (whole && board.contains(whole) ? whole : best).dataset.mark;
}

// The annotate tool: pick a place, then another for an arrow (or the same one again to highlight it); a click on a
// drawn mark removes it; colour and glyph buttons. Each click sends one intent {type: "annotate", op: {...}}.
function makeAnnotator(board, send) {
  let on = false, first = null, colour = "green";
  const status = h("span", { class: "rx-annotate-status" });
  const colours = h("span", { class: "rx-annotate-colours" });
  const glyphs = h("span", { class: "rx-annotate-glyphs" });
  const bar = h("div", { class: "rx-annotate", hidden: true },
    h("span", { class: "rx-panel-title", text: "Annotate" }), status, colours, glyphs,
    h("button", { class: "rx-btn rx-annotate-clear", text: "Clear", title: "remove every mark on this position",
      onclick: () => send({ type: "annotate", op: { op: "clear" } }) }),
    h("button", { class: "rx-btn rx-annotate-undo", text: "Undo", title: "take back the last change of marks",
      onclick: () => send({ type: "annotate_undo" }) }),
    h("button", { class: "rx-btn rx-annotate-redo", text: "Redo", title: "make the change taken back again",
      onclick: () => send({ type: "annotate_redo" }) }),
    h("div", { class: "rx-annotate-hint", text: "A click marks the whole thing under the pointer (a Lotus flower, "
      + "not the card on it); Alt- or Shift-click marks the part itself. The same click again, or a click on a "
      + "drawn arrow or outline, removes it." }));
  function mark() {
    for (const e of board.querySelectorAll(".rx-mark-picked")) e.classList.remove("rx-mark-picked");
    if (first) markEl(board, first)?.classList.add("rx-mark-picked");
    status.textContent = first ? ` from ${first}: click another place for an arrow, or it again to highlight it`
      : " click a place on the board";
  }
  let hovered = null;  // what a click here would pick, outlined (.rx-mark-hover), so the rule shows before a click
  const hover = (el) => {
    if (hovered === el) return;
    hovered?.classList.remove("rx-mark-hover");
    hovered = el;
    el?.classList.add("rx-mark-hover");
  };
  board.addEventListener("pointermove", (e) => {
    if (!on) return;
    const place = e.target instanceof Element && e.target.closest(".rx-mark-hit") ? null : pickPlace(board, e);
    hover(place ? markEl(board, place) : null);
  });
  board.addEventListener("pointerleave", () => hover(null));
  board.addEventListener("mousedown", (e) => {  // Shift-click selects no text
    if (on && (e.shiftKey || e.altKey)) e.preventDefault();
  }, true);
  board.addEventListener("click", (e) => {
    if (!on) return;
    e.stopPropagation();
    e.preventDefault();
    const drawn = e.target instanceof Element ? e.target.closest(".rx-mark-hit") : null;
    if (drawn) {  // a drawn mark: the same op in its own colour, which removes it
      const d = drawn.dataset;
      send({ type: "annotate", op: d.kind === "arrow" ? { op: "arrow", from: d.from, to: d.to, colour: d.colour }
        : { op: "highlight", place: d.for, colour: d.colour } });
      first = null;
      mark();
      return;
    }
    const place = pickPlace(board, e);
    if (!place) { first = null; mark(); return; }
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
    hover(null);
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

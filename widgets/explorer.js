// The rules explorer front end: an anywidget ES module with no imports and no network access.
// It draws the `view` dict that Python sends and turns clicks into intents ({type: ...} messages).
// All game logic and all decisions about hidden information stay in Python (explorer/widgets.py).

const SVG = "http://www.w3.org/2000/svg";
const COLORS = { red: "#d1495b", blue: "#3a6ea5", yellow: "#e3b505", green: "#4f9d55" };
const WILD = "#f3efe2";
const LOTUS_GROUPS = {
  x: "exchange", g: "guardian", e: "elder", f: "fortune", d: "draw", w: "wildflower",
  "+": "take", p: "pass",
};

// -- tiny DOM helpers ------------------------------------------------------------------------

function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) el.append(kid);
  return el;
}

function s(tag, attrs = {}, ...kids) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k === "text") el.textContent = v;
    else el.setAttribute(k, v);
  }
  for (const kid of kids.flat()) if (kid) el.append(kid);
  return el;
}

const cap = (t) => (t ? t[0].toUpperCase() + t.slice(1) : t);
const seatColor = (view, i) => {
  const c = view.seats?.[i]?.color;
  return COLORS[c] || c || "#888";
};
const seatShort = (view, i) => cap(view.seats?.[i]?.color) || `Seat ${i + 1}`;
const seatName = (view, i) => view.seats?.[i]?.name || seatShort(view, i);

// -- lotus: cards, flowers, control meters ------------------------------------------------------

function cardSvg(view, card) {
  const wild = card.owner === null || card.owner === undefined;
  const fill = wild ? WILD : seatColor(view, card.owner);
  const svg = s("svg", { class: "rx-card" + (wild ? " rx-card-wild" : ""), width: 26, height: 36,
    viewBox: "0 0 26 36", "data-id": card.id });
  svg.append(s("title", { text: `${card.id}: ${card.petals} petals, ` +
    (wild ? "wildflower" : `${card.symbols} symbol(s)`) }));
  svg.append(s("rect", { x: 1, y: 1, width: 24, height: 34, rx: 4, fill, stroke: "#555" }));
  svg.append(s("text", { x: 13, y: 17, "text-anchor": "middle", class: "rx-card-num",
    fill: wild ? "#333" : "#fff", text: String(card.petals) }));
  if (wild) svg.append(s("text", { x: 13, y: 30, "text-anchor": "middle", class: "rx-card-mark",
    fill: "#6a8d3a", text: "✿" }));
  for (let k = 0; k < (card.symbols || 0); k++) {
    svg.append(s("circle", { cx: card.symbols === 2 ? 9 + 8 * k : 13, cy: 27, r: 3, fill: "#fff",
      stroke: "#333" }));
  }
  return svg;
}

function drawFlower(view, f, x, y, scale) {
  const g = s("g", { class: "rx-flower", transform: `translate(${x},${y})`, "data-petals": f.petals,
    "data-placed": f.placed });
  g.append(s("title", { text: `${f.name}: ${f.placed}/${f.petals} petals` }));
  const cx = 75, cy = 60;
  for (let k = 0; k < f.petals; k++) {
    const angle = (360 * k) / f.petals;
    const card = f.cards?.[k];
    const pg = s("g", { transform: `translate(${cx},${cy}) rotate(${angle})` });
    if (card) {
      const wild = card.owner === null || card.owner === undefined;
      pg.setAttribute("class", "rx-petal rx-petal-placed" + (wild ? " rx-petal-wild" : ""));
      pg.setAttribute("data-id", card.id);
      pg.append(s("title", { text: wild ? `${card.id} (wildflower)` :
        `${card.id} (${seatShort(view, card.owner)}, ${card.symbols} symbol(s))` }));
      pg.append(s("ellipse", { cx: 0, cy: -28, rx: 11, ry: 22,
        fill: wild ? WILD : seatColor(view, card.owner), stroke: "#444", "stroke-width": 1 }));
      for (let d = 0; d < (card.symbols || 0); d++) {
        pg.append(s("circle", { class: "rx-symbol", cx: card.symbols === 2 ? -4 + 8 * d : 0, cy: -38, r: 3,
          fill: "#fff", stroke: "#222", "stroke-width": 0.8 }));
      }
      if (wild) pg.append(s("text", { x: 0, y: -34, "text-anchor": "middle", class: "rx-wildmark",
        text: "✿" }));
    } else {
      pg.setAttribute("class", "rx-petal rx-petal-empty");
      pg.append(s("ellipse", { cx: 0, cy: -28, rx: 11, ry: 22, fill: "none", stroke: "#999",
        "stroke-dasharray": "3 3" }));
    }
    g.append(pg);
  }
  g.append(s("circle", { cx, cy, r: 15, fill: "#fffbe6", stroke: "#b8a160" }));
  g.append(s("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "rx-flower-count",
    text: `${f.placed}/${f.petals}` }));
  g.append(s("text", { x: cx, y: 126, "text-anchor": "middle", class: "rx-flower-name", text: f.name }));
  // guardians (insects) and elders sit on the flower's heart
  (f.guardians || []).forEach((gd, i) => {
    const n = f.guardians.length;
    const a = (2 * Math.PI * i) / Math.max(n, 1) + Math.PI / 4;
    const gx = cx + (n > 1 ? 9 * Math.cos(a) : 0) + 20, gy = cy + 22 + (n > 1 ? 6 * Math.sin(a) : 0);
    const title = s("title", { text: `${gd.elder ? "Elder Guardian" : "guardian"} of ${seatShort(view, gd.seat)}` });
    if (gd.elder) {
      g.append(s("rect", { class: "rx-guardian rx-elder", x: gx - 6, y: gy - 6, width: 12, height: 12,
        transform: `rotate(45 ${gx} ${gy})`, fill: seatColor(view, gd.seat), stroke: "#222" }, title));
    } else {
      g.append(s("circle", { class: "rx-guardian", cx: gx, cy: gy, r: 5, fill: seatColor(view, gd.seat),
        stroke: "#222" }, title));
    }
  });
  g.append(drawMeter(view, f, 10, 134, scale));
  return g;
}

function drawMeter(view, f, x, y, scale) {
  const g = s("g", { class: "rx-meter", transform: `translate(${x},${y})` });
  const infl = f.influence || [];
  const leaders = f.leaders || [];
  const width = 104;
  infl.forEach((v, i) => {
    const lead = leaders.includes(i);
    const row = s("g", { class: "rx-meter-row" + (lead ? " rx-leader" : ""), "data-seat": i,
      "data-influence": v });
    row.append(s("rect", { x: 0, y: i * 11, width, height: 8, fill: "#eee", rx: 2 }));
    row.append(s("rect", { class: "rx-meter-bar", x: 0, y: i * 11, width: (width * v) / scale, height: 8,
      fill: seatColor(view, i), rx: 2, stroke: lead ? "#111" : "none", "stroke-width": lead ? 1.5 : 0 }));
    row.append(s("text", { x: width + 4, y: i * 11 + 8, class: "rx-meter-num", text: String(v) }));
    g.append(row);
  });
  let text = "no control";
  const best = Math.max(0, ...infl);
  if (leaders.length === 1) text = "reward: " + seatShort(view, (f.reward || leaders)[0]);
  else if (leaders.length > 1) text = (best > 0 ? "tie: " : "tie at 0: ") + leaders.map((i) => seatShort(view, i)).join(", ");
  g.append(s("text", { x: 0, y: infl.length * 11 + 10, class: "rx-meter-text", text }));
  return g;
}

function drawGarden(view) {
  const flowers = view.flowers || [];
  const cols = Math.max(1, Math.min(flowers.length, 5));
  const rows = Math.max(1, Math.ceil(flowers.length / cols));
  const cellH = 150 + 11 * (view.seats?.length || 1);
  const scale = Math.max(3, ...flowers.flatMap((f) => f.influence || [0]));
  if (!flowers.length) {
    return s("svg", { class: "rx-garden-svg", viewBox: "0 0 300 32", width: 300, height: 32 },
      s("text", { x: 4, y: 20, class: "rx-empty", text: "The garden is empty." }));
  }
  const svg = s("svg", { class: "rx-garden-svg", viewBox: `0 0 ${cols * 150} ${rows * cellH}`,
    width: cols * 150, height: rows * cellH });
  flowers.forEach((f, i) => svg.append(drawFlower(view, f, (i % cols) * 150, Math.floor(i / cols) * cellH, scale)));
  return svg;
}

function drawSeats(view) {
  const box = h("div", { class: "rx-seats" });
  (view.seats || []).forEach((seat, i) => {
    const hand = Array.isArray(seat.hand)
      ? h("span", { class: "rx-hand" }, seat.hand.map((c) => cardSvg(view, c)))
      : h("span", { class: "rx-hand rx-hidden" },
        h("span", { class: "rx-facedown", title: "face-down cards", text: `▮ × ${seat.hand_size}` }));
    const row = h("div", {
      class: "rx-seatrow" + (view.current_player === i ? " rx-turn" : "") +
        (view.viewer === i ? " rx-me" : ""),
      "data-seat": i, style: `--seat:${seatColor(view, i)}`,
    },
    h("span", { class: "rx-chip" }),
    h("span", { class: "rx-seatname", text: seatName(view, i) + (seat.team !== null && seat.team !== undefined ? ` (team ${seat.team + 1})` : "") }),
    hand,
    h("span", { class: "rx-stat", title: "hand / limit", text: `hand ${seat.hand_size}/${seat.hand_limit}` }),
    h("span", { class: "rx-stat", title: "cards in deck", text: `deck ${seat.deck_size}` }),
    h("span", { class: "rx-stat", title: "scoring pile", text: `pile ${seat.pile_size}` }),
    h("span", { class: "rx-stat", title: "scoring tokens", text: `tokens ${seat.tokens}` }),
    h("span", { class: "rx-stat", title: "guardians in supply",
      text: `supply ${seat.supply?.insects ?? 0} insect(s)${seat.supply?.elder ? " + elder" : ""}` }),
    h("span", { class: "rx-powers" }, (seat.powers || []).map((p) => h("span", { class: "rx-power", text: p }))),
    h("span", { class: "rx-score", title: "public score", text: `score ${seat.score}` }));
    box.append(row);
  });
  return box;
}

function statusLine(view) {
  const bits = [`turn ${view.turn}`, `phase ${view.phase}`];
  if (view.current_player !== null && view.current_player !== undefined) {
    bits.push(`${seatShort(view, view.current_player)} to act` +
      (view.phase === "actions" ? ` (${view.actions_left} action(s) left)` : ""));
  }
  if (view.pending_rewards?.length) bits.push("rewards pending: " + view.pending_rewards.map((i) => seatShort(view, i)).join(", "));
  if (view.final_round) bits.push("final round");
  return bits.join(" · ");
}

function resultLine(view) {
  const r = view.result;
  if (!r) return null;
  const scores = (r.seats || []).map((p, i) => `${seatShort(view, i)} ${p}`).join(", ");
  const teams = r.teams ? ` · teams ${r.teams.join(" / ")}` : "";
  const win = (r.winners || []).map((i) => seatShort(view, i)).join(", ");
  const outcome = view.solo ? ` · ${r.outcome}` : "";
  return h("div", { class: "rx-result", text: `Game over: ${scores}${teams} · winner(s): ${win || "none"}${outcome}` });
}

function drawLotus(view) {
  const wrap = h("div", { class: "rx-garden" });
  wrap.append(h("div", { class: "rx-status", text: statusLine(view) }));
  const res = resultLine(view);
  if (res) wrap.append(res);
  wrap.append(drawGarden(view));
  const extra = h("div", { class: "rx-supply" });
  if (!view.solo || (view.display || []).length) {
    extra.append(h("span", { class: "rx-display" }, h("span", { class: "rx-label", text: "Wildflowers: " }),
      (view.display || []).map((c) => cardSvg(view, c))));
  }
  extra.append(h("span", { class: "rx-stat", text: `wild deck ${view.wild_deck}` }));
  if (view.tokens_left !== null && view.tokens_left !== undefined) {
    extra.append(h("span", { class: "rx-stat", text: `tokens left ${view.tokens_left}` }));
  }
  if (view.winter_lotus !== null && view.winter_lotus !== undefined) {
    extra.append(h("span", { class: "rx-stat rx-winter", text: `Winter Lotus ${view.winter_lotus}` }));
    extra.append(h("span", { class: "rx-stat", text: `completed: ${(view.solo_completed || []).join(", ") || "none"}` }));
  }
  wrap.append(extra);
  wrap.append(drawSeats(view));
  return wrap;
}

// -- any other game: a JSON tree ----------------------------------------------------------------

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

const DRAWERS = { lotus: drawLotus };

function drawBoard(view) {
  const draw = DRAWERS[view?.game];
  if (draw) {
    try {
      return draw(view);
    } catch (err) {
      console.error("rules explorer: drawing failed, showing the raw view", err);
    }
  }
  return h("div", { class: "rx-json" }, jsonTree(view || {}));
}

// -- the widget ---------------------------------------------------------------------------------

function render({ model, el }) {
  const send = (msg) => model.send(msg);
  const root = h("div", { class: "rx-root" });
  const title = h("div", { class: "rx-title" });
  const board = h("div", { class: "rx-board" });
  const seatSel = h("select", { class: "rx-seat", title: "view the game as",
    onchange: () => send({ type: "seat", seat: Number(seatSel.value) }) });
  const btn = (cls, text, tip, msg) => h("button", { class: `rx-btn ${cls}`, title: tip, text,
    onclick: () => send(typeof msg === "function" ? msg() : msg) });
  const nav = {
    start: btn("rx-start", "|◀", "to the start", { type: "start" }),
    back: btn("rx-back", "◀", "one move back", { type: "back" }),
    forward: btn("rx-forward", "▶", "one move forward (main line)", { type: "forward" }),
    end: btn("rx-end", "▶|", "to the end of the line", { type: "end" }),
  };
  const ply = h("span", { class: "rx-ply" });
  const actions = h("div", { class: "rx-actions" });
  const input = h("input", { class: "rx-input", type: "text", placeholder: "action in notation, e.g. 5ss",
    spellcheck: "false", onkeydown: (e) => { if (e.key === "Enter") play(); } });
  const play = () => { if (input.value.trim()) send({ type: "act", text: input.value.trim() }); };
  const tools = {
    play: h("button", { class: "rx-btn rx-play", text: "Play", onclick: play }),
    random: btn("rx-random", "Random move", "play one random legal move", { type: "random" }),
    playout: btn("rx-playout", "Play out", "random moves to the end of the game", { type: "playout" }),
    promote: btn("rx-promote", "Promote", "make this line the main line", { type: "promote" }),
    del: btn("rx-delete", "Delete", "delete this move and what follows", { type: "delete" }),
  };
  const error = h("div", { class: "rx-error", role: "alert" });
  const log = h("ol", { class: "rx-log" });
  const branches = h("div", { class: "rx-branches" });
  root.append(
    title, board,
    h("div", { class: "rx-controls" }, Object.values(nav), h("label", { class: "rx-seat-label", text: "view as " }),
      seatSel, ply),
    actions,
    h("div", { class: "rx-entry" }, input, Object.values(tools)),
    error,
    h("div", { class: "rx-history" }, h("div", { class: "rx-log-box" }, log), branches),
  );
  el.append(root);

  let lastNode = null;
  function update() {
    const view = model.get("view") || {};
    const meta = model.get("meta") || {};
    const seat = model.get("seat");
    const entries = model.get("log") || [];
    root.style.maxHeight = meta.height ? (typeof meta.height === "number" ? `${meta.height}px` : meta.height) : "";
    title.textContent = model.get("title") || "";
    board.replaceChildren(drawBoard(view));

    // seat selector: omniscient, public, then each seat
    const names = meta.seat_names || [];
    const opts = [[-1, "everything (omniscient)"], [-2, "public (spectator)"], ...names.map((n, i) => [i, n])];
    seatSel.replaceChildren(...opts.map(([v, n]) => h("option", { value: v, text: n, selected: v === seat })));
    seatSel.value = String(seat);
    seatSel.disabled = !!meta.lock_seat;

    nav.start.disabled = nav.back.disabled = !!meta.at_start;
    nav.forward.disabled = nav.end.disabled = !!meta.at_end;
    ply.textContent = `ply ${meta.ply ?? 0}` + (meta.last_ply ? ` / ${meta.last_ply}` : "");

    // legal actions, grouped by their first character
    const legal = model.get("legal") || [];
    const groups = new Map();
    for (const a of legal) {
      const key = /^\d/.test(a.text) && view.game === "lotus" ? `play ${a.text[0]}` : a.text[0];
      const name = view.game === "lotus" && LOTUS_GROUPS[key] ? LOTUS_GROUPS[key] : key;
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(a);
    }
    actions.replaceChildren(...[...groups].map(([name, list]) => h("div", { class: "rx-action-group" },
      h("span", { class: "rx-group-name", text: name }),
      list.map((a) => h("button", { class: "rx-btn rx-action", title: a.label, "data-text": a.text, text: a.text,
        onclick: () => send({ type: "act", text: a.text }) })))));
    if (!legal.length) actions.append(h("span", { class: "rx-hint", text: meta.hint || "" }));
    for (const b of [tools.play, tools.random]) b.disabled = !meta.can_act;
    tools.playout.disabled = !meta.can_playout;
    tools.promote.disabled = tools.del.disabled = !!meta.at_start;
    input.disabled = !meta.can_act;

    error.textContent = model.get("error") || "";
    error.hidden = !model.get("error");

    let current = null;
    log.replaceChildren(...entries.map((e) => {
      const li = h("li", {
        class: "rx-log-entry" + (e.current ? " rx-current" : "") + (e.future ? " rx-future" : ""),
        "data-id": e.id, title: e.label, value: e.ply, onclick: () => send({ type: "goto", id: e.id }),
      }, h("span", { class: "rx-move", text: e.text }),
      e.variations ? h("span", { class: "rx-varmark", title: `${e.variations} other move(s) here`,
        text: ` ↱${e.variations}` }) : null);
      if (e.actor !== null && e.actor !== undefined) li.style.setProperty("--seat", seatColor(view, e.actor));
      if (e.current) current = li;
      return li;
    }));
    if (current) {  // scroll the log box only, never the notebook around it
      const box = log.parentElement, top = current.offsetTop;
      if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = Math.max(0, top - box.clientHeight / 2);
      }
    }
    const br = model.get("branches") || [];
    branches.replaceChildren(...(br.length ? [h("span", { class: "rx-label", text: "branches here: " })] : []),
      ...br.map((b) => h("button", { class: "rx-btn rx-branch" + (b.main ? " rx-main" : ""), "data-id": b.id,
        text: b.text, title: b.label || b.text, onclick: () => send({ type: "goto", id: b.id }) })));
    if (meta.node !== lastNode && !model.get("error")) input.value = "";
    lastNode = meta.node;
  }

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; update(); });
  };
  const keys = ["view", "seat", "legal", "log", "branches", "error", "title", "meta"];
  for (const k of keys) model.on(`change:${k}`, schedule);
  update();
  return () => { for (const k of keys) model.off(`change:${k}`, schedule); };
}

export default { render };

// Spirits of the Rice Paddy: every player's field side by side (flat-top hexes in axial coordinates, as in
// explorer/core/hexgrid.py), walls and gates on hex sides, rocks, water discs, magic water, weeds, pests,
// fertiliser, planted/grown tiles, paddy outlines and sizes, the reservoir; above them a panel with the rain
// card, the turn order and every reservoir. `update` patches the drawn elements in place; discs fade and
// scale with CSS transitions (inline styles), so drain and flood steps animate. `preview` draws one arrow per
// water move of state.preview(action) (drain, flow, flood), with a count when several discs share a route.
// For the board editor (explorer/games/rice_paddy/edit.py): `data-place` on each field's hexes
// ("hex:Red:a"), inner edges ("edge:Red:ad"), reservoir ("reservoir:Red") and banner ("seat:Red");
// `data-piece` on what stands there (wall, gate, rock, water, magic, weed, pest, fertiliser, planted,
// grown, worker, livestock), set only while the piece is there.
// For annotations (explorer/games/rice_paddy/places.py, the same names): `data-mark` on each field ("Red field"),
// banner ("Red farm", "Red workers", "Red livestock"), reservoir, hex ("Red a"), side ("Red ab"), the panel's
// parts, each seat's row of cards ("Red hand", ...) and each spirit card shown ("spirit 7").

const RP = { size: 28, dirs: [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]] };
const RP_FILL = { field: "#efe6cf", paddy: "#dcecc8", planted: "#9fd18b", grown: "#e8c547" };
const RP_EASE = "transition: opacity .45s ease, transform .45s ease, fill .45s ease, stroke .3s ease;";

const rpPixel = (q, r) => hexCentre(q, r, RP.size);
const rpCorners = (q, r, size) => hexCorners(...rpPixel(q, r), size);

function rpEdge(a, b) {
  // the side between adjacent hexes a and b: corners (k+4)%6 and (k+5)%6 of a, k the direction a -> b
  const k = RP.dirs.findIndex(([dq, dr]) => dq === b[0] - a[0] && dr === b[1] - a[1]);
  if (k < 0) return null;
  const pts = rpCorners(a[0], a[1], RP.size);
  return [pts[(k + 4) % 6], pts[(k + 5) % 6]];
}

function rpSideMark(a, b, e, mark) {
  // an unpainted lozenge over the side (its ends and a little way towards both hexes' centres): a line has no
  // area, so this is what annotations outline
  const [ax, ay] = rpPixel(...a), [bx, by] = rpPixel(...b);
  const mx = (e[0][0] + e[1][0]) / 2, my = (e[0][1] + e[1][1]) / 2, f = 0.3;
  const pts = [e[0], [mx + (ax - mx) * f, my + (ay - my) * f], e[1], [mx + (bx - mx) * f, my + (by - my) * f]];
  return s("polygon", { class: "rp-side-mark", "data-mark": mark, points: pts.join(" "), fill: "none",
    stroke: "none", "pointer-events": "none" });
}

function rpBox(view) {
  const pts = view.board.hexes.map((x) => rpPixel(x.q, x.r));
  pts.push(rpPixel(...view.board.reservoir));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs) - RP.size, y0: Math.min(...ys) - RP.size,
    w: Math.max(...xs) - Math.min(...xs) + 2 * RP.size + 16, h: Math.max(...ys) - Math.min(...ys) + 2 * RP.size };
}

function rpPlace(view, i, where) {  // a place id of the board editor
  return where.replace("@", seatName(view, i));
}

function rpField(view, i, box) {
  const seat = view.seats[i];
  const who = seatName(view, i);
  const g = s("g", { class: "rp-field", "data-seat": i, "data-mark": `${who} field`,
    transform: `translate(${rpOrigin(box, i).join(",")})` });
  g.append(s("rect", { class: "rp-field-area", x: box.x0, y: box.y0, width: box.w, height: box.h,
    fill: "transparent" }));  // annotate: a click between the hexes picks the field
  const banner = s("g", { class: "rp-farm", "data-place": rpPlace(view, i, "seat:@"), "data-mark": `${who} farm` });
  banner.append(s("rect", { class: "rp-banner", x: box.x0, y: box.y0 - 26, width: box.w - 8, height: 20, rx: 3,
    fill: seatColor(view, i), stroke: OUTLINE, "stroke-width": 0.8 }));
  banner.append(s("text", { class: "rp-name", x: box.x0 + 5, y: box.y0 - 11, "font-size": 12,
    fill: ink(seatColor(view, i)), "font-weight": 600 }, s("tspan", { class: "rp-who" }),
  s("tspan", { class: "rp-workers", "data-mark": `${who} workers` }), s("tspan", { text: " " }),
  s("tspan", { class: "rp-livestock", "data-mark": `${who} livestock` }),
  s("tspan", { class: "rp-turn" })));
  g.append(banner);
  const [rq, rr] = view.board.reservoir;
  const [rx, ry] = rpPixel(rq, rr);
  const res = s("g", { class: "rp-res", "data-place": rpPlace(view, i, "reservoir:@"),
    "data-mark": `${who} reservoir` });
  res.append(s("polygon", { class: "rp-reservoir", points: rpCorners(rq, rr, RP.size * 0.92).join(" "),
    fill: "#bfdcf5", stroke: "#3a6ea5" }));
  res.append(s("text", { class: "rp-res-count", x: rx, y: ry + 4, "text-anchor": "middle", "font-size": 11 }));
  g.append(res);
  const hexes = s("g", { class: "rp-hexes" });
  const pos = {};
  for (const hx of view.board.hexes) {
    pos[hx.label] = [hx.q, hx.r];
    const [cx, cy] = rpPixel(hx.q, hx.r);
    const cell = s("g", { class: "rp-hex", "data-hex": hx.label, "data-place": rpPlace(view, i, `hex:@:${hx.label}`) });
    cell.append(s("polygon", { class: "rp-tile", "data-mark": `${who} ${hx.label}`,
      points: rpCorners(hx.q, hx.r, RP.size).join(" "), fill: RP_FILL.field, stroke: "#c9bb98", "stroke-width": 0.8,
      style: RP_EASE }));
    cell.append(s("text", { class: "rp-label", x: cx - RP.size * 0.62, y: cy - RP.size * 0.28, "font-size": 11,
      fill: "#4a3f22", text: hx.label }));
    cell.append(s("ellipse", { class: "rp-rock", cx: cx + 6, cy: cy + 7, rx: 7, ry: 5, fill: "#8d8d8d",
      stroke: "#555", opacity: 0, style: RP_EASE }));
    cell.append(s("circle", { class: "rp-disc", cx, cy: cy + 2, r: RP.size * 0.33, fill: "#3a8fd6", stroke: "#1f5f99",
      opacity: 0, style: RP_EASE + `transform-origin: ${cx}px ${cy + 2}px; transform: scale(0.2);` }));
    cell.append(s("circle", { class: "rp-magic", cx, cy: cy + 2, r: RP.size * 0.33, fill: "#b48be0", stroke: "#6b3fa0",
      "stroke-width": 2, opacity: 0, style: RP_EASE }));
    hexes.append(cell);
  }
  g.append(hexes);
  const edges = s("g", { class: "rp-edges" });
  for (const name of view.board.edges) {
    const e = rpEdge(pos[name[0]], pos[name[1]]);
    // the drawn side, and over it a wider transparent line to click on
    edges.append(s("g", { class: "rp-side", "data-place": rpPlace(view, i, `edge:@:${name}`) },
      s("line", { class: "rp-edge", "data-edge": name, x1: e[0][0], y1: e[0][1], x2: e[1][0], y2: e[1][1],
        stroke: "transparent", "stroke-width": 4, "stroke-linecap": "round", style: RP_EASE }),
      s("line", { class: "rp-edge-hit", x1: e[0][0], y1: e[0][1], x2: e[1][0], y2: e[1][1], stroke: "transparent",
        "stroke-width": 10, "data-mark-label": `${who} ${name}` }),  // annotate: a click on the side picks it
      rpSideMark(pos[name[0]], pos[name[1]], e, `${who} ${name}`)));
  }
  // the board's outer sides are printed walls
  const taken = new Set(Object.values(pos).map((p) => p.join(",")));
  taken.add(view.board.reservoir.join(","));
  for (const p of Object.values(pos)) {
    for (const [dq, dr] of RP.dirs) {
      const nb = [p[0] + dq, p[1] + dr];
      if (taken.has(nb.join(","))) continue;
      const e = rpEdge(p, nb);
      edges.append(s("line", { x1: e[0][0], y1: e[0][1], x2: e[1][0], y2: e[1][1], stroke: "#444",
        "stroke-width": 3 }));
    }
  }
  g.append(edges);
  g.append(s("g", { class: "rp-tokens" }));
  g.__pos = pos;
  rpUpdateField(g, view, seat, i);
  return g;
}

function rpTokens(view, seat, pos, i) {
  const out = [];
  for (const p of seat.paddies || []) {
    // the paddy's tokens, a place too: its contents are recorded on its first hex
    const mark = s("g", { class: "rp-paddy-tokens", "data-place": rpPlace(view, i, `hex:@:${p.hexes[0]}`) });
    out.push(mark);
    // the paddy's outline: every side of its hexes that does not lead to another of its hexes
    const mine = new Set([...p.hexes].map((c) => pos[c].join(",")));
    for (const c of p.hexes) {
      for (const [dq, dr] of RP.dirs) {
        const nb = [pos[c][0] + dq, pos[c][1] + dr];
        if (mine.has(nb.join(","))) continue;
        const e = rpEdge(pos[c], nb);
        out.push(s("line", { class: "rp-outline", x1: e[0][0], y1: e[0][1], x2: e[1][0], y2: e[1][1],
          stroke: "#2e9e57", "stroke-width": 1.2, "stroke-opacity": 0.9, "pointer-events": "none" }));
      }
    }
    const [cx, cy] = rpPixel(...pos[p.hexes[0]]);
    out.push(s("text", { class: "rp-size", x: cx + RP.size * 0.05, y: cy - RP.size * 0.3, "font-size": 11,
      "font-weight": 700, "pointer-events": "none", fill: p.chain === null ? "#5a4a1a" : "#1d4212",
      text: String(p.size) + (p.chain === null ? "" : "↓") },
    s("title", { text: `paddy ${p.hexes} (${p.size} hex${p.size > 1 ? "es" : ""})` +
      (p.chain === null ? ", not connected to the reservoir" : `, ${p.chain + 1} down from the reservoir`) })));
    for (let k = 0; k < p.weeds; k++) {
      const x = cx - RP.size * 0.6 + 6 * k;
      mark.append(s("path", { class: "rp-weed", "data-piece": "weed", d: `M${x},${cy + 14} l3,-7 l3,7 z`,
        fill: "#3c9a3c" }));
    }
    for (let k = 0; k < p.pests; k++) {
      mark.append(s("circle", { class: "rp-pest", "data-piece": "pest", cx: cx + RP.size * 0.15 + 5 * k, cy: cy + 14,
        r: 2.2, fill: "#111" }));
    }
    if (p.crop) {  // the planting tile, a piece of its own (the hex's fill shows it too)
      mark.append(s("rect", { class: "rp-crop", "data-piece": p.crop, x: cx - RP.size * 0.8, y: cy - 2, width: 8,
        height: 8, rx: 1.5, fill: RP_FILL[p.crop], stroke: "#1d4212", "stroke-width": 1 },
      s("title", { text: `${p.crop} tile` })));
    }
    if (p.fertilised) {
      mark.append(s("rect", { class: "rp-fert", "data-piece": "fertiliser", x: cx + 10, y: cy + 1, width: 6, height: 6,
        fill: "#f1c40f",
        stroke: "#9a7d0a" }));
    }
  }
  return out;
}

function rpMark(el, piece) {  // a drawn piece: picked and removed in the editor while it is there
  if (piece) el.setAttribute("data-piece", piece);
  else el.removeAttribute("data-piece");
}

function rpUpdateField(g, view, seat, i) {
  g.querySelector(".rp-who").textContent = `${seatName(view, i)} · rice ${seat.rice} · `;
  g.querySelector(".rp-workers").textContent = `W${seat.workers}`;
  rpMark(g.querySelector(".rp-workers"), seat.workers > 0 && "worker");
  g.querySelector(".rp-livestock").textContent = `L${seat.livestock}`;
  rpMark(g.querySelector(".rp-livestock"), seat.livestock > 0 && "livestock");
  g.querySelector(".rp-turn").textContent = view.current_player === i ? " ◀" : "";
  g.querySelector(".rp-res-count").textContent = `R ${seat.reservoir}`;
  rpMark(g.querySelector(".rp-res-count"), seat.reservoir > 0 && "water");
  const paddyOf = {};
  for (const p of seat.paddies || []) for (const c of p.hexes) paddyOf[c] = p;
  g.querySelectorAll(".rp-hex").forEach((cell) => {
    const label = cell.getAttribute("data-hex");
    const p = paddyOf[label];
    const fill = p ? RP_FILL[p.crop] || RP_FILL.paddy : RP_FILL.field;
    cell.querySelector(".rp-tile").setAttribute("fill", fill);
    const wet = seat.water.includes(label);
    const disc = cell.querySelector(".rp-disc");
    disc.setAttribute("opacity", wet ? 1 : 0);
    disc.style.transform = wet ? "scale(1)" : "scale(0.2)";
    for (const [sel, on, piece] of [[".rp-disc", wet, "water"], [".rp-magic", seat.magic.includes(label), "magic"],
      [".rp-rock", seat.rocks.includes(label), "rock"]]) {
      const el = cell.querySelector(sel);
      el.setAttribute("opacity", on ? 1 : 0);
      el.setAttribute("pointer-events", on ? "visiblePainted" : "none");  // an absent piece: a click is the hex's
      rpMark(el, on && piece);
    }
  });
  const walls = new Set(seat.walls), gates = new Set(seat.gates);
  g.querySelectorAll(".rp-edge").forEach((line) => {
    const name = line.getAttribute("data-edge");
    line.setAttribute("stroke", walls.has(name) ? "#666" : gates.has(name) ? "#111" : "transparent");
    line.setAttribute("stroke-dasharray", gates.has(name) ? "4 3" : "none");
    rpMark(line.parentNode, walls.has(name) ? "wall" : gates.has(name) && "gate");
  });
  patch(g.querySelector(".rp-tokens"), seat.paddies, () => rpTokens(view, seat, g.__pos, i));
}

function rpOrigin(box, i) {  // three fields in a row; four in two rows of two, to fit a notebook's width
  const col = i % box.perRow, row = Math.floor(i / box.perRow);
  return [8 + box.w * col - box.x0, 40 - box.y0 + row * (box.h + 52)];
}

function rpPoint(view, box, [seat, where]) {
  // [seat, hex label | "reservoir" | "supply"] -> board pixels (the supply sits under that seat's field)
  const [ox, oy] = rpOrigin(box, seat);
  if (where === "supply") {
    const [rx] = rpPixel(...view.board.reservoir);
    return [ox + rx, oy + box.y0 + box.h - 2];
  }
  const hx = where === "reservoir" ? { q: view.board.reservoir[0], r: view.board.reservoir[1] }
    : view.board.hexes.find((x) => x.label === where);
  if (!hx) return null;
  const [x, y] = rpPixel(hx.q, hx.r);
  return [ox + x, oy + y];
}

function rpPreview(svg, preview, view) {
  const layer = svg.querySelector(".rp-preview");
  if (!layer) return;
  layer.replaceChildren();
  const box = svg.__box;
  const routes = new Map();
  for (const m of preview?.water || []) {
    const key = JSON.stringify([m.from, m.to]);
    routes.set(key, { m, n: (routes.get(key)?.n || 0) + 1 });
  }
  for (const { m, n } of routes.values()) {
    const a = rpPoint(view, box, m.from), b = rpPoint(view, box, m.to);
    if (!a || !b) continue;
    // stop short of the target's centre; bend arrows between fields so they clear the hexes
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const end = [b[0] - ((b[0] - a[0]) / len) * 8, b[1] - ((b[1] - a[1]) / len) * 8];
    const bend = m.from[0] === m.to[0] ? 0 : -30;
    const mid = [(a[0] + end[0]) / 2, Math.min(a[1], end[1]) + bend];
    layer.append(s("path", { class: "rp-arrow", d: `M${a[0]},${a[1]} Q${mid[0]},${mid[1]} ${end[0]},${end[1]}`,
      fill: "none", stroke: "#1f5f99", "stroke-width": 2.5, "stroke-opacity": 0.85,
      "marker-end": "url(#rp-arrowhead)" },
    s("title", { text: `water: ${m.from[1]} (${seatName(view, m.from[0])}) → ${m.to[1]} (${seatName(view, m.to[0])})` +
      (n > 1 ? ` ×${n}` : "") })));
    if (n > 1) {
      layer.append(s("text", { class: "rp-arrow-count", x: mid[0], y: mid[1] + (bend ? 12 : -4), "font-size": 11,
        "font-weight": 700, fill: "#1f5f99", "text-anchor": "middle", text: `×${n}` }));
    }
    if (m.to[1] === "supply") {
      layer.append(s("text", { x: b[0], y: b[1] - 2, "font-size": 11, fill: "#1f5f99", "text-anchor": "middle",
        text: "supply" }));
    }
  }
}

function rpPanel(view) {
  const out = [];
  const r = view.rain;
  out.push(h("span", { class: "rx-stat", title: "this round's rain card", "data-mark": "rain card",
    text: r ? `rain: ${r.discs} disc(s)` + (r.weeds ? `, +${r.weeds} weed` : "") + (r.pests ? `, +${r.pests} pest` : "") +
      (r.target ? ` (${r.target} paddies)` : "") + (r.water ? ` · ${r.water} on the card` : "") : "rain: —" }));
  out.push(h("span", { class: "rx-stat", "data-mark": "turn order",
    title: "turn order (lowest highest spirit card first)",
    text: "order: " + ((view.order || []).map((i) => `${seatName(view, i)} (${view.seats[i].highest})`).join(" → ") || "—") }));
  out.push(h("span", { class: "rx-stat", title: "water in each reservoir",
    text: "reservoirs: " + view.seats.map((x, i) => `${seatName(view, i)} ${x.reservoir}`).join(", ") }));
  out.push(h("span", { class: "rx-stat", "data-mark": "supply",
    text: `supply: water ${view.supply.water}, magic ${view.supply.magic}` }));
  out.push(h("span", { class: "rx-stat", title: "face-up achievements", "data-mark": "achievements",
    text: "achievements: " + (view.achievements || []).map((a) => `${a.kind.replace(/_/g, " ")} ${a.need} → ${a.rice}`)
      .join("; ") }));
  for (const el of out) el.style.whiteSpace = "normal";  // long lines (the achievements) wrap
  return out;
}

function rpCard(c, seen) {  // a spirit card as the view gives it: its number and effect, the rest in the tooltip
  const effect = `${c.effect.replace(/_/g, " ")}${c.amount > 1 ? ` ${c.amount}` : ""}`;
  return h("span", { class: "rp-card", text: `${c.n} ${effect}`, "data-mark": rpCardMark(c, seen),
    title: `spirit ${c.n}: ${c.kind}, ${effect}` + (c.once ? ", once" : "") + (c.lasting ? `, lasts the ${c.lasting}` : ""),
    style: "display:inline-block;margin:0 3px;padding:0 4px;border:1px solid #aaa;border-radius:3px;background:#fff" });
}

function rpCardMark(c, seen) {  // "spirit 7" where the card is first drawn (a face-down pick is still in its hand)
  if (seen.has(c.n)) return null;
  seen.add(c.n);
  return `spirit ${c.n}`;
}

function rpCards(label, cards, size, mark, seen) {
  // a seat's cards: drawn when the view shows them, else how many it holds (nothing when it holds none)
  if (Array.isArray(cards)) {
    if (!cards.length) return null;
    return h("span", { class: "rx-stat", "data-mark": mark }, `${label} `, ...cards.map((c) => rpCard(c, seen)));
  }
  return size ? h("span", { class: "rx-stat", "data-mark": mark,
    text: `${label}: ${size} card${size > 1 ? "s" : ""} (hidden)` }) : null;
}

function rpPlayed(x, who, seen) {  // "played 3, 12": each number a card of its own for annotations
  const cards = x.played || [];
  const parts = cards.flatMap((c, k) => [k ? ", " : null, h("span", { "data-mark": rpCardMark(c, seen), text: c.n })]);
  return h("span", { class: "rx-stat", "data-mark": `${who} played` }, "played ",
    ...(cards.length ? parts : ["—"]));
}

function rpSeats(view) {
  const seen = new Set();
  return view.seats.map((x, i) => {
    const who = seatName(view, i);
    return h("div", { class: "rx-seatrow" + (view.current_player === i ? " rx-turn" : ""),
      style: `--seat: ${seatColor(view, i)}` },
    h("span", { class: "rx-seatname", text: who }),
    rpPlayed(x, who, seen),
    rpCards("hand", x.hand, x.hand_size, `${who} hand`, seen),
    rpCards("draft hand", x.draft, x.draft_size, `${who} draft hand`, seen),
    x.pick ? h("span", { class: "rx-stat", "data-mark": `${who} pick` }, "picked ", rpCard(x.pick, seen))
      : x.picked ? h("span", { class: "rx-stat", "data-mark": `${who} pick`, text: "picked (hidden)" }) : null,
    h("span", { class: "rx-stat", "data-mark": `${who} allocation`, text: x.allocation === null ? "allocation hidden"
      : `allocated: ${(x.allocation || []).map((a) => `${a.box}×${a.count}`).join(", ") || "—"}` }),
    h("span", { class: "rx-score", "data-mark": `${who} rice`, text: `rice ${x.rice}` }));
  });
}

registerBoard("rice_paddy", {
  draw(view, ctx) {
    const box = rpBox(view);
    box.perRow = view.seats.length > 3 ? 2 : view.seats.length;
    const rows = Math.ceil(view.seats.length / box.perRow);
    const width = Math.max(box.w * box.perRow + 8, 420), height = rows * (box.h + 52);
    const svg = s("svg", { class: "rp-board", width, height, viewBox: `0 0 ${width} ${height}`,
      "font-family": "sans-serif" });
    view.seats.forEach((_, i) => svg.append(rpField(view, i, box)));
    svg.append(s("defs", {}, s("marker", { id: "rp-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5,
      markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" },
    s("path", { d: "M0,0 L10,5 L0,10 z", fill: "#1f5f99" }))));
    svg.append(s("g", { class: "rp-preview", "pointer-events": "none" }));
    svg.__box = box;
    const wrap = h("div", { class: "rx-rice-paddy" }, h("div", { class: "rx-status" }),
      h("div", { class: "rx-result-box" }), h("div", { class: "rx-supply rp-panel" }), svg,
      h("div", { class: "rx-seats" }));
    wrap.__shape = JSON.stringify([view.board, view.seats.length]);
    this.update(wrap, view, null, ctx);
    return wrap;
  },
  update(wrap, view) {
    if (wrap.__shape !== JSON.stringify([view.board, view.seats.length])) return false;
    wrap.querySelector(".rx-status").textContent = view.label +
      (view.current_player === null ? "" : ` · ${seatName(view, view.current_player)} to decide`);
    patch(wrap.querySelector(".rx-result-box"), view.result, () => view.result
      ? h("span", { class: "rx-result", text: `Final rice ${view.result.seats.join(" / ")} · winner: ` +
        view.result.winners.map((i) => seatName(view, i)).join(", ") }) : null);
    patch(wrap.querySelector(".rp-panel"), [view.rain, view.order, view.seats.map((x) => x.reservoir),
      view.supply, view.achievements], () => rpPanel(view));
    wrap.querySelectorAll(".rp-field").forEach((g, i) => rpUpdateField(g, view, view.seats[i], i));
    patch(wrap.querySelector(".rx-seats"), [view.seats.map((x) => [x.played, x.hand, x.hand_size, x.draft,
      x.draft_size, x.pick, x.picked, x.allocation, x.rice]), view.current_player], () => rpSeats(view));
    return true;
  },
  preview(wrap, preview, view) {
    const svg = wrap.querySelector(".rp-board");
    if (svg) rpPreview(svg, preview, view);
  },
});

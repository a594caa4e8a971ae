// Lotus (the card game): the garden of growing flowers with control meters, the wildflower display and each
// seat's row (its hand only when the view carries it). Updates patch each flower and each row in place.

const WILD = "#f3efe2";
// The board editor's marks (explorer/games/lotus/edit.py): data-piece on a card, guardian or token row,
// data-place on the garden, a flower, a hand, the display and each seat's deck, pile, supply and tokens.
// Annotation places (explorer/games/lotus/places.py): data-mark on the garden, each flower, each face-up card,
// the display, the wildflower deck, the Winter Lotus and each seat's hand, deck, pile, tokens and supply. A flower
// is a whole (data-mark-whole: a click on a card on it marks the flower, widgets/marks.js); the Garden heading
// picks the garden (data-mark-label), which its flowers cover.
const seatKey = (view, i) => cap(view.seats?.[i]?.color || String(i));

function cardSvg(view, card) {
  const wild = card.owner === null || card.owner === undefined;
  const fill = wild ? WILD : seatColor(view, card.owner);
  const svg = s("svg", { class: "rx-card" + (wild ? " rx-card-wild" : ""), width: 26, height: 36,
    viewBox: "0 0 26 36", "data-id": card.id, "data-piece": card.id, "data-mark": card.id });
  svg.append(s("title", { text: `${card.id}: ${card.petals} petals, ` +
    (wild ? "wildflower" : `${card.symbols} symbol(s)`) }));
  svg.append(s("rect", { x: 1, y: 1, width: 24, height: 34, rx: 4, fill, stroke: "#555" }));
  svg.append(s("text", { x: 13, y: 17, "text-anchor": "middle", class: "rx-card-num",
    fill: ink(fill), text: String(card.petals) }));
  if (wild) svg.append(s("text", { x: 13, y: 30, "text-anchor": "middle", class: "rx-card-mark",
    fill: "#3d6318", text: "✿" }));
  for (let k = 0; k < (card.symbols || 0); k++) {
    svg.append(s("circle", { cx: card.symbols === 2 ? 9 + 8 * k : 13, cy: 27, r: 3, fill: "#fff",
      stroke: "#333" }));
  }
  return svg;
}

function drawFlower(view, f, x, y, scale) {
  const g = s("g", { class: "rx-flower", transform: `translate(${x},${y})`, "data-petals": f.petals,
    "data-placed": f.placed, "data-place": `flower:${f.name}`, "data-mark": f.name, "data-mark-whole": "" });
  g.append(s("title", { text: `${f.name}: ${f.placed}/${f.petals} petals` }));
  g.append(s("rect", { class: "rx-flower-area", x: 0, y: 0, width: 150, height: gardenLayout(view).cellH,
    fill: "transparent" }));  // the whole cell takes a click (the editor's place)
  const cx = 75, cy = 60;
  for (let k = 0; k < f.petals; k++) {
    const angle = (360 * k) / f.petals;
    const card = f.cards?.[k];
    const pg = s("g", { transform: `translate(${cx},${cy}) rotate(${angle})` });
    if (card) {
      const wild = card.owner === null || card.owner === undefined;
      pg.setAttribute("class", "rx-petal rx-petal-placed" + (wild ? " rx-petal-wild" : ""));
      pg.setAttribute("data-id", card.id);
      pg.setAttribute("data-piece", card.id);
      pg.setAttribute("data-mark", card.id);
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
    const piece = `${gd.elder ? "elder" : "guardian"}:${seatKey(view, gd.seat)}`;
    const label = `${seatKey(view, gd.seat)} ${gd.elder ? "Elder Guardian" : "guardian"} on the ${f.name}`;
    if (gd.elder) {
      g.append(s("rect", { class: "rx-guardian rx-elder", x: gx - 6, y: gy - 6, width: 12, height: 12,
        transform: `rotate(45 ${gx} ${gy})`, fill: seatColor(view, gd.seat), stroke: "#222",
        "data-piece": piece, "aria-label": label }, title));
    } else {
      g.append(s("circle", { class: "rx-guardian", cx: gx, cy: gy, r: 5, fill: seatColor(view, gd.seat),
        stroke: "#222", "data-piece": piece, "aria-label": label }, title));
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
    row.append(s("rect", { x: 0, y: i * 13, width, height: 9, fill: "#eee", rx: 2 }));
    row.append(s("rect", { class: "rx-meter-bar", x: 0, y: i * 13, width: (width * v) / scale, height: 9,
      fill: seatColor(view, i), rx: 2, stroke: lead ? "#111" : OUTLINE, "stroke-width": lead ? 1.5 : 0.5 }));
    row.append(s("text", { x: width + 4, y: i * 13 + 9, class: "rx-meter-num", text: String(v) }));
    g.append(row);
  });
  let text = "no control";
  const best = Math.max(0, ...infl);
  if (leaders.length === 1) text = "reward: " + seatShort(view, (f.reward || leaders)[0]);
  else if (leaders.length > 1) text = (best > 0 ? "tie: " : "tie at 0: ") + leaders.map((i) => seatShort(view, i)).join(", ");
  g.append(s("text", { x: 0, y: infl.length * 13 + 11, class: "rx-meter-text", text }));
  return g;
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

function gardenLayout(view) {
  const flowers = view.flowers || [];
  const cols = Math.max(1, Math.min(flowers.length, 5));
  const rows = Math.max(1, Math.ceil(flowers.length / cols));
  const cellH = 154 + 13 * (view.seats?.length || 1);
  const scale = Math.max(3, ...flowers.flatMap((f) => f.influence || [0]));
  return { n: flowers.length, cols, rows, cellH, scale };
}

function updateGarden(box, view) {
  const L = gardenLayout(view);
  patch(box, L, () => {
    if (!L.n) {
      return s("svg", { class: "rx-garden-svg", viewBox: "0 0 300 32", width: 300, height: 32, "data-place": "garden",
        "data-mark": "garden" },
        s("text", { x: 4, y: 20, class: "rx-empty", text: "The garden is empty." }));
    }
    const svg = s("svg", { class: "rx-garden-svg", viewBox: `0 0 ${L.cols * 150} ${L.rows * L.cellH}`,
      width: L.cols * 150, height: L.rows * L.cellH, "data-mark": "garden" });
    for (let i = 0; i < L.n; i++) {
      svg.append(s("g", { class: "rx-flower-slot", transform: `translate(${(i % L.cols) * 150},${Math.floor(i / L.cols) * L.cellH})` }));
    }
    return svg;
  });
  const slots = box.querySelectorAll(".rx-flower-slot");
  (view.flowers || []).forEach((f, i) => {
    const colors = (view.seats || []).map((x) => x.color);
    if (slots[i]) patch(slots[i], [f, L.scale, colors], () => drawFlower(view, f, 0, 0, L.scale));
  });
}

function supplyStat(view, seat, i) {
  const key = seatKey(view, i), n = seat.supply?.insects ?? 0;
  return h("span", { class: "rx-stat", title: "guardians in supply", "data-place": `supply:${key}`,
    "data-mark": `${key} supply` }, "supply ",
    h("span", { "data-piece": n ? `guardian:${key}` : null, "aria-label": n ? `${key} guardian in the supply` : null,
      text: `${n} insect(s)` }),
    seat.supply?.elder ? h("span", { "data-piece": `elder:${key}`, "aria-label": `${key} Elder Guardian in the supply`,
      text: " + elder" }) : null);
}

function seatRow(view, seat, i) {
  const key = seatKey(view, i);
  const empty = Array.isArray(seat.hand) && !seat.hand.length;  // an empty hand has no height: mark its count
  const hand = Array.isArray(seat.hand)
    ? h("span", { class: "rx-hand", "data-place": `hand:${key}`, "data-mark": empty ? null : `${key} hand` },
      seat.hand.map((c) => cardSvg(view, c)))
    : h("span", { class: "rx-hand rx-hidden", "data-place": `hand:${key}`, "data-mark": `${key} hand` },
      h("span", { class: "rx-facedown", title: "face-down cards", text: `▮ × ${seat.hand_size}` }));
  return [
    h("span", { class: "rx-chip" }),
    h("span", { class: "rx-seatname", text: seatName(view, i) + (seat.team !== null && seat.team !== undefined ? ` (team ${seat.team + 1})` : "") }),
    hand,
    h("span", { class: "rx-stat", title: "hand / limit", text: `hand ${seat.hand_size}/${seat.hand_limit}`,
      "data-mark": empty ? `${key} hand` : null }),
    h("span", { class: "rx-stat", title: "cards in deck", text: `deck ${seat.deck_size}`, "data-place": `deck:${key}`,
      "data-mark": `${key} deck` }),
    h("span", { class: "rx-stat", title: "scoring pile", text: `pile ${seat.pile_size}`, "data-place": `pile:${key}`,
      "data-mark": `${key} pile` }),
    h("span", { class: "rx-stat", title: "scoring tokens", text: `tokens ${seat.tokens}`, "data-place": `tokens:${key}`,
      "data-mark": `${key} tokens`,
      "data-piece": seat.tokens ? `token:${key}` : null, "aria-label": seat.tokens ? `a scoring token of ${key}` : null }),
    supplyStat(view, seat, i),
    h("span", { class: "rx-powers" }, (seat.powers || []).map((p) => h("span", { class: "rx-power", text: p }))),
    h("span", { class: "rx-score", title: "public score", text: `score ${seat.score}` }),
  ];
}

function updateSeats(box, view) {
  const seats = view.seats || [];
  patch(box, seats.length, () => seats.map((_, i) => h("div", { class: "rx-seatrow", "data-seat": i })));
  box.querySelectorAll(".rx-seatrow").forEach((row, i) => {
    const seat = seats[i];
    row.className = "rx-seatrow" + (view.current_player === i ? " rx-turn" : "") + (view.viewer === i ? " rx-me" : "");
    row.style.setProperty("--seat", seatColor(view, i));
    patch(row, [seat, view.seats.map((x) => x.color)], () => seatRow(view, seat, i));
  });
}

function updateSupply(box, view) {
  patch(box, [view.display, view.wild_deck, view.tokens_left, view.winter_lotus, view.solo_completed, view.solo], () => {
    const out = [];
    if (!view.solo || (view.display || []).length) {
      out.push(h("span", { class: "rx-display", "data-place": "display", "data-mark": "display" },
        h("span", { class: "rx-label", text: "Wildflowers: " }),
        (view.display || []).map((c) => cardSvg(view, c))));
    }
    out.push(h("span", { class: "rx-stat", text: `wild deck ${view.wild_deck}`, "data-place": "wild_deck",
      "data-mark": "wildflower deck" }));
    if (view.tokens_left !== null && view.tokens_left !== undefined) {
      out.push(h("span", { class: "rx-stat", text: `tokens left ${view.tokens_left}` }));
    }
    if (view.winter_lotus !== null && view.winter_lotus !== undefined) {
      out.push(h("span", { class: "rx-stat rx-winter", text: `Winter Lotus ${view.winter_lotus}`,
        "data-mark": "Winter Lotus" }));
      out.push(h("span", { class: "rx-stat", text: `completed: ${(view.solo_completed || []).join(", ") || "none"}` }));
    }
    return out;
  });
}

registerBoard("lotus", {
  draw(view, ctx) {
    const wrap = h("div", { class: "rx-garden" },
      h("div", { class: "rx-status" }), h("div", { class: "rx-result-box" }),
      h("div", { class: "rx-label rx-garden-place", "data-place": "garden", "data-mark-label": "garden", title: "the garden: a card put here "
        + "goes onto the flower of its type", text: "Garden" }), h("div", { class: "rx-garden-box" }),
      h("div", { class: "rx-supply" }), h("div", { class: "rx-seats" }));
    this.update(wrap, view, null, ctx);
    return wrap;
  },
  update(wrap, view) {
    wrap.querySelector(".rx-status").textContent = statusLine(view);
    patch(wrap.querySelector(".rx-result-box"), view.result || null, () => resultLine(view));
    updateGarden(wrap.querySelector(".rx-garden-box"), view);
    updateSupply(wrap.querySelector(".rx-supply"), view);
    updateSeats(wrap.querySelector(".rx-seats"), view);
    return true;
  },
});

// Lotus, the six-player chaos game: the hex board (zones), the six tokens in their colours with their numbers,
// each seat's play area and (when the view carries it) its objective, with its hexes highlighted on demand.
// Updates move the tokens in place (a CSS transition animates stepping); previews draw an arrow per moving token.
// The board editor's marks (explorer/games/lotus_chaos/edit.py): data-place on every hex ("hex:N", "hex:1,-2"),
// each play area ("area:Red") and the deck; data-piece on each token on the board ("token:Red") and each card
// in a play area ("12", "b3").
// Annotation marks (explorer/games/lotus_chaos/places.py): data-mark on each hex ("N", "centre", "1,-2"), each
// token on the board ("Red token"), play area ("Red play area"), card ("12"), shown objective ("Red objective"),
// and on the deck, the discard pile and the blank cards.

const CHAOS_SIZE = 24;
const CHAOS_ZONE = { plain: "#f4f1e8", red: "#d1495b", purple: "#9b6fc0", blue: "#5b8fd0", green: "#6fb46f" };

const chaosPx = (q, r) => hexCentre(q, r, CHAOS_SIZE);

const chaosHexPlace = (q, r, corner) => `hex:${corner || `${q},${r}`}`;
const chaosHexMark = (q, r, corner) => corner || (q === 0 && r === 0 ? "centre" : `${q},${r}`);

function chaosPolygon(q, r) {
  return hexCorners(...chaosPx(q, r), CHAOS_SIZE).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

// where each seat's token sits: tokens sharing a hex are spread a little
function chaosSpots(view) {
  const byHex = {};
  (view.seats || []).forEach((st, i) => {
    if (st.hex) (byHex[st.hex.join(",")] ||= []).push(i);
  });
  const spots = {};
  for (const seats of Object.values(byHex)) {
    const n = seats.length;
    seats.forEach((i, k) => {
      const [x, y] = chaosPx(...view.seats[i].hex);
      const dx = n > 1 ? (k - (n - 1) / 2) * (n > 3 ? 8 : 11) : 0;
      const dy = n > 3 ? (k % 2 ? 5 : -5) : 0;
      spots[i] = [x + dx, y + dy];
    });
  }
  return spots;
}

function chaosMayHighlight(view, i) {
  const st = view.seats[i];
  return !!st.objective && (view.viewer === null || view.viewer === undefined || view.viewer === i);
}

function chaosBoardSvg(view, el) {
  const r = view.radius;
  const w = CHAOS_SIZE * (3 * r + 2), hgt = CHAOS_SIZE * Math.sqrt(3) * (2 * r + 1);
  const svg = s("svg", { class: "rx-chaos-svg", width: w + 4, height: hgt + 4,
    viewBox: `${-w / 2 - 2} ${-hgt / 2 - 2} ${w + 4} ${hgt + 4}` });
  svg.append(s("defs", {}, s("marker", { id: "rx-chaos-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" },
  s("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#111" }))));
  const hexes = s("g", { class: "rx-chaos-hexes" });
  for (const [q, rr, zone, corner] of view.zones || []) {
    const poly = s("polygon", { class: "rx-chaos-hex", points: chaosPolygon(q, rr), fill: CHAOS_ZONE[zone] || "#eee",
      stroke: "#777", "stroke-width": 1, "data-q": q, "data-r": rr, "data-zone": zone,
      "data-place": chaosHexPlace(q, rr, corner), "data-mark": chaosHexMark(q, rr, corner) },
    s("title", { text: `${q},${rr} ${zone}${corner ? " " + corner : ""}` }));
    hexes.append(poly);
    if (corner) {
      const [cx, cy] = chaosPx(q, rr);
      hexes.append(s("text", { x: cx, y: cy - CHAOS_SIZE * 0.46, "text-anchor": "middle", "font-size": 11,
        "font-weight": 700, fill: ink(CHAOS_ZONE[zone] || "#eee"), text: corner, "pointer-events": "none" }));
    }
  }
  svg.append(hexes);
  svg.append(s("g", { class: "rx-chaos-tokens" }));
  svg.append(s("g", { class: "rx-chaos-preview", "pointer-events": "none" }));
  el.__rxRadius = r;
  return svg;
}

function chaosToken(view, i) {
  const st = view.seats[i];
  const fill = seatColor(view, i);
  return s("g", { class: "rx-chaos-token", "data-seat": i,
    style: "transition: transform 0.45s ease, opacity 0.3s ease" },
  s("title", { text: st.name }),
  s("circle", { r: 9, fill, stroke: OUTLINE, "stroke-width": 1.2 }),
  s("text", { y: 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: ink(fill), text: String(st.number) }));
}

function chaosPlaceTokens(el, view) {
  const layer = el.querySelector(".rx-chaos-tokens");
  const spots = chaosSpots(view);
  (view.seats || []).forEach((st, i) => {
    let tok = layer.querySelector(`.rx-chaos-token[data-seat="${i}"]`);
    if (!tok) {
      tok = chaosToken(view, i);
      layer.append(tok);
    }
    const spot = spots[i];
    const corner = st.hex && (view.zones || []).find(([q, r]) => q === st.hex[0] && r === st.hex[1])?.[3];
    if (spot) {  // the token is a piece on its hex (and clicking it puts a picked piece on that hex)
      tok.setAttribute("data-piece", `token:${cap(st.color)}`);
      tok.setAttribute("data-mark", `${cap(st.color)} token`);
      tok.setAttribute("data-place", chaosHexPlace(st.hex[0], st.hex[1], corner));
      tok.setAttribute("aria-label", `${st.name}'s token`);
      tok.style.pointerEvents = "";
      tok.setAttribute("transform", `translate(${spot[0].toFixed(1)},${spot[1].toFixed(1)})`);
      tok.style.transform = `translate(${spot[0].toFixed(1)}px,${spot[1].toFixed(1)}px)`;
      tok.style.opacity = "1";
    } else {
      tok.style.opacity = "0";  // out of the game (or not placed yet)
      for (const a of ["data-piece", "data-place", "data-mark", "aria-label"]) tok.removeAttribute(a);
      tok.style.pointerEvents = "none";
    }
    tok.classList.toggle("rx-chaos-out", !st.alive);
    tok.classList.toggle("rx-chaos-current", view.current_player === i);
    tok.querySelector("circle").setAttribute("stroke-width", view.current_player === i ? 3 : 1.2);
  });
}

function chaosHighlight(el, view, key) {
  el.__rxHighlight = key;
  const zones = new Set();
  (view.seats || []).forEach((st, i) => {
    if (key !== null && chaosMayHighlight(view, i) && st.objective.key === key) {
      for (const h of st.objective.zones) zones.add(h.join(","));
    }
  });
  el.querySelectorAll(".rx-chaos-hex").forEach((p) => {
    const on = zones.has(`${p.getAttribute("data-q")},${p.getAttribute("data-r")}`);
    p.setAttribute("stroke", on ? "#111" : "#777");
    p.setAttribute("stroke-width", on ? 3 : 1);
    p.classList.toggle("rx-chaos-objective", on);
  });
}

const CHAOS_CHIP = "display:inline-block;margin:1px 3px;padding:0 5px;border:1px solid #888;border-radius:3px;" +
  "background:#fff;font-size:12px;white-space:nowrap";

function chaosCard(c) {
  // one card of a play area, a chip of its own; a written blank card shows its text when it is short
  const text = c.printed || c.text || "";
  const short = c.blank && c.text && c.text.length <= 28;
  return h("span", { class: "rx-chaos-card" + (c.blank ? " rx-chaos-blank" : ""),
    title: text ? `${c.id}: ${text}` : c.id, text: short ? `${c.id} “${c.text}”` : c.id, "data-piece": c.id,
    "data-mark": c.id,
    "aria-label": `card ${c.id}` + (text ? `: ${text}` : ""),
    style: CHAOS_CHIP + (c.blank ? ";border-style:dashed;background:#fdf8e4" : "") });
}

function chaosSeats(el, view) {
  const box = el.querySelector(".rx-chaos-seats");
  patch(box, [view.seats, view.current_player, view.viewer], () => (view.seats || []).map((st, i) => {
    const cards = (st.cards || []).flatMap((c, k) => (k ? [" ", chaosCard(c)] : [chaosCard(c)]));  // spaced in text too
    const row = h("div", { class: "rx-seat rx-chaos-seat" + (st.alive ? "" : " rx-chaos-out"), "data-seat": i,
      "data-place": `area:${cap(st.color)}`, "data-mark": `${cap(st.color)} play area`,
      style: st.alive ? "" : "color: #5f5f5f" },
    h("span", { class: "rx-chaos-swatch", style: `display:inline-block;width:10px;height:10px;border-radius:5px;` +
      `background:${st.alive ? COLORS[st.color] || "#888" : "#bbb"};border:1px solid #333` }),
    " ", h("b", { text: st.name }), st.alive ? "" : " (out)", view.current_player === i ? " ◀" : "", " · ",
    ...(cards.length ? cards : ["no cards"]));
    if (st.objective) {
      const btn = chaosMayHighlight(view, i)
        ? h("button", { class: "rx-chaos-objective-btn", type: "button", text: `objective: ${st.objective.key}`,
          title: st.objective.text, "data-mark": `${cap(st.color)} objective`,
          onclick: () => chaosHighlight(el, view, el.__rxHighlight === st.objective.key ? null : st.objective.key) })
        : h("span", { text: ` objective: ${st.objective.key}`, title: st.objective.text,
          "data-mark": `${cap(st.color)} objective` });
      row.append(" ", btn);
    }
    return row;
  }));
}

// the status line's parts (text, and spans marking the revealed cards and the blank cards)
function chaosStatus(view) {
  const bits = [[`round ${view.round}`], [`phase ${view.phase}`]];
  if (view.current_player !== null && view.current_player !== undefined) {
    bits.push([`${seatName(view, view.current_player)} to decide`]);
  }
  if (view.revealed?.length) {
    bits.push(["revealed: ", ...view.revealed.flatMap((c, k) => [k ? ", " : "",
      h("span", { "data-mark": c.id, text: c.id })])]);
  }
  bits.push([`deck ${view.deck_size} · `,
    h("span", { "data-mark": "blank cards", text: `blank cards ${view.blanks_left}` })]);
  if (view.notice) bits.push([`rejected card: ${view.notice.message}`]);
  if (view.result) bits.push([`game over: ${view.result.outcome}`]);
  return bits.flatMap((b, k) => (k ? [" · ", ...b] : b)).filter((x) => x !== "");
}

registerBoard("lotus_chaos", {
  draw(view, ctx) {
    const el = h("div", { class: "rx-chaos" }, h("div", { class: "rx-status rx-chaos-status" }),
      h("div", { class: "rx-chaos-board" }), h("div", { class: "rx-chaos-seats" }),
      h("div", { class: "rx-chaos-deck", "data-place": "deck",
        title: "the action deck (a card put here goes on top)",
        style: "display:inline-block;margin-top:4px;padding:2px 10px;border:1px dashed #777;border-radius:3px" }));
    el.querySelector(".rx-chaos-board").append(chaosBoardSvg(view, el));
    el.__rxHighlight = null;
    this.update(el, view, null, ctx);
    return el;
  },
  update(el, view) {
    if (el.__rxRadius !== view.radius) return false;
    el.querySelector(".rx-chaos-status").replaceChildren(...chaosStatus(view));
    chaosPlaceTokens(el, view);
    chaosSeats(el, view);
    el.querySelector(".rx-chaos-deck").replaceChildren(
      h("span", { "data-mark": "deck", text: `deck: ${view.deck_size} cards, face down` }),
      ...(view.discard?.length ? [" · ", h("span", { "data-mark": "discard pile",
        text: `discard pile: ${view.discard.length}` })] : []));
    chaosHighlight(el, view, el.__rxHighlight ?? null);
    return true;
  },
  preview(el, preview, view) {
    const layer = el.querySelector(".rx-chaos-preview");
    if (!layer) return;
    layer.replaceChildren();
    for (const m of preview?.moves || []) {
      const pts = (m.path || [m.from, m.to]).map(([q, r]) => chaosPx(q, r).map((v) => v.toFixed(1)).join(","));
      layer.append(s("polyline", { class: "rx-chaos-arrow", points: pts.join(" "), fill: "none",
        stroke: COLORS[view?.seats?.[m.seat]?.color] || "#111", "stroke-width": 3, "stroke-opacity": 0.85,
        "marker-end": "url(#rx-chaos-arrow)", "data-seat": m.seat }));
    }
  },
});

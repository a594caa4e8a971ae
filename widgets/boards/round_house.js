// Round House (圓樓): the two rings of rooms with passages and one-way stairs, leaders, investments on chairs,
// the towns with the caravan, the ancestral hall and the worship grid. Clicking a leader highlights the rooms
// it can reach this turn (the view lists them per leader: the board never works out a rule); clicking a
// highlighted room then plays that move when it is that seat's move. Everything sits in one closure so its
// names cannot clash with other boards in the concatenated module.
// For the board editor (widgets/editor.js), components carry `data-piece` and the places they go `data-place`,
// in the words of explorer/games/round_house/edit.py: leader:red:1, worker:red(:permanent), tile:bank,
// good:tea, money, marker on room:o1, hall, town:southeast, cell:a1, seat:red, round:3.
// For studies' arrows and highlights, `data-mark` names the places of explorer/games/round_house/places.py
// (o1, hall, Red leader 1, southeast, caravan, a1, round 3, worship marker, Red, O05): one element each.
(() => {
  const GOOD = { fruit: "#d1495b", cel: "#4f9d55", tea: "#3a6ea5", gold: "#e3b505" };
  const GOOD_WORD = { fruit: "fruit", cel: "celadon", tea: "tea", gold: "gold" };
  const MARKER = { x: 672, y: 312, box: 26 };  // the worship marker's track, under the grid (wraps to fit)
  // The grid's short reward labels in plain words (codes of data/round_house/components.toml); amulet kinds
  // show as their first three letters.
  const TOKEN_WORD = { good: "a good of your choice (not gold)", rec: "recruit a worker", car: "caravan dispatch",
    gold: "1 gold", fruit: "1 fruit", cel: "1 celadon", tea: "1 tea", inv: "invest a worker", pir: "pirate tile",
    spec: "a specialist", amu: "an amulet", "·": "amulet space, taken" };
  const color = (view, p) => view.seats[p].color;
  const worker = (view, p, permanent) => `worker:${color(view, p)}${permanent ? ":permanent" : ""}`;
  // Laid out to fit a notebook's width (about 940 px) at full size: no text under 11 px.
  const W = 940, H = 672;
  const KEY = { x: 662, dy: 15, chars: 42 };  // the key under the marker track: 11 px lines, about 6 px a letter
  const GRID = { x: 672, y: 64, cell: 50 };  // where the worship grid sits, right of the building

  function shorten(a, b, by) {
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const n = Math.max(Math.hypot(dx, dy), 1e-9);
    return [a[0] + (dx * by) / n, a[1] + (dy * by) / n, b[0] - (dx * by) / n, b[1] - (dy * by) / n];
  }

  function positions(view) {
    const xy = { h: view.hall.xy };
    for (const r of view.rooms) xy[r.id] = r.xy;
    return xy;
  }

  function drawPaths(g, view, xy) {
    const stairs = new Set(view.stairs.map(([a, b]) => `${a}>${b}`));
    const nodes = [...view.rooms, { id: "h", exits: view.hall.exits }];
    for (const r of nodes) {
      for (const e of r.exits) {
        const stair = stairs.has(`${r.id}>${e}`);
        const [x1, y1, x2, y2] = shorten(xy[r.id], xy[e], 27);
        g.append(s("line", { x1, y1, x2, y2, class: stair ? "rh-stair" : "rh-passage",
          stroke: stair ? "#aa5533" : "#5577aa", "stroke-width": 2, "stroke-dasharray": stair ? "4 3" : null,
          "marker-end": "url(#rh-arrow)" }));
    }
    }
  }

  function drawRoom(view, r, state) {
    const [x, y] = r.xy;
    const big = r.space === "tile_large";
    const w = big ? 112 : 104, hgt = big ? 50 : 48;
    const tile = r.space.startsWith("tile");
    const g = s("g", { class: "rh-room", "data-id": r.id, "data-place": `room:${r.id}`,
      "data-piece": tile ? `tile:${r.kind}` : null, "aria-label": tile ? `${r.title} tile` : null });
    g.append(s("title", { text: `${r.id}: ${r.title}` + (r.market ? " — " +
      r.market.map((m) => `${m.good}→${m.reward}`).join(", ") : "") }));
    const lit = state.reach && state.reach.includes(r.id);
    g.append(s("rect", { x: x - w / 2, y: y - hgt / 2, width: w, height: hgt, rx: 5, "data-mark": r.id,
      fill: lit ? "#fff3a8" : "#fffaf0", stroke: lit ? "#d08a00" : (r.space.startsWith("tile") ? "#7a5c2e" : "#999"),
      "stroke-width": lit ? 3 : 1.5, class: lit ? "rh-reachable" : null }));
    g.append(s("text", { x: x - w / 2 + 5, y: y - hgt / 2 + 13, "font-weight": "bold", "font-size": 11, text: r.id }));
    g.append(s("text", { x, y: y - hgt / 2 + 27, "text-anchor": "middle", "font-size": 11, text: r.title }));
    for (let k = 0; k < r.capacity; k++) {
      const ch = r.chairs[k];
      const cx = x - w / 2 + 6 + 11 * k, cy = y + hgt / 2 - 11;
      if (!ch) g.append(s("rect", { x: cx, y: cy, width: 8, height: 8, fill: "none", stroke: "#888" }));
      else {
        const col = seatColor(view, ch.seat);
        g.append(s("rect", { x: cx, y: cy, width: 8, height: 8, fill: ch.permanent ? col : "#fff", stroke: OUTLINE,
          "stroke-width": ch.permanent ? 1 : 2.5, class: "rh-chair", "data-piece": worker(view, ch.seat, ch.permanent),
          "aria-label": `${seatName(view, ch.seat)} worker` }, s("title", { text: `${seatName(view, ch.seat)}: ` +
          (ch.permanent ? "permanent investment" : "investment (once)") })));
      }
    }
    r.goods.forEach((gd, k) => {
      g.append(s("rect", { x: x + w / 2 - 34 + 10 * k, y: y + hgt / 2 - 11, width: 8, height: 8,
        fill: gd ? GOOD[gd] : "none", stroke: "#555", "data-piece": gd ? `good:${GOOD_WORD[gd]}` : null },
      s("title", { text: gd || "empty" })));
    });
    if (lit) {
      g.style.cursor = "pointer";
      g.addEventListener("click", () => state.choose(r.id));
    }
    return g;
  }

  // "Red leader 1", or "Red leader" when the seat has one leader (places.py's leader_name)
  const leaderMark = (view, p, li) => `${view.seats[p].name} leader` +
    (view.seats[p].leaders.length > 1 ? ` ${li + 1}` : "");

  function leaderDot(view, seat, li, x, y, state) {
    const c = s("circle", { cx: x, cy: y, r: 7, fill: seatColor(view, seat), stroke: OUTLINE, "stroke-width": 1.5,
      class: "rh-leader", "data-seat": seat, "data-leader": li + 1, style: "cursor:pointer",
      "data-piece": `leader:${color(view, seat)}:${li + 1}`, "aria-label": `${seatName(view, seat)} leader ${li + 1}`,
      "data-mark": leaderMark(view, seat, li) });
    c.append(s("title", { text: `${seatName(view, seat)} leader ${li + 1}: click to show where it can go` }));
    if (state.sel && state.sel[0] === seat && state.sel[1] === li) c.setAttribute("stroke-width", 4);
    c.addEventListener("click", (ev) => { ev.stopPropagation(); state.pick(seat, li); });
    return c;
  }

  function drawHall(view, state, xy) {
    const [x, y] = xy.h;
    const lit = state.reach && state.reach.includes("h");
    const g = s("g", { class: "rh-hall", "data-id": "h", "data-place": "hall" });
    const fill = lit ? "#e8584f" : "#b02a26";
    g.append(s("rect", { x: x - 50, y: y - 24, width: 100, height: 48, rx: 6, fill, "data-mark": "hall",
      stroke: lit ? "#d08a00" : "#611", "stroke-width": lit ? 3 : 1 }));
    g.append(s("text", { x, y: y - 8, "text-anchor": "middle", fill: ink(fill), "font-weight": "bold",
      text: "Ancestral hall" }));
    if (lit) g.addEventListener("click", () => state.choose("h"));
    return g;
  }

  function drawLeaders(groups, view, state, xy) {
    // leaders sharing a room stand side by side along its top edge (the hall: along its bottom); each is drawn
    // in its room's group
    const count = {};
    view.seats.forEach((seat, p) => {
      seat.leaders.forEach((where, li) => {
        const k = count[where] = (count[where] || 0) + 1;
        if (where === "h") {
          const [x, y] = xy.h;
          groups.h.append(leaderDot(view, p, li, x - 42 + 16 * (k - 1), y + 12, state));
        } else {
          const r = view.rooms.find((q) => q.id === where);
          const big = r.space === "tile_large";
          const right = r.xy[0] + (big ? 56 : 52), top = r.xy[1] - (big ? 25 : 24);
          groups[where].append(leaderDot(view, p, li, right - 16 * (k - 1), top, state));
        }
      });
    });
  }

  function drawTowns(g, view) {
    for (const t of view.towns) {
      const [x, y] = t.xy;
      const tg = s("g", { "data-place": `town:${t.name}` });
      g.append(tg);
      tg.append(s("circle", { cx: x, cy: y, r: 34, "data-mark": t.name, fill: "#e8f0e0",
        stroke: t.caravan ? "#b8860b" : "#889",
        "stroke-width": t.caravan ? 4 : 1, class: t.caravan ? "rh-town rh-caravan" : "rh-town" }));
      tg.append(s("text", { x, y: y - 12, "text-anchor": "middle", text: t.name }));
      let k = 0;
      t.workers.forEach((n, p) => {
        if (!n) return;
        const col = seatColor(view, p);
        const cx = x - 17 + 17 * (k % 3), cy = y + 6 + 16 * Math.floor(k / 3);
        tg.append(s("g", { "data-piece": worker(view, p), "aria-label": `${seatName(view, p)} worker` },
          s("circle", { cx, cy, r: 8, fill: col, stroke: OUTLINE },
            s("title", { text: `${seatName(view, p)}: ${n} worker(s)` })),
          s("text", { x: cx, y: cy + 4, "text-anchor": "middle", fill: ink(col), "font-size": 11,
            "font-weight": "bold", text: n })));
        k++;
      });
      if (t.caravan) tg.append(s("text", { x, y: y + 48, "text-anchor": "middle", fill: "#6e5000",
        "font-weight": "bold", "data-mark": "caravan", text: "caravan" }));
    }
  }

  function drawGrid(g, view) {
    const gx = GRID.x, gy = GRID.y, c = GRID.cell, grid = view.grid, kinds = amuletKinds(view);
    const shown = new Set();
    g.append(s("text", { x: gx - 12, y: gy - 30, "font-weight": "bold", "font-size": 13,
      text: `Worship grid (round ${view.marker}/${view.length})` }));
    grid.points.forEach((pts, i) => {
      const r = Math.floor(i / grid.cols), col = i % grid.cols;
      const x = gx + col * c, y = gy + r * c;
      const cg = s("g", { "data-place": `cell:${grid.cells[i]}` });
      g.append(cg);
      cg.append(s("rect", { x, y, width: c, height: c, fill: "#fff", stroke: "#999", "data-mark": grid.cells[i] },
        s("title", { text: `${grid.cells[i]}: ${pts} points` })));
      cg.append(s("text", { x: x + c / 2, y: y + c / 2 - 1, "text-anchor": "middle", fill: "#555", text: pts }));
      grid.elders[i].forEach((p, k) => cg.append(s("circle", { cx: x + 11 + 9 * (k % 4),
        cy: y + c - 15 - 9 * Math.floor(k / 4), r: 4, fill: seatColor(view, p), stroke: OUTLINE, class: "rh-elder",
        "data-piece": worker(view, p), "aria-label": `${seatName(view, p)} elder` },
      s("title", { text: `${seatName(view, p)}: elder` }))));
    });
    const amulets = {};
    for (const a of grid.amulets) amulets[a.edge] = a.amulet;
    const nh = (grid.rows + 1) * grid.cols;
    grid.edges.forEach((code, e) => {
      if (!code) return;
      let x, y;
      if (e < nh) { x = gx + (e % grid.cols) * c + c / 2; y = gy + Math.floor(e / grid.cols) * c; }
      else { const k = e - nh; x = gx + (k % (grid.cols + 1)) * c; y = gy + Math.floor(k / (grid.cols + 1)) * c + c / 2; }
      let label = code.replace("A", "");
      if (e in amulets) label = (label ? label + "+" : "") + (amulets[e] ? amulets[e].kind.slice(0, 3) : "·");
      const words = label.split("+").map((p) => tokenWord(p, kinds)).join(" + ");
      g.append(s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, fill: "#2b6310", stroke: "#fff",
        "stroke-width": 3, "paint-order": "stroke", class: "rh-edge", text: label },
      s("title", { text: `worship reward: ${words}` })));
      label.split("+").forEach((p) => shown.add(p));
    });
    return shown;
  }

  function amuletKinds(view) {  // every amulet kind the view names, by its three-letter label
    const out = {};
    const all = [...view.grid.amulets.map((a) => a.amulet), ...view.amulet_supply,
      ...view.seats.flatMap((st) => st.amulets), view.end_amulet];
    for (const a of all) if (a && a.kind) out[a.kind.slice(0, 3)] = a.kind;
    return out;
  }

  function tokenWord(part, kinds) {  // "m2" -> "2 money", "2good" -> "2 × a good ...", "jad" -> "jade amulet"
    const m = /^(\d*)(.*)$/.exec(part), n = m[1], tok = m[2];
    let word;
    if (/^m\d+$/.test(tok)) word = `${tok.slice(1)} money`;
    else if (/^p\d+$/.test(tok)) word = `${tok.slice(1)} point${tok === "p1" ? "" : "s"}`;
    else if (TOKEN_WORD[tok]) word = TOKEN_WORD[tok];
    else if (kinds[tok]) word = `${kinds[tok]} amulet`;
    else word = tok;
    return n ? `${n} × ${word}` : word;
  }

  function drawKey(g, view, shown, top) {  // "m1 = 1 money · rec = recruit a worker · ...", wrapped in lines
    const kinds = amuletKinds(view);
    const money = [...shown].filter((p) => /^[mp]\d+$/.test(p)).sort();
    const rest = [...shown].filter((p) => p && !/^[mp]\d+$/.test(p)).sort((a, b) =>
      (a in kinds) - (b in kinds) || a.localeCompare(b));
    const items = [...money, ...rest].map((p) => `${p} = ${tokenWord(p, kinds)}`);
    const lines = [];
    for (const it of items) {
      const last = lines.length - 1;
      if (last >= 0 && lines[last].length + 3 + it.length <= KEY.chars) lines[last] += " · " + it;
      else lines.push(it);
    }
    g.append(s("text", { x: KEY.x, y: top, "font-weight": "bold", "font-size": 12, class: "rh-key",
      text: "Key to the grid's rewards" }));
    lines.forEach((line, i) => g.append(s("text", { x: KEY.x, y: top + KEY.dy * (i + 1), "font-size": 11,
      fill: "#222", class: "rh-key", text: line })));
  }

  function drawMarker(g, view) {  // rounds 0..length in rows that fit the board; the marker on the current one
    const { x, y: top, box } = MARKER;
    const fit = Math.floor((W - 4 - x) / box), rows = Math.ceil((view.length + 1) / fit);
    const per = Math.ceil((view.length + 1) / rows);
    g.append(s("text", { x: x - 12, y: top - 10, "font-weight": "bold", "font-size": 13, text: "Worship marker" }));
    for (let k = 0; k <= view.length; k++) {
      const bx = x + (k % per) * box, y = top + Math.floor(k / per) * box, here = k === view.marker;
      const rg = s("g", { "data-place": `round:${k}` }, s("rect", { x: bx, y, width: box - 2, height: box - 2,
        fill: "#fff", stroke: "#999", "data-mark": `round ${k}` },
      s("title", { text: `round ${k} of ${view.length}` })));
      const num = s("text", { x: bx + box / 2 - 1, y: y + box / 2 + 3, "text-anchor": "middle", "font-size": 11,
        fill: here ? "#222" : "#555", "font-weight": here ? "bold" : null, text: k });
      if (here) {
        rg.append(s("g", { class: "rh-marker", "data-piece": "marker", "aria-label": "worship marker",
          "data-mark": "worship marker" },
          s("circle", { cx: bx + box / 2 - 1, cy: y + box / 2 - 1, r: 10, fill: "none", stroke: "#b8860b",
            "stroke-width": 3 }), num));
      } else rg.append(num);
      g.append(rg);
    }
    return top + rows * box;
  }

  function goodsSpans(view, st) {  // "goods fruit 0, cel 1, ...": each held good is a piece in the seat's supply
    const out = [h("span", { text: "goods " })];
    Object.entries(st.goods).forEach(([k, v], i) => {
      out.push(h("span", { text: `${k} ${v}` + (i < 3 ? ", " : ""), "data-piece": v ? `good:${GOOD_WORD[k]}` : null,
        "aria-label": `${GOOD_WORD[k]} of ${st.name}` }));
    });
    return out;
  }

  function drawSeats(view) {  // HTML under the board, so long lines wrap
    const label = view.result ? `Final: ${view.result.seats.join(", ")} · winner(s) ` +
      view.result.winners.map((w) => seatName(view, w)).join(", ") : view.turn_label;
    return [h("div", { class: "rx-status rh-status", text: label }), h("div", { class: "rx-seats rh-seats" },
      view.seats.map((st) => h("div", { class: "rx-seatrow" + (view.current_player === st.seat ? " rx-turn" : ""),
        style: `--seat: ${seatColor(view, st.seat)}`, "data-place": `seat:${st.color}`, "data-mark": st.name },
      h("span", { class: "rx-chip" }), h("span", { class: "rx-seatname", text: st.name }),
      h("span", { class: "rx-score", text: `${st.points} pts` }),
      h("span", { class: "rx-stat", text: `${st.money} money`, "data-piece": st.money ? "money" : null,
        "aria-label": `money of ${st.name}` }),
      h("span", { class: "rx-stat", title: "goods: fruit, celadon, tea, gold" }, ...goodsSpans(view, st)),
      h("span", { class: "rx-stat", text: `board ${st.board} · resource ${st.resource}` }),
      h("span", { class: "rx-stat", text: `${st.hand_size} order(s) in hand · ${st.completed.length} done` }),
      ...handSpans(st))))];
  }

  function handSpans(st) {  // the orders in hand, only when the view gives them (this seat's own view, or all)
    if (!st.hand || !st.hand.length) return [];
    return st.hand.map((o) => {
      const pay = Object.entries(o.cost).filter(([, n]) => n).map(([g, n]) => `${n} ${g}`);
      const full = Object.entries(o.cost).filter(([, n]) => n).map(([g, n]) => `${n} ${GOOD_WORD[g]}`);
      return h("span", { class: "rx-stat rh-order", text: `${o.id}: ${pay.join(", ")} → ${o.points} pts at end`,
        "data-mark": o.id,
        title: `order ${o.id} in ${st.name}'s hand: pay ${full.join(", ")} in the order phase; worth ` +
          `${o.points} points at the end of the game; from the next turn on, ${o.ability} ability: ${o.ability_text}` });
    });
  }

  function build(view, ctx, state) {
    const xy = positions(view);
    const svg = s("svg", { class: "rh-board", width: W, height: H, viewBox: `0 0 ${W} ${H}`,
      "font-family": "sans-serif", "font-size": 12 });
    svg.append(s("defs", {}, s("marker", { id: "rh-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6,
      markerHeight: 6, orient: "auto" }, s("path", { d: "M0,0 L10,5 L0,10 z", fill: "#5577aa" }))));
    svg.append(s("rect", { width: W, height: H, fill: "#fbf7ee" }));
    svg.append(s("circle", { cx: 330, cy: 330, r: 290, fill: "#efe3c8", stroke: "#a88", "stroke-width": 2 }));
    svg.append(s("circle", { cx: 330, cy: 330, r: 190, fill: "#f6ecd6", stroke: "#a88" }));
    svg.append(s("circle", { cx: 330, cy: 330, r: 80, fill: "#e6dcc0", stroke: "#a88" }));
    const paths = s("g", { class: "rh-paths" });
    drawPaths(paths, view, xy);
    svg.append(paths);
    const groups = { h: drawHall(view, state, xy) };
    svg.append(groups.h);
    for (const r of view.rooms) svg.append(groups[r.id] = drawRoom(view, r, state));
    drawLeaders(groups, view, state, xy);
    const towns = s("g", { class: "rh-towns" });
    drawTowns(towns, view);
    svg.append(towns);
    const grid = s("g", { class: "rh-grid" });
    const shown = drawGrid(grid, view);
    drawKey(grid, view, shown, drawMarker(grid, view) + 22);
    svg.append(grid);
    svg.addEventListener("click", () => state.pick(null));
    return [svg, ...drawSeats(view)];
  }

  registerBoard("round_house", {
    draw(view, ctx) {
      const wrap = h("div", { class: "rh-wrap" });
      this.update(wrap, view, null, ctx);
      return wrap;
    },
    update(wrap, view, prev, ctx) {
      const state = wrap.__rhState || (wrap.__rhState = { sel: null, reach: null });
      const redraw = () => wrap.replaceChildren(...build(wrap.__rhView, ctx, state));
      state.pick = (seat, li) => {
        const same = seat !== null && state.sel && state.sel[0] === seat && state.sel[1] === li;
        state.sel = seat === null || same ? null : [seat, li];
        state.reach = state.sel ? (wrap.__rhView.seats[seat].reachable || [])[li] || [] : null;
        redraw();
      };
      state.choose = (room) => {
        const v = wrap.__rhView;
        if (!state.sel || v.phase !== "move" || state.sel[0] !== v.current_player) return;
        if (ctx && typeof ctx.seat === "number" && ctx.seat >= 0 && ctx.seat !== v.current_player) return;
        ctx?.send?.({ type: "act", text: `${state.sel[1] + 1}>${room}` });
      };
      if (prev) { state.sel = null; state.reach = null; }
      wrap.__rhView = view;
      redraw();
      return true;
    },
    preview(wrap, preview) {
      wrap.querySelectorAll(".rh-preview").forEach((el) => el.remove());
      if (!preview || preview.type !== "move") return;
      const v = wrap.__rhView, xy = positions(v);
      const svg = wrap.querySelector("svg");
      if (!svg || !xy[preview.from] || !xy[preview.to]) return;
      const [x1, y1, x2, y2] = shorten(xy[preview.from], xy[preview.to], 20);
      svg.append(s("line", { x1, y1, x2, y2, class: "rh-preview", stroke: seatColor(v, preview.seat),
        "stroke-width": 4, "stroke-opacity": 0.7, "marker-end": "url(#rh-arrow)" }));
    },
  });
})();

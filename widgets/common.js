// Shared by the explorer shell and every board (widgets/boards/*.js): tiny DOM helpers and the board registry.
// The explorer's ES module is common.js + boards/*.js + explorer.js concatenated (explorer/widgets.py);
// nothing here imports anything or reaches the network.

const SVG = "http://www.w3.org/2000/svg";
// seat colours by name: explorer/core/colour.py's table, written before this file (core.data.common_js); a
// page that loads this file alone falls back on the CSS colour names themselves
const COLORS = typeof SEAT_COLOURS === "object" ? SEAT_COLOURS : {};

// Flat-top hexes in axial coordinates (as explorer/core/hexgrid.py): the centre of hex (q, r) for hexes of
// `size` (centre to corner), and the six corners round a centre, clockwise from the right.
function hexCentre(q, r, size) {
  return [size * 1.5 * q, size * Math.sqrt(3) * (r + q / 2)];
}

function hexCorners(cx, cy, size) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push([cx + size * Math.cos(a), cy + size * Math.sin(a)]);
  }
  return out;
}

function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) el.append(kid);
  return el;
}

function s(tag, attrs = {}, ...kids) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
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
// Black or white ink, whichever reads better on `color` ("#rgb"/"#rrggbb"/a COLORS name): WCAG contrast >= 4.5.
function ink(color) {
  let c = (COLORS[color] || color || "#888").replace("#", "");
  if (c.length === 3) c = [...c].map((x) => x + x).join("");
  const lin = [0, 2, 4].map((i) => { const v = parseInt(c.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  const lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  return (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) ? "#000" : "#fff";
}
const OUTLINE = "#222";  // drawn round every seat-coloured marker, so a white or yellow seat shows on white
const seatShort = (view, i) => cap(view.seats?.[i]?.color) || `Seat ${i + 1}`;
const seatName = (view, i) => view.seats?.[i]?.name || seatShort(view, i);

// Replace `el`'s children only when `key` (any JSON-able value) changed since the last call: the cheap way
// for a board to update in place, section by section, without rebuilding what did not change.
function patch(el, key, build) {
  const sig = JSON.stringify(key);
  if (el.__rxSig === sig) return false;
  el.__rxSig = sig;
  el.replaceChildren(...[build()].flat().filter(Boolean));
  return true;
}

// `text` with each rule id it cites (one that `rules` knows: id -> paraphrase and rulebook section) as an
// <abbr>: hovering shows the rule, clicking calls `pick(id)` (the explorer and the page show it in a line).
const RULE_ID = /\b[a-z_]+(?:\.[a-z0-9_-]+)+/g;
function ruled(text, rules, pick) {
  if (!text || !rules) return text ? [text] : [];
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(RULE_ID)) {
    const note = rules[m[0]];
    if (!note) continue;
    out.push(text.slice(last, m.index), h("abbr", { class: "rx-rule", "data-rule": m[0], title: `${m[0]}: ${note}`,
      onclick: pick ? (e) => { e.stopPropagation(); pick(m[0]); } : null }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((x) => x !== "");
}

const BOARDS = {};
function registerBoard(game, board) { BOARDS[game] = board; }

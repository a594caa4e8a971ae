// A minimal DOM stand-in to run the Round House board outside a browser (used by test_board_and_plots.py).
class El {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.listeners = {}; this.style = {}; this.textContent = ""; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k]; }
  append(...k) { this.children.push(...k); }
  replaceChildren(...k) { this.children = k; }
  addEventListener(t, f) { (this.listeners[t] ||= []).push(f); }
  remove() {}
  click() { (this.listeners.click || []).forEach((f) => f({ stopPropagation() {} })); }
  all() { return [this, ...this.children.flatMap((c) => (c.all ? c.all() : []))]; }
  querySelectorAll(sel) { const cls = sel.slice(1); return this.all().filter((e) => (e.attrs.class || "").split(" ").includes(cls)); }
  querySelector(sel) { if (sel === "svg") return this.all().find((e) => e.tag === "svg"); return this.querySelectorAll(sel)[0]; }
  set classList(v) {}
}
globalThis.document = { createElement: (t) => new El(t), createElementNS: (_n, t) => new El(t) };
const fs = require("fs");
const [root, viewFile] = process.argv.slice(2);
eval(fs.readFileSync(root + "/widgets/common.js", "utf8") + "\n" + fs.readFileSync(root + "/widgets/boards/round_house.js", "utf8") + `
const view = JSON.parse(fs.readFileSync(viewFile, "utf8"));
const sent = [];
const el = BOARDS.round_house.draw(view, { seat: -1, send: (m) => sent.push(m) });
const leaders = el.querySelectorAll(".rh-leader");
console.log("leaders", leaders.length, "rooms", el.querySelectorAll(".rh-room").length);
const cur = view.current_player;
const dot = leaders.find((d) => d.attrs["data-seat"] == cur && d.attrs["data-leader"] == "1");
dot.click();
const lit = el.querySelectorAll(".rh-reachable");
console.log("lit", lit.length, "expected", view.seats[cur].reachable[0].filter((r) => r !== "h").length);
el.querySelectorAll(".rh-room").find((g) => g.attrs["data-id"] === view.seats[cur].reachable[0][0]).click();
console.log("sent", JSON.stringify(sent));
BOARDS.round_house.preview(el, { type: "move", seat: 0, from: "h", to: "o1" }, view, {});
console.log("preview", el.querySelectorAll(".rh-preview").length);
BOARDS.round_house.update(el, view, view, {});
`);

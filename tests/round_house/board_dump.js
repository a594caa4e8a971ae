// Draws the Round House board under node with a tiny DOM stand-in and prints its element tree as JSON
// (used by test_board_review.py): [svg width, height, tree of {tag, attrs, text, kids}].
class El {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.listeners = {}; this.style = {}; this.textContent = ""; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k]; }
  removeAttribute(k) { delete this.attrs[k]; }
  append(...k) { this.children.push(...k); }
  replaceChildren(...k) { this.children = k; }
  addEventListener(t, f) { (this.listeners[t] ||= []).push(f); }
  remove() {}
  set classList(v) {}
  tree() {
    return { tag: this.tag, attrs: this.attrs, text: this.textContent,
      kids: this.children.map((c) => (c.tree ? c.tree() : { tag: "#text", attrs: {}, text: String(c), kids: [] })) };
  }
}
globalThis.document = { createElement: (t) => new El(t), createElementNS: (_n, t) => new El(t) };
const fs = require("fs");
const [root, viewFile] = process.argv.slice(2);
eval(fs.readFileSync(root + "/widgets/common.js", "utf8") + "\n" + fs.readFileSync(root + "/widgets/boards/round_house.js", "utf8") + `
const view = JSON.parse(fs.readFileSync(viewFile, "utf8"));
const el = BOARDS.round_house.draw(view, { seat: view.viewer, send: () => {} });
console.log(JSON.stringify(el.tree()));
`);

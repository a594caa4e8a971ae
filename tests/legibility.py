"""Legibility checks for a Playwright page: what a person could not read.

    from tests.legibility import problems      # or `from legibility import problems` inside tests/
    assert problems(page, ".rx-root .rx-board") == []

`problems(page, root_selector)` lists, one line each, every text element under every element matching
`root_selector` (HTML elements with their own text, and SVG <text>) that
  - renders under MIN_PX on screen (computed font size times the SVG's screen scale),
  - is clipped or overflows its container: an HTML element with scrollWidth > clientWidth whose overflow is
    hidden, text spilling past its parent or past an ancestor that hides overflow, SVG text outside its
    <svg>'s box (inside a scroll container that scrolls it is fine: "wrap or scroll"),
  - is covered by a filled SVG shape painted after it, or overlaps another SVG text,
  - has a contrast ratio under MIN_CONTRAST against what is under it, where that can be computed: SVG text
    against the filled shapes under it (SVG fills blended in paint order over the HTML background), HTML text
    against its ancestors' background colours. Gradients and images are skipped.
Hidden elements (display none, visibility hidden, opacity 0, zero size) and <title> tooltips are ignored, and
so is the contrast of disabled controls (WCAG 1.4.3 exempts inactive user-interface components).
"""
from __future__ import annotations

MIN_PX = 11.0
MIN_CONTRAST = 4.5

_JS = r"""([selector, minPx, minContrast]) => {
  const out = [];
  const roots = [...document.querySelectorAll(selector)];
  if (!roots.length) return [`nothing matches ${selector}`];
  const SHAPES = "rect, circle, ellipse, polygon, path, polyline, line";

  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, a, under) => [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
  const lum = (c) => {
    const l = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const hex = (c) => "#" + c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const visible = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.display === "none" || Number(st.opacity) === 0) return false;
    }
    return getComputedStyle(el).visibility === "visible";
  };
  const alphaChain = (el, stop) => {  // the product of opacities from el up to (not including) stop
    let a = 1;
    for (let e = el; e && e !== stop && e.nodeType === 1; e = e.parentElement) a *= Number(getComputedStyle(e).opacity);
    return a;
  };
  const htmlBackground = (el) => {  // ancestors' background colours blended over white
    const chain = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) chain.push(e);
    let bg = [255, 255, 255];
    for (const e of chain.reverse()) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) bg = over(c, c[3] * Number(getComputedStyle(e).opacity), bg);
    }
    return bg;
  };
  const name = (el) => {
    const own = [...el.childNodes].filter((n) => n.nodeName.toLowerCase() !== "title").map((n) => n.textContent);
    const t = own.join("").replace(/\s+/g, " ").trim();
    const cls = (el.getAttribute("class") || "").split(/\s+/).filter(Boolean).slice(0, 2).join(".");
    return `<${el.tagName.toLowerCase()}${cls ? "." + cls : ""}> "${t.length > 40 ? t.slice(0, 39) + "…" : t}"`;
  };
  const clipAncestors = (el) => {  // ancestors that hide what overflows them, up to the first that scrolls it
    const res = [];
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (/auto|scroll/.test(st.overflowX) || /auto|scroll/.test(st.overflowY)) break;
      if (/hidden|clip/.test(st.overflowX) || /hidden|clip/.test(st.overflowY)) res.push(e);
    }
    return res;
  };
  const outside = (r, box, slack = 1) => r.left < box.left - slack || r.right > box.right + slack ||
    r.top < box.top - slack || r.bottom > box.bottom + slack;

  for (const root of roots) {
    const svgTexts = [...root.querySelectorAll("svg text")].filter((t) => t.textContent.trim() && visible(t));
    const htmlTexts = [...root.querySelectorAll("*")].filter((el) => !(el instanceof SVGElement) &&
      !["SCRIPT", "STYLE", "TITLE", "OPTION", "TEMPLATE"].includes(el.tagName) &&
      [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && visible(el));

    // -- HTML text
    for (const el of htmlTexts) {
      const st = getComputedStyle(el);
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const px = parseFloat(st.fontSize);
      if (px < minPx - 0.01) out.push(`${name(el)}: ${px.toFixed(1)} px text (under ${minPx} px)`);
      if (/hidden|clip/.test(st.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${name(el)}: clipped (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
      } else if (/visible/.test(st.overflowX) && el.clientWidth && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${name(el)}: overflows itself (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
      }
      const parent = el.parentElement;
      if (parent && !(parent instanceof SVGElement)) {
        const pr = parent.getBoundingClientRect();
        if (parent.scrollWidth > parent.clientWidth + 1 && (r.right > pr.right + 1 || r.left < pr.left - 1)) {
          out.push(`${name(el)}: runs past its container (${Math.round(r.right - pr.right)} px)`);
        }
      }
      for (const a of clipAncestors(el)) {
        if (outside(r, a.getBoundingClientRect())) { out.push(`${name(el)}: cut off by ${name(a).split(">")[0]}>`); break; }
      }
      const col = parse(st.color);
      if (col && !el.closest(":disabled")) {  // WCAG 1.4.3: inactive controls are exempt
        const bg = htmlBackground(el);
        const fg = over(col, col[3] * alphaChain(el, null), bg);
        const c = ratio(fg, bg);
        if (c < minContrast) out.push(`${name(el)}: contrast ${c.toFixed(2)} (${hex(fg)} on ${hex(bg)})`);
      }
    }

    // -- SVG text
    const shapeCache = new Map();
    const shapesOf = (svg) => {
      if (!shapeCache.has(svg)) {
        const all = [...svg.querySelectorAll(SHAPES)].filter((e) => !e.closest("defs, marker, clipPath, mask, pattern")
          && visible(e)).map((e) => ({ e, r: e.getBoundingClientRect() }));
        shapeCache.set(svg, all);
      }
      return shapeCache.get(svg);
    };
    const fillAt = (sh, x, y) => {  // [rgb, alpha] of a shape's fill at screen point (x, y), or null
      const { e, r } = sh;
      if (x < r.left || x > r.right || y < r.top || y > r.bottom) return null;
      const st = getComputedStyle(e);
      const c = parse(st.fill);
      if (!c) return st.fill && st.fill !== "none" ? ["unknown", 1] : null;
      const a = c[3] * Number(st.fillOpacity) * alphaChain(e, e.ownerSVGElement);
      if (a <= 0.02) return null;
      const m = e.getScreenCTM();
      if (!m || !e.isPointInFill) return null;
      const p = new DOMPoint(x, y).matrixTransform(m.inverse());
      return e.isPointInFill(p) ? [c, a] : null;
    };
    const placed = [];
    for (const t of svgTexts) {
      const svg = t.ownerSVGElement;
      const st = getComputedStyle(t);
      const m = t.getScreenCTM();
      const scale = m ? Math.hypot(m.a, m.b) : 1;
      const px = parseFloat(st.fontSize) * scale;
      if (px < minPx - 0.01) out.push(`${name(t)}: ${px.toFixed(1)} px on screen (font ${st.fontSize} × ${scale.toFixed(2)})`);
      const r = t.getBoundingClientRect();
      if (outside(r, svg.getBoundingClientRect())) out.push(`${name(t)}: outside its svg's box (clipped)`);
      else {
        for (const a of clipAncestors(svg)) {
          if (outside(r, a.getBoundingClientRect())) { out.push(`${name(t)}: cut off by ${name(a).split(">")[0]}>`); break; }
        }
      }
      for (const q of placed) {
        if (q.svg !== svg) continue;
        const w = Math.min(r.right, q.r.right) - Math.max(r.left, q.r.left);
        const hgt = Math.min(r.bottom, q.r.bottom) - Math.max(r.top, q.r.top);
        if (w > 1 && hgt > 0 && w * hgt > 0.15 * Math.min(r.width * r.height, q.r.width * q.r.height)) {
          out.push(`${name(t)}: overlaps ${name(q.t)}`);
        }
      }
      placed.push({ t, r, svg });
      // what is under the text: the shapes painted before it, in paint (document) order
      const shapes = shapesOf(svg);
      const pos = (e) => t.compareDocumentPosition(e);
      const before = shapes.filter((sh) => pos(sh.e) & Node.DOCUMENT_POSITION_PRECEDING && !sh.e.contains(t));
      const after = shapes.filter((sh) => pos(sh.e) & Node.DOCUMENT_POSITION_FOLLOWING && !t.contains(sh.e));
      const ys = (r.top + r.bottom) / 2;
      const points = [0.2, 0.5, 0.8].map((f) => [r.left + f * r.width, ys]);
      const cover = after.find((sh) => { const f = fillAt(sh, points[1][0], ys); return f && f[1] > 0.5; });
      if (cover) out.push(`${name(t)}: hidden under a ${cover.e.tagName} (${cover.e.getAttribute("class") || "no class"})`);
      const fill = parse(st.fill);
      if (!fill) continue;
      const halo = parse(st.stroke);
      const haloWidth = parseFloat(st.strokeWidth) * scale;
      const base = htmlBackground(svg);
      let worst = null;
      for (const [x, y] of points) {
        let bg = base, known = true;
        for (const sh of before) {
          const f = fillAt(sh, x, y);
          if (!f) continue;
          if (f[0] === "unknown") { known = false; break; }
          bg = over(f[0], f[1], bg);
        }
        if (!known) continue;
        if (halo && /^stroke/.test(st.paintOrder) && haloWidth >= 1.5) bg = over(halo, halo[3] * Number(st.strokeOpacity), bg);
        const fg = over(fill, fill[3] * Number(st.fillOpacity) * alphaChain(t, svg), bg);
        const c = ratio(fg, bg);
        if (!worst || c < worst[0]) worst = [c, fg, bg];
      }
      if (worst && worst[0] < minContrast) {
        out.push(`${name(t)}: contrast ${worst[0].toFixed(2)} (${hex(worst[1])} on ${hex(worst[2])})`);
      }
    }
  }
  return out;
}"""


def problems(page, root_selector: str, *, min_px: float = MIN_PX, min_contrast: float = MIN_CONTRAST) -> list[str]:
    """Every legibility problem of the text under `root_selector` in `page` (a Playwright Page or Frame)."""
    return page.evaluate(_JS, [root_selector, min_px, min_contrast])


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours given as "#rrggbb" (or "#rgb")."""
    def lum(c: str) -> float:
        c = c.lstrip("#")
        if len(c) == 3:
            c = "".join(ch * 2 for ch in c)
        chans = [int(c[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in chans]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    x, y = lum(a), lum(b)
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)

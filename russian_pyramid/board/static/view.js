// The table's view on the screen: landscape (the house at the left) or, on a phone held
// upright, portrait (the table turned a quarter to the left: its long axis down the screen,
// the house -- x = 0, the NR/NL end -- at the bottom, the tray of balls below the house).
// A module; table.js draws in table coordinates through dom.js's X()/Y()
// as ever, and this file turns the whole drawing with one SVG transform on <g id="g-view">.
import {S} from "./store.js";
import {$} from "./dom.js";
import {t} from "./i18n.js";

// A phone upright: narrower than this and taller than wide (CSS pixels).
const PORTRAIT_MAX_WIDTH_PX = 600;
export const VIEW = {portrait: false, compact: false};

// A phone either way up: its short side at most this (CSS pixels).
const PHONE_MAX_SIDE_PX = 600;

// The screen's shape as well as the window's: a phone's keyboard, shown, makes the window
// short without turning the table.
function touchPhone() {
  return matchMedia("(pointer: coarse)").matches
    && Math.min(screen.width, screen.height) <= PHONE_MAX_SIDE_PX;
}
function wantPortrait() {
  const upright = window.innerHeight > window.innerWidth || touchPhone() && screen.height > screen.width;
  return window.innerWidth <= PORTRAIT_MAX_WIDTH_PX && upright;
}
function wantCompact() { return window.innerWidth <= PHONE_MAX_SIDE_PX || touchPhone(); }

// The rail as drawn (m).  A drawing choice, not the table: on a phone (either way up) the page draws
// only the cushion rubber (/api/table's rubber_m) instead of the whole wooden rail (rail_m),
// so that the table's 1.775 m width fills a 390 px screen at >= 206 px/m -- a 68 mm ball at
// least 14 px across.  Drops on the drawn rail are the server's to refuse, as before.
export function railDrawn() { return VIEW.compact ? S.T.rubber_m : S.T.rail_m; }

// A tray slot's table point (m): a row below the table in landscape; in portrait a row
// across the table's width below the house (x < 0), so that the tray adds no width.
export function trayXY(k) {
  if (VIEW.portrait) return [-railDrawn() - 0.085, S.T.width_m / 2 + (7.5 - k) * 0.1];
  return [0.25 + k * 0.105, -railDrawn() - 0.14];
}

// The viewBox of the landscape drawing [x, y, w, h] (SVG units) and its portrait turn.
// rotate(-90) sends the SVG point (u, v) to (v, -u): x across the screen is the landscape
// y (the far side y = W at the left), and the table's x runs up the screen.
export function setViewBox(svg, box) {
  const [x, y, w, h] = box;
  svg.setAttribute("viewBox", (VIEW.portrait ? [y, -(x + w), h, w] : box).join(" "));
  // the drawing's width over its height, for the phone-on-its-side layout (board.css)
  document.documentElement.style.setProperty("--aspect", VIEW.portrait ? h / w : w / h);
  $("g-view").setAttribute("transform", VIEW.portrait ? "rotate(-90)" : "");
  document.body.classList.toggle("portrait", VIEW.portrait);
}

// Texts stay upright: in portrait each text on the table is turned back a quarter about its
// anchor (after its own transform, kept in data-base-transform).
export function uprightText(e) {
  if (!e.closest || !e.closest("#table")) return;
  if (!("baseTransform" in e.dataset)) e.dataset.baseTransform = e.getAttribute("transform") || "";
  const x = e.getAttribute("x") || 0, y = e.getAttribute("y") || 0;
  const turn = VIEW.portrait ? ` rotate(90 ${x} ${y})` : "";
  e.setAttribute("transform", (e.dataset.baseTransform + turn).trim());
}

// A table point (m) of a pointer event, through the turned group's own screen matrix.
export function viewPoint(evt) {
  const g = $("g-view"), pt = $("table").createSVGPoint();
  pt.x = evt.clientX; pt.y = evt.clientY;
  const p = pt.matrixTransform(g.getScreenCTM().inverse());
  return [p.x / 1000, S.T.width_m - p.y / 1000];
}

// Called on a resize (a phone turned): redraws the table when the view changes.
export function updateView(redraw) {
  const portrait = wantPortrait(), compact = wantCompact();
  if (portrait === VIEW.portrait && compact === VIEW.compact) return false;
  VIEW.portrait = portrait;
  VIEW.compact = compact;
  if (redraw) redraw();
  document.querySelectorAll("#table text").forEach(uprightText);
  return true;
}

// The phone's layout around the table (issue 54 item 1, board.css): the header's and the
// action bar's heights as CSS variables, so that the table, pinned with its bar, is sized to
// leave both in sight; the sheet of panels below pulled up (the table smaller, still whole)
// or let down by the bar's ▴/▾ (body.sheet-up).
export function initLayout() {
  const root = document.documentElement, header = document.querySelector("header");
  const stage = document.querySelector(".stage"), area = document.querySelector(".table-area");
  const bar = $("action-bar"), tools = $("setup-tools");
  // an element's height with its margins (0 when not drawn)
  const outer = e => {
    const cs = getComputedStyle(e);
    return cs.display === "none" ? 0 : e.offsetHeight + parseFloat(cs.marginTop) + parseFloat(cs.marginBottom);
  };
  const measure = () => {
    root.style.setProperty("--header-h", header.offsetHeight + "px");
    if (stage.offsetParent === null && getComputedStyle(stage).position !== "fixed") return;  // the Match tab
    const beside = getComputedStyle(area).display === "flex";  // the setup buttons beside the table
    const over = getComputedStyle(tools).position === "absolute";  // over the drawing's corner
    root.style.setProperty("--chrome-h", outer(bar) + (beside || over ? 0 : outer(tools)) + "px");
    root.style.setProperty("--extra-w", (beside ? tools.offsetWidth + 6 : 0) + "px");
    root.style.setProperty("--stage-h", stage.offsetHeight + "px");  // board.css's scroll-padding
  };
  const watch = new ResizeObserver(measure);
  for (const e of [header, bar, tools, stage]) watch.observe(e);
  measure();
  const btn = $("btn-sheet");
  const words = () => {
    const up = document.body.classList.contains("sheet-up");
    btn.textContent = up ? "⇓" : "⇑";
    btn.title = t(up ? "sheet_down" : "sheet_up");
    btn.setAttribute("aria-label", btn.title);
    btn.setAttribute("aria-pressed", String(up));
  };
  btn.addEventListener("click", () => { document.body.classList.toggle("sheet-up"); words(); });
  document.addEventListener("wordschange", words);
}

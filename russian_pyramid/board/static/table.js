// The table as SVG: the cloth, rails, pockets, diamonds and the tray (drawTable), the balls
// and their drag (a drop is checked by the server, check.js).
// --- the table -----------------------------------------------------------------------------
// The view's edges [x, y, w, h] in SVG units of the landscape drawing: the table with its
// rails and the tray below it; in portrait (view.js) the table edge to edge, the tray below
// the house.
import {BALL_IDS, S, emit} from "./store.js";
import {$, X, Y, ballLabel, clear, el, pts, say} from "./dom.js";
import {pocketName, t} from "./i18n.js";
import {VIEW, railDrawn, setViewBox, trayXY, viewPoint} from "./view.js";
import {queueCheck} from "./check.js";
import {changed} from "./state.js";
import {hideLoupe, selectBall, setupDragAt, setupDrop} from "./setup.js";
import {leavePlayOut, playing} from "./play.js";
function viewBox() {
  const T = S.T, L = T.length_m, W = T.width_m, rail = railDrawn();
  if (VIEW.portrait) {
    const x0 = trayXY(0)[0] - 0.16;
    return [X(x0), Y(W + rail), X(L + rail - x0 + 0.01), X(W + 2 * rail)];
  }
  const top = W + rail + 0.02, bottom = trayXY(0)[1] - 0.09;  // table y of the view's edges
  return [X(-rail - 0.02), Y(top), X(L + 2 * rail + 0.04), (top - bottom) * 1000];
}

export function drawTable() {
  const T = S.T, L = T.length_m, W = T.width_m, rail = railDrawn(), g = $("g-table");
  clear(g);
  setViewBox($("table"), viewBox());
  el("rect", {x: X(-rail), y: Y(W + rail), width: X(L + 2 * rail), height: X(W + 2 * rail), rx: VIEW.compact ? 20 : 40, class: "rail"}, g);
  el("rect", {x: X(-T.rubber_m), y: Y(W + T.rubber_m), width: X(L + 2 * T.rubber_m), height: X(W + 2 * T.rubber_m), class: "rubber"}, g);
  for (const [pid, p] of Object.entries(T.pockets)) {
    el("polygon", {points: pts(p.hole), class: "hole"}, g);
    el("circle", {cx: X(p.hole_centre[0]), cy: Y(p.hole_centre[1]), r: 1300 * T.ball_radius_m, class: "hole"}, g);
  }
  el("polygon", {points: pts(T.outline), class: "cloth", id: "cloth"}, g);
  // the house line, the spots, the diamonds (sights) on the rails
  el("line", {x1: X(T.house_line_x), y1: Y(0), x2: X(T.house_line_x), y2: Y(W), class: "houseline"}, g);
  for (const s of T.spots) el("circle", {cx: X(s[0]), cy: Y(s[1]), r: 9, class: "spot"}, g);
  for (const d of T.diamonds) {
    const cx = d[0] === 0 ? -rail / 2 : d[0] === L ? L + rail / 2 : d[0];
    const cy = d[1] === 0 ? -rail / 2 : d[1] === W ? W + rail / 2 : d[1];
    const x = X(cx), y = Y(cy), r = 16;
    el("polygon", {points: `${x},${y - r} ${x + r * 0.6},${y} ${x},${y + r} ${x - r * 0.6},${y}`, class: "diamond"}, g);
  }
  for (const [pid, p] of Object.entries(T.pockets)) {
    const a = p.axis, m = p.mouth;
    // on the rail; on a thin drawn rail (a phone) just inside the cloth
    const out = VIEW.compact ? -0.11 : 0.13, side = VIEW.compact || a[0] !== 0 ? 0 : 0.13;
    const lx = m[0] + a[0] * out + side, ly = m[1] + a[1] * (VIEW.compact ? out : 0.1);
    const tx = el("text", {x: X(lx), y: Y(ly), class: "pocket-id"}, g);
    tx.dataset.i18n = "notation.pocket." + pid;
    tx.textContent = pocketName(pid);
  }
  // along the house line: turned a quarter in landscape; in portrait the line runs across
  const hx = X(T.house_line_x) - 14, hy = Y(W * 0.06);
  const hl = el("text", Object.assign({x: hx, y: hy, class: "house-label"}, VIEW.portrait ? {} : {transform: `rotate(-90 ${hx} ${hy})`}), g);
  hl.dataset.i18n = "house";
  hl.textContent = t("house");
  // the tray: a slot for every ball
  const tray = $("g-tray");
  clear(tray);
  const a = trayXY(0), b = trayXY(15);  // the two end slots
  const x0 = Math.min(X(a[0]), X(b[0])), x1 = Math.max(X(a[0]), X(b[0]));
  const y0 = Math.min(Y(a[1]), Y(b[1])), y1 = Math.max(Y(a[1]), Y(b[1]));
  el("rect", {x: x0 - 62, y: y0 - 62, width: x1 - x0 + 124, height: y1 - y0 + 124, rx: 62, class: "tray"}, tray);
  BALL_IDS.forEach((id, k) => el("circle", {cx: X(trayXY(k)[0]), cy: Y(trayXY(k)[1]), r: 34, class: "slot"}, tray));
  const at = VIEW.portrait ? {x: X(a[0] - 0.1), y: Y(W / 2), "text-anchor": "middle", "dominant-baseline": "central"}
    : {x: X(b[0] + 0.11), y: Y(b[1]) + 14};  // beside the tray; in portrait below it
  const lab = el("text", Object.assign(at, {class: "tray-label"}), tray);
  lab.dataset.i18n = "tray";
  lab.textContent = t("tray");
}

// --- balls ---------------------------------------------------------------------------------
export function makeBalls() {
  const g = $("g-balls");
  clear(g);
  for (const id of BALL_IDS) {
    const b = el("g", {class: "ball" + (id === "cue" ? " cue" : ""), "data-ball": id, tabindex: "0"}, g);
    el("circle", {r: 1000 * S.T.ball_radius_m, class: "body"}, b);
    const tx = el("text", {class: "num", y: 1}, b);
    tx.textContent = id === "cue" ? "" : id;
    if (id === "cue") el("circle", {r: 7, class: "cue-dot"}, b);
    b.addEventListener("pointerdown", onPointerDown);
    // a finger on a ball drags it and does not scroll the page (the table itself lets a swipe
    // scroll, touch-action: pan-y; Chromium does not take touch-action from SVG shapes)
    b.addEventListener("touchstart", e => { if (S.mode === "edit" && !S.busy && !playing()) e.preventDefault(); }, {passive: false});
  }
}
export function ballEl(id) { return document.querySelector(`#g-balls [data-ball="${id}"]`); }
export function placeBallEl(id, xy, where) {
  const b = ballEl(id);
  const k = BALL_IDS.indexOf(id);
  const p = xy || trayXY(k);
  b.setAttribute("transform", `translate(${X(p[0]).toFixed(1)} ${Y(p[1]).toFixed(1)})`);
  b.dataset.where = xy ? "table" : "tray";
  b.style.display = "";  // hidden only on a person's record (review.js drawNominal)
  if (where) b.dataset.where = where;
}
export function renderBalls(balls) {
  const checking = balls === S.balls && S.check.base === S.balls ? S.check.moves : {};
  for (const id of BALL_IDS) placeBallEl(id, checking[id] || balls[id] || null);
  const hand = S.mode === "edit" && S.state && S.state.cue_in_hand;
  ballEl("cue").classList.toggle("in-hand", !!hand);
  emit("ballsDrawn", balls);  // the photo's unread numbers (photo.js)
}

function svgPoint(evt) { return viewPoint(evt); }  // through the view's turn (view.js)
export function onTableArea(xy) {
  const T = S.T, r = railDrawn();
  return xy[0] >= -r && xy[0] <= T.length_m + r && xy[1] >= -r && xy[1] <= T.width_m + r;
}

function onPointerDown(evt) {
  if (S.mode !== "edit" || S.busy || playing()) return;
  leavePlayOut();  // an ended play-out's picture taken away: the position's ball drags (play.js)
  evt.preventDefault();
  const g = evt.currentTarget, id = g.dataset.ball;
  const shown = S.check.base === S.balls && S.check.moves[id] || S.balls[id];  // where it is drawn
  S.drag = {id, from: shown ? shown.slice() : null, g, moved: false};
  try { g.setPointerCapture(evt.pointerId); } catch (e) { /* synthetic events */ }
  g.classList.add("dragging");
  g.parentNode.appendChild(g);  // on top
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
}
function onPointerMove(evt) {
  const d = S.drag;
  if (!d) return;
  const xy = setupDragAt(d, svgPoint(evt), evt);  // snapped near a touch, the magnifier beside (setup.js)
  d.moved = true;
  d.g.setAttribute("transform", `translate(${X(xy[0]).toFixed(1)} ${Y(xy[1]).toFixed(1)})`);
}
function onPointerUp(evt) {
  const d = S.drag;
  window.removeEventListener("pointermove", onPointerMove);
  window.removeEventListener("pointerup", onPointerUp);
  if (!d) return;
  S.drag = null;
  d.g.classList.remove("dragging");
  const xy = svgPoint(evt);
  if (!d.moved) {
    hideLoupe(); placeBallEl(d.id, d.from); selectBall(d.id);
    emit("ballTapped", d.id);  // a ball from a photo: its number (photo.js)
    return;
  }
  if (!onTableArea(xy)) {  // off the table: back to the tray
    hideLoupe();
    delete S.check.moves[d.id];
    delete S.balls[d.id];
    if (S.extra) delete S.extra.break_pending;
    placeBallEl(d.id, null);
    say(t("removed", {ball: ballLabel(d.id)}));
    changed();
    return;
  }
  const at = setupDrop(d, xy);  // snapped to a touch or a cushion, or to 0.1 mm (setup.js)
  placeBallEl(d.id, at);  // where it was dropped, until the server has checked it
  queueCheck(d.id, at);
}


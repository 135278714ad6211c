// Setting up a position with a finger (issue 25, item 2): a magnifier beside the finger while a
// ball is dragged, snapping a drop to touching another ball (centres exactly 2R apart) or to
// frozen on a cushion, nudging the selected ball by 1 mm (arrow keys; the buttons under the
// table), undo and redo of the setup, and a zoom button on the table.  A module;
// table.js calls setupDragAt / setupDrop, state.js setupRecord, main.js initSetup.
import {S} from "./store.js";
import {$, X, Y, say} from "./dom.js";
import {t} from "./i18n.js";
import {VIEW} from "./view.js";
import {ballEl, onTableArea, placeBallEl} from "./table.js";
import {dropChecks, queueCheck} from "./check.js";
import {changed, syncStateInputs} from "./state.js";
import {leavePlayOut, playing} from "./play.js";

// A drop this close to touching (or this far into a touch) lands exactly touching; as close
// to a cushion, frozen on it.  More than a screen pixel at the coarsest drawing (a phone: the
// table at ~206 px/m, 4.9 mm a pixel; a desktop 4.3 mm a pixel, issue 25), so that a finger can
// reach it; a smaller gap is set from the touch by nudging (NUDGE_M at a time).
const SNAP_M = 0.006;
const NUDGE_M = 0.001;           // one nudge: 1 mm
// A snapped or nudged place is kept to 0.1 um: well inside the simulator's tolerance for a
// touch (sim.table.POSITION_TOLERANCE_M, 1 um), so a touching pair stays accepted.
const SETUP_ROUND_M = 1e-7;
const CLEAR_TOLERANCE_M = 1e-6;  // sim.table.POSITION_TOLERANCE_M: what the server accepts
const LOUPE_PX = 140, LOUPE_ZOOM = 3, LOUPE_LIFT_PX = 56;  // the magnifier: size, power, offset from the finger
const TABLE_ZOOM = 2;            // the zoom button: the table twice as large, scrolled in its frame
const MAX_ZOOM = 4;              // a pinch: up to four times (a ball ~60 px across on a phone)
const UNDO_DEPTH = 200;

const SETUP = {selected: null, history: [], index: -1, zoom: 1, fingers: new Map(), pinch: null};

function roundSetup(v) { return Math.round(v / SETUP_ROUND_M) * SETUP_ROUND_M; }

// Where each other ball is shown now (accepted, or dropped and being checked).
function otherBalls(id) {
  const moves = S.check.base === S.balls ? S.check.moves : {};
  const all = Object.assign({}, S.balls, moves);
  delete all[id];
  return Object.values(all);
}
function clearOfAll(q, others) {
  const R = S.T.ball_radius_m;
  return others.every(o => Math.hypot(q[0] - o[0], q[1] - o[1]) >= 2 * R - CLEAR_TOLERANCE_M);
}

// The drop point p (m) snapped: to frozen on a straight cushion (its nose line R from the centre),
// then to touching the nearest ball within SNAP_M (along the cushion when frozen on one; between
// two balls when the nearest touch would overlap a third).  null when nothing is near.
export function snapPoint(id, p) {
  const T = S.T, R = T.ball_radius_m, L = T.length_m, W = T.width_m;
  const others = otherBalls(id);
  const q = p.slice();
  let fixed = null;  // the coordinate held by a cushion: 0 (x) or 1 (y)
  for (const [k, lo, hi] of [[0, R, L - R], [1, R, W - R]]) {
    const other = 1 - k, ohi = other === 0 ? L - R : W - R;  // along the cushion, clear of its ends
    if (q[other] < R - SNAP_M || q[other] > ohi + SNAP_M) continue;
    if (Math.abs(q[k] - lo) <= SNAP_M) { q[k] = lo; fixed = fixed === null ? k : -1; }
    else if (Math.abs(q[k] - hi) <= SNAP_M) { q[k] = hi; fixed = fixed === null ? k : -1; }
  }
  let near = null, best = SNAP_M;
  for (const o of others) {
    const gap = Math.abs(Math.hypot(q[0] - o[0], q[1] - o[1]) - 2 * R);
    if (gap <= best) { best = gap; near = o; }
  }
  if (near && fixed !== -1) {
    const t = fixed === null ? touchRadial(q, near) : touchAlong(q, near, fixed);
    if (t && clearOfAll(t, others)) return t;
    const pair = t && others.find(o => o !== near && !clearOfAll(t, [o]));
    const two = pair && fixed === null ? touchTwo(q, near, pair) : null;
    if (two && Math.hypot(two[0] - p[0], two[1] - p[1]) <= 2 * SNAP_M && clearOfAll(two, others)) return two;
    return null;
  }
  return fixed !== null && (q[0] !== p[0] || q[1] !== p[1]) && clearOfAll(q, others) ? q : null;
}
function touchRadial(q, c) {  // on the line from c's centre through q, 2R from c
  const R = S.T.ball_radius_m, d = Math.hypot(q[0] - c[0], q[1] - c[1]);
  if (d === 0) return null;
  return [c[0] + (q[0] - c[0]) * 2 * R / d, c[1] + (q[1] - c[1]) * 2 * R / d];
}
function touchAlong(q, c, k) {  // coordinate k held (frozen on a cushion), 2R from c
  const R = S.T.ball_radius_m, o = 1 - k, a = q[k] - c[k];
  if (Math.abs(a) > 2 * R) return null;
  const b = Math.sqrt(4 * R * R - a * a), t = q.slice();
  t[o] = c[o] + (q[o] >= c[o] ? b : -b);
  return t;
}
function touchTwo(q, a, b) {  // touching both a and b, the one of the two places nearer q
  const R = S.T.ball_radius_m, dx = b[0] - a[0], dy = b[1] - a[1], d = Math.hypot(dx, dy);
  if (d === 0 || d > 4 * R) return null;
  const h = Math.sqrt(4 * R * R - d * d / 4), mx = a[0] + dx / 2, my = a[1] + dy / 2;
  const c1 = [mx - dy / d * h, my + dx / d * h], c2 = [mx + dy / d * h, my - dx / d * h];
  return Math.hypot(c1[0] - q[0], c1[1] - q[1]) <= Math.hypot(c2[0] - q[0], c2[1] - q[1]) ? c1 : c2;
}

// --- the drag: table.js's onPointerMove / onPointerUp ----------------------------------------
// The point the dragged ball is shown at (snapped when near a touch) and the magnifier with it.
export function setupDragAt(d, xy, evt) {
  const s = onTableArea(xy) && snapPoint(d.id, xy);
  const at = s || xy;
  d.snapped = s ? [roundSetup(s[0]), roundSetup(s[1])] : null;
  d.g.classList.toggle("snapped", !!s);
  if (evt && evt.pointerType !== "mouse") showLoupe(at, evt);
  return at;
}
// The place a drop lands (m): snapped, or the finger's point to 0.1 mm.
export function setupDrop(d, xy) {
  hideLoupe();
  d.g.classList.remove("snapped");
  selectBall(d.id);
  const s = snapPoint(d.id, xy);
  if (s) return [roundSetup(s[0]), roundSetup(s[1])];
  return [Math.round(xy[0] * 10000) / 10000, Math.round(xy[1] * 10000) / 10000];
}

// The magnifier: the table's own drawing (<use> of #g-view) around the ball, LOUPE_ZOOM times
// as large as on the screen, above the finger (below it near the screen's top edge).
function showLoupe(xy, evt) {
  const box = $("loupe"), svg = $("table");
  const vb = svg.viewBox.baseVal, rect = svg.getBoundingClientRect();
  const pxPerUnit = rect.width / vb.width;
  const gx = X(xy[0]), gy = Y(xy[1]);
  const [u, v] = VIEW.portrait ? [gy, -gx] : [gx, gy];  // g-view's rotate(-90) in portrait
  const w = LOUPE_PX / (pxPerUnit * LOUPE_ZOOM);
  $("loupe-svg").setAttribute("viewBox", `${u - w / 2} ${v - w / 2} ${w} ${w}`);
  let left = evt.clientX - LOUPE_PX / 2, top = evt.clientY - LOUPE_PX - LOUPE_LIFT_PX;
  if (top < 0) top = evt.clientY + LOUPE_LIFT_PX;
  // inside the page's width (clientWidth: without a scrollbar; innerWidth counts it in)
  left = Math.max(0, Math.min(document.documentElement.clientWidth - LOUPE_PX, left));
  box.style.left = left + "px";
  box.style.top = top + "px";
  box.hidden = false;
}
export function hideLoupe() { $("loupe").hidden = true; }

// --- the selected ball and its nudges -----------------------------------------------------------
export function selectBall(id) {
  SETUP.selected = id;
  document.querySelectorAll("#g-balls .ball").forEach(b => b.classList.toggle("selected", b.dataset.ball === id));
  updateSetupButtons();
}
function shownAt(id) {
  return S.check.base === S.balls && S.check.moves[id] || S.balls[id] || null;
}
// A nudge in the screen's direction (sx right, sy down; one of them +-1): 1 mm on the table as
// the player sees it (the portrait view is the landscape one turned a quarter to the left).
function nudge(sx, sy) {
  const id = SETUP.selected, at = id && shownAt(id);
  if (S.mode !== "edit" || S.busy || playing() || !at) return false;
  leavePlayOut();
  const [dx, dy] = VIEW.portrait ? [-sy, -sx] : [sx, -sy];
  const xy = [roundSetup(at[0] + dx * NUDGE_M), roundSetup(at[1] + dy * NUDGE_M)];
  placeBallEl(id, xy);
  queueCheck(id, xy);
  return true;
}

// --- undo and redo: every accepted change of the setup (state.js's changed()) ------------------
function setupSnapshot() {
  return JSON.stringify({balls: S.balls, state: S.state, extra: S.extra || {},
    unread: S.unread || [], photoIds: S.photoIds || null});
}
export function setupRecord() {
  const snap = setupSnapshot();
  if (SETUP.history[SETUP.index] === snap) return;
  SETUP.history = SETUP.history.slice(0, SETUP.index + 1);
  SETUP.history.push(snap);
  if (SETUP.history.length > UNDO_DEPTH) SETUP.history.shift();
  SETUP.index = SETUP.history.length - 1;
  updateSetupButtons();
}
function setupGo(step) {
  const k = SETUP.index + step;
  if (S.mode !== "edit" || S.busy || playing() || k < 0 || k >= SETUP.history.length) return false;
  leavePlayOut();
  dropChecks();
  SETUP.index = k;
  const snap = JSON.parse(SETUP.history[k]);
  S.balls = snap.balls;
  S.state = snap.state;
  S.extra = snap.extra;
  S.unread = snap.unread || [];  // a photo's numbers not yet set (photo.js)
  S.photoIds = snap.photoIds || null;
  syncStateInputs();
  changed();  // the snapshot is the history's current one: nothing recorded
  updateSetupButtons();
  say(t(step < 0 ? "undone" : "redone"));
  return true;
}
export const undoSetup = () => setupGo(-1);
export const redoSetup = () => setupGo(1);

function updateSetupButtons() {
  if (!$("btn-undo")) return;
  $("btn-undo").disabled = SETUP.index <= 0;
  $("btn-redo").disabled = SETUP.index >= SETUP.history.length - 1;
  const on = !!(SETUP.selected && shownAt(SETUP.selected));
  document.querySelectorAll("#setup-tools [data-nudge]").forEach(b => { b.disabled = !on; });
}

// --- the zoom button: the table TABLE_ZOOM times as large in its frame, scrolled to the selected ball
function setZoom(zoom, about) {
  const wrap = $("table-wrap"), before = $("table").getBoundingClientRect();
  if (SETUP.zoom === 1) wrap.style.setProperty("--frame-h", before.height + "px");  // the frame stays as it was
  SETUP.zoom = zoom;
  wrap.style.setProperty("--zoom", zoom);
  wrap.classList.toggle("zoomed", zoom > 1);
  $("btn-zoom").classList.toggle("active", zoom > 1);
  $("btn-zoom").setAttribute("aria-pressed", zoom > 1 ? "true" : "false");
  if (about) {  // a pinch: the table point between the fingers stays between them
    const after = $("table").getBoundingClientRect();
    const fx = (about[0] - before.left) / before.width, fy = (about[1] - before.top) / before.height;
    wrap.scrollLeft += after.left + fx * after.width - about[0];
    wrap.scrollTop += after.top + fy * after.height - about[1];
    return;
  }
  const at = SETUP.selected && shownAt(SETUP.selected);
  const b = at ? ballEl(SETUP.selected).getBoundingClientRect() : null, w = wrap.getBoundingClientRect();
  if (b) { wrap.scrollLeft += b.left + b.width / 2 - (w.left + w.width / 2); wrap.scrollTop += b.top + b.height / 2 - (w.top + w.height / 2); }
  else { wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2; wrap.scrollTop = (wrap.scrollHeight - wrap.clientHeight) / 2; }
}

// A pinch on the table: two fingers on the cloth (not while a ball is dragged) zoom it between
// 1 and MAX_ZOOM.  The cloth lets a one-finger swipe scroll the page (touch-action: pan-y), so a
// pinch that starts as a vertical swipe is the browser's scroll.
function fingerDown(evt) {
  if (evt.pointerType !== "touch") return;
  SETUP.fingers.set(evt.pointerId, [evt.clientX, evt.clientY]);
  if (SETUP.fingers.size === 2 && !S.drag) {
    const [a, b] = [...SETUP.fingers.values()];
    SETUP.pinch = {d0: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, z0: SETUP.zoom};
  }
}
function fingerMove(evt) {
  if (!SETUP.fingers.has(evt.pointerId)) return;
  SETUP.fingers.set(evt.pointerId, [evt.clientX, evt.clientY]);
  const p = SETUP.pinch;
  if (!p || SETUP.fingers.size !== 2) return;
  const [a, b] = [...SETUP.fingers.values()];
  const z = Math.max(1, Math.min(MAX_ZOOM, p.z0 * Math.hypot(a[0] - b[0], a[1] - b[1]) / p.d0));
  setZoom(z, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
}
function fingerUp(evt) {
  SETUP.fingers.delete(evt.pointerId);
  if (SETUP.fingers.size < 2) SETUP.pinch = null;
}

const NUDGE_KEYS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
export function initSetup() {
  $("btn-undo").addEventListener("click", undoSetup);
  $("btn-redo").addEventListener("click", redoSetup);
  $("btn-zoom").addEventListener("click", () => setZoom(SETUP.zoom > 1 ? 1 : TABLE_ZOOM));
  document.querySelectorAll("#setup-tools [data-nudge]").forEach(b => b.addEventListener("click", () => {
    const [sx, sy] = NUDGE_KEYS[b.dataset.nudge];
    nudge(sx, sy);
  }));
  const wrap = $("table-wrap");
  wrap.addEventListener("pointerdown", fingerDown);
  window.addEventListener("pointermove", fingerMove);
  for (const type of ["pointerup", "pointercancel"]) window.addEventListener(type, fingerUp);
  window.addEventListener("pointercancel", hideLoupe);  // the browser took the finger
  // a phone turned: the table's frame is measured anew, unzoomed
  matchMedia("(orientation: portrait)").addEventListener("change", () => { if (SETUP.zoom > 1) setZoom(1); });
  $("g-balls").addEventListener("focusin", e => {
    const g = e.target.closest && e.target.closest(".ball");
    if (g && S.mode === "edit") selectBall(g.dataset.ball);
  });
  document.addEventListener("keydown", e => {
    const tag = e.target.tagName;
    if (S.mode !== "edit" || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (key === "z" || key === "y")) {
      e.preventDefault();
      if (key === "y" || e.shiftKey) redoSetup(); else undoSetup();
      return;
    }
    const n = NUDGE_KEYS[e.key];
    if (n && !e.ctrlKey && !e.metaKey && !e.altKey && nudge(n[0], n[1])) e.preventDefault();
  });
  setupRecord();
}

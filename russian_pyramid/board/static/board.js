// The analysis board: the table as SVG, balls dragged from the tray, the game state, the AI's
// advice drawn, strokes played out, game records stepped through.  Plain JavaScript.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const BALL_IDS = ["cue"].concat(Array.from({length: 15}, (_, k) => String(k + 1)));
const SUGG_COLOURS = ["#ffe600", "#00e5ff", "#ff66c4", "#b6ff3b", "#ff9a3c"];
const PATH_COLOURS = ["#2b7bff", "#ffb000", "#c04dff", "#00e5ff", "#ff66c4", "#b6ff3b", "#ffffff",
  "#ff7b00", "#7d5cff", "#00ffa2", "#f0e442", "#ff9e9e", "#a0c8ff", "#ffd6a0", "#d0a0ff"];
const TOTAL_POINTS = 140, LAST_BALL_BONUS = 10;

const S = {
  T: null,                 // the table (GET /api/table)
  balls: {},               // id -> [x, y] in metres
  state: null,             // the rest of the game state (scores, to_move, ...)
  suggestions: [], selected: -1, suggestedFor: null,
  line: null,              // the answer's line of play, from the first suggestion (line.js)
  answer: null,            // the shown answer's {position, sent} (answer.js: shown only while current)
  mode: "edit",
  record: null, analysis: null, strokeIndex: 0,
  busy: false, drag: null, anim: null, noiseSeed: 1,
  check: {timer: null, controller: null, moves: {}, base: null},  // drops the server is checking
  unread: [],              // balls from a photo whose numbers are not yet set (photo.js)
  lastSuggestMs: null, secondsPerSample: null,  // the last answer's time, per sample spent
};
window.boardState = S;  // for tests and users' scripts

// --- small helpers -------------------------------------------------------------------------
const $ = id => document.getElementById(id);
function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  if (tag === "text" && parent) uprightText(e);  // upright on a turned table (view.js)
  return e;
}
// An HTML element built from parts, never from markup (issue 51): each attribute set as text
// (true: present, false/null/undefined: left out; no on* handler), each child a node or text.
// Every text from a document, a link, a file or the server reaches the page through this or
// textContent; no script of the page parses markup (tests/russian_pyramid/test_board_injection.py).
function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (/^on/i.test(k)) throw new Error("h(): no event handler attributes (" + k + ")");
    if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== "") e.append(c);
  return e;
}
function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
const X = x => x * 1000;
const Y = y => (S.T.width_m - y) * 1000;
function pts(list) { return list.map(p => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(" "); }
function ballValue(b) { const n = Number(b); return n === 1 ? 11 : n; }
function pct(p) { return p === null || p === undefined ? "?" : Math.round(100 * p) + "%"; }
function signed(x) {  // "+3,4", "-0,7"; never "-0,0"
  const v = Math.round(Number(x) * 10) / 10 || 0;
  return (v >= 0 ? "+" : "") + num(v, 1);
}
function ballLabel(b) { return b === "cue" ? t("cue_name") : t("ball_name", {b}); }

// the board's XSRF value (russian_pyramid/board/guard.py): a cookie per port, sent back as a header
function xsrf() {
  const port = location.port || (location.protocol === "https:" ? "443" : "80");
  const m = document.cookie.match(new RegExp("(?:^|; )_xsrf-" + port + "=([^;]*)"));
  return m ? m[1] : "";
}
async function api(method, url, body, raw, signal) {
  const opts = {method, headers: {}, signal};
  if (method !== "GET") opts.headers["X-XSRFToken"] = xsrf();
  if (body !== undefined) {
    opts.body = raw ? body : JSON.stringify(body);  // raw: a record, JSON Lines; or a photo
    opts.headers["Content-Type"] = typeof raw === "string" ? raw  // the photo's image type (photo.js)
      : raw ? "application/x-ndjson; charset=utf-8" : "application/json";
  }
  const r = await fetch(url, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = {error: `HTTP ${r.status}`}; }
  if (!r.ok) {
    const err = new Error(data && data.error || `HTTP ${r.status}`);
    err.status = r.status;
    err.data = data;  // e.g. /api/check's refusal: {reason, balls}
    throw err;
  }
  return data;
}

function say(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.className = "message" + (kind ? " " + kind : "");
}

// --- the table -----------------------------------------------------------------------------
// The view's edges [x, y, w, h] in SVG units of the landscape drawing: the table with its
// rails and the tray below it; in portrait (view.js) the table edge to edge, the tray below
// the house.
function viewBox() {
  const T = S.T, L = T.length_m, W = T.width_m, rail = railDrawn();
  if (VIEW.portrait) {
    const x0 = trayXY(0)[0] - 0.16;
    return [X(x0), Y(W + rail), X(L + rail - x0 + 0.01), X(W + 2 * rail)];
  }
  const top = W + rail + 0.02, bottom = trayXY(0)[1] - 0.09;  // table y of the view's edges
  return [X(-rail - 0.02), Y(top), X(L + 2 * rail + 0.04), (top - bottom) * 1000];
}

function drawTable() {
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

// --- the position check: the server's (POST /api/check, sim.Simulator.check_position) ------
// The page has no geometry of its own: a dragged ball moves freely; on the drop it stays where
// it was dropped while the server checks the whole position (a short wait after the last drop,
// so that quick drops make one request; a newer request cancels the one in flight).  Accepted,
// the drop joins S.balls (the last accepted position); refused, the ball goes back to its last
// accepted place (or the tray) and the server's reason is shown.
const CHECK_DELAY_MS = 120;  // wait after a drop before asking: a phone's quick drops, one request
function newCheck() { return {timer: null, controller: null, moves: {}, base: null}; }
function pendingChecks() { return Object.keys(S.check.moves).length + (S.check.controller ? 1 : 0); }
function dropChecks() {  // the position was replaced: forget drops not yet accepted
  if (S.check.timer) clearTimeout(S.check.timer);
  if (S.check.controller) S.check.controller.abort();
  S.check = newCheck();
}
function queueCheck(id, xy) {
  if (S.check.base !== S.balls) dropChecks();
  S.check.base = S.balls;
  delete S.check.moves[id];  // a ball dropped again: its newest place, last in the order
  S.check.moves[id] = xy;
  if (S.check.timer) clearTimeout(S.check.timer);
  S.check.timer = setTimeout(runCheck, CHECK_DELAY_MS);
}
async function runCheck() {
  const c = S.check;
  c.timer = null;
  if (c.controller) c.controller.abort();  // the last request wins
  const controller = new AbortController();
  c.controller = controller;
  const moves = Object.assign({}, c.moves);
  const trial = Object.assign({}, S.balls, moves);
  let why = null;
  try {
    await api("POST", "/api/check", {table: S.T.name, balls: trial}, false, controller.signal);
  } catch (e) {
    if (controller.signal.aborted) return;  // a newer check (or a new position) took over
    why = refusalWords(e);
  }
  if (S.check !== c || c.controller !== controller) return;
  c.controller = null;
  if (c.base !== S.balls) { dropChecks(); return; }  // a new position was loaded meanwhile
  const ids = Object.keys(moves).filter(id => c.moves[id] === moves[id]);
  for (const id of ids) delete c.moves[id];
  if (why !== null) {
    for (const id of ids) refuse(id, why);
    return;
  }
  for (const id of ids) S.balls[id] = moves[id];
  if (S.extra) delete S.extra.break_pending;  // a position set up by hand is not the break
  const last = ids[ids.length - 1], xy = moves[last];
  if (last) say(t("placed", {ball: ballLabel(last), x: num(xy[0], 3), y: num(xy[1], 3)}));
  changed();
}
// The server's refusal in the player's words: {reason: "cushion" | "overlap", balls: [ids]}
// (sim.PositionRefused); any other error as the server wrote it.
function refusalWords(e) {
  const r = e.data && e.data.refusal;
  if (r && r.reason === "overlap" && r.balls && r.balls.length === 2)
    return t("refused_overlap", {a: ballLabel(r.balls[0]), b: ballLabel(r.balls[1])});
  if (r && r.reason === "cushion" && r.balls && r.balls.length === 1)
    return t("refused_cushion", {a: ballLabel(r.balls[0])});
  return e.message;
}
function refuse(id, why) {
  if (!(S.drag && S.drag.id === id)) placeBallEl(id, S.balls[id] || null);
  const g = ballEl(id);
  g.classList.add("refused");
  setTimeout(() => g.classList.remove("refused"), 1200);
  say(t("refused", {why}), "error");
}

// --- balls ---------------------------------------------------------------------------------
function makeBalls() {
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
    b.addEventListener("touchstart", e => { if (S.mode === "edit" && !S.busy && !S.anim) e.preventDefault(); }, {passive: false});
  }
}
function ballEl(id) { return document.querySelector(`#g-balls [data-ball="${id}"]`); }
function placeBallEl(id, xy, where) {
  const b = ballEl(id);
  const k = BALL_IDS.indexOf(id);
  const p = xy || trayXY(k);
  b.setAttribute("transform", `translate(${X(p[0]).toFixed(1)} ${Y(p[1]).toFixed(1)})`);
  b.dataset.where = xy ? "table" : "tray";
  b.style.display = "";  // hidden only on a person's record (review.js drawNominal)
  if (where) b.dataset.where = where;
}
function renderBalls(balls) {
  const checking = balls === S.balls && S.check.base === S.balls ? S.check.moves : {};
  for (const id of BALL_IDS) placeBallEl(id, checking[id] || balls[id] || null);
  const hand = S.mode === "edit" && S.state && S.state.cue_in_hand;
  ballEl("cue").classList.toggle("in-hand", !!hand);
  if (typeof photoMarks === "function") photoMarks(balls);  // the photo's unread numbers (photo.js)
}

function svgPoint(evt) { return viewPoint(evt); }  // through the view's turn (view.js)
function onTableArea(xy) {
  const T = S.T, r = railDrawn();
  return xy[0] >= -r && xy[0] <= T.length_m + r && xy[1] >= -r && xy[1] <= T.width_m + r;
}

function onPointerDown(evt) {
  if (S.mode !== "edit" || S.busy || S.anim) return;
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
    if (typeof photoTap === "function") photoTap(d.id);  // a ball from a photo: its number (photo.js)
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

// --- the game state ------------------------------------------------------------------------
function nSides() { return S.state.variant === "three-each" ? 3 : 2; }
function stateDoc() {
  const st = S.state, on = new Set(Object.keys(S.balls));
  const doc = Object.assign({}, S.extra || {}, {
    table: S.T.name, balls: {}, cue_in_hand: !!st.cue_in_hand, scores: st.scores.slice(0, nSides()),
    to_move: st.to_move, call_mode: st.call_mode, target: st.target, variant: st.variant,
    shelves: (st.shelves || []).slice(0, nSides()).map(s => s.filter(b => !on.has(b))),
  });
  while (doc.shelves.length < nSides()) doc.shelves.push([]);
  // what is shown, as it is: the cue ball is never on the table while in hand (answer.js)
  for (const id of BALL_IDS) if (S.balls[id]) doc.balls[id] = S.balls[id].slice();
  delete doc.placement_region;
  const adj = adjustmentFor(doc);
  if (adj) doc.adjustment = adj; else delete doc.adjustment;
  return doc;
}
// A position set up by hand: the balls taken off the board that are on no shelf, and scores
// typed in that the shelves do not explain, are said in the state's "adjustment" (the rules
// core refuses a state whose points do not add up without one, R1; engine/accounting.py).
function adjustmentFor(doc) {
  const placed = new Set(Object.keys(doc.balls));
  for (const s of doc.shelves) for (const b of s) placed.add(b);
  const aside = BALL_IDS.filter(b => b !== "cue" && !placed.has(b));
  const shelved = doc.shelves.reduce((t, s) => t + s.reduce((u, b) => u + ballValue(b), 0), 0);
  const explained = shelved + (doc.last_ball_bonus_to != null ? LAST_BALL_BONUS : 0)
    + (doc.handicap_points || 0) + (doc.returned_points || 0);
  const points = doc.scores.reduce((a, b) => a + b, 0) - explained;
  if (!aside.length && !points) return null;
  return {reason: S.adjustReason || "a position set up on the board", points, balls: aside};
}
// A value quoted in a refusal: as JSON, cut (a link or a file may hold anything, at any length).
const QUOTED_CHARS = 80;
function quoted(v) {
  const json = JSON.stringify(v), s = json === undefined ? String(v) : json;
  return s.length > QUOTED_CHARS ? s.slice(0, QUOTED_CHARS) + "…" : s;
}
// The fields of a state (a link, a file) that the page shows, checked before they are: a
// refusal names the field and quotes the value (the server checks the rest, /api/check).
function checkShown(doc, n) {
  const options = id => Array.from($(id).options, o => o.value);
  const whole = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
  const bad = (field, v, what) => { throw new Error(`${field} = ${quoted(v)} must be ${what}`); };
  if (doc.variant !== undefined && !options("in-variant").includes(doc.variant)) bad("variant", doc.variant, options("in-variant").join(", "));
  if (doc.call_mode !== undefined && !options("in-call-mode").includes(doc.call_mode)) bad("call_mode", doc.call_mode, options("in-call-mode").join(", "));
  if (doc.scores !== undefined) {
    if (!Array.isArray(doc.scores)) bad("scores", doc.scores, "a list of whole numbers");
    doc.scores.forEach((v, p) => { if (!Number.isInteger(v)) bad(`scores[${p}]`, v, "a whole number"); });
  }
  if (doc.to_move !== undefined && !whole(doc.to_move, 0, n - 1)) bad("to_move", doc.to_move, `a side, 0 to ${n - 1}`);
  if (doc.target !== undefined && !whole(doc.target, 1, Infinity)) bad("target", doc.target, "a whole number of points");
}
function loadState(doc, message) {
  if (!doc || typeof doc !== "object" || !doc.balls) throw new Error("balls is missing");
  const variant = doc.variant || "two-player";
  const n = variant === "three-each" ? 3 : 2;
  checkShown(doc, n);  // before anything changes: a refused state leaves the board as it was
  const extra = {};
  for (const k of ["warning", "auto_warning", "unchanged_foul_streak", "no_call_strokes_left", "last_ball_replay",
    "last_ball_bonus_to", "handicap_points", "returned_points", "placings", "targets", "pair", "match", "break_pending"]) {
    if (k in doc) extra[k] = doc[k];
  }
  S.extra = extra;
  S.adjustReason = doc.adjustment && typeof doc.adjustment.reason === "string" ? doc.adjustment.reason : null;
  S.state = {
    scores: (doc.scores || Array(n).fill(0)).slice(), to_move: doc.to_move || 0,
    cue_in_hand: !!doc.cue_in_hand, call_mode: doc.call_mode || "exact",
    target: doc.target || (n === 3 ? 51 : 71), variant, shelves: doc.shelves || [],
  };
  while (S.state.scores.length < n) S.state.scores.push(0);
  S.balls = {};
  for (const [b, p] of Object.entries(doc.balls)) if (BALL_IDS.includes(b) && p) S.balls[b] = [Number(p[0]), Number(p[1])];
  S.unread = []; S.photoIds = null;  // a new position: no number left to ask (photo.js)
  dropCueInHand();
  syncStateInputs();
  setMode("edit");
  changed();
  if (message) say(message);
}
function syncStateInputs() {
  const st = S.state;
  $("in-variant").value = st.variant;
  $("in-call-mode").value = st.call_mode;
  $("in-target").value = st.target;
  $("in-hand").checked = !!st.cue_in_hand;
  renderScores();
}
function renderScores() {
  const box = $("scores"), st = S.state;
  clear(box);
  for (let p = 0; p < nSides(); p++) {
    const row = document.createElement("div");
    row.className = "score-row" + (st.to_move === p ? " moving" : "");
    const name = st.variant === "one-vs-pair" ? t(p === 0 ? "pair_single" : "pair_pair") : t("player", {p: "ABC"[p]});
    row.append(h("label", {class: "radio"},
      h("input", {type: "radio", name: "to-move", value: p, checked: st.to_move === p}), "\n      ",
      h("span", null, name), " ", h("small", null, t("to_move"))),
      "\n      ",
      h("input", {type: "number", class: "score", id: "score-" + p, min: -200, max: 300, value: st.scores[p],
        "aria-label": `${t("score")} ${"ABC"[p]}`}));
    box.appendChild(row);
  }
  box.querySelectorAll("input[name=to-move]").forEach(r => r.addEventListener("change", e => {
    S.state.to_move = Number(e.target.value); renderScores(); changed(); }));
  box.querySelectorAll("input.score").forEach((inp, p) => inp.addEventListener("input", e => {
    S.state.scores[p] = Math.round(Number(e.target.value) || 0); checkScores(); clearAdvice(); }));
  checkScores();
}
function offTableValue() {
  const on = Object.keys(S.balls).filter(b => b !== "cue");
  const tableValue = on.reduce((s, b) => s + ballValue(b), 0) + (on.length ? LAST_BALL_BONUS : 0);
  return TOTAL_POINTS - tableValue;
}
function checkScores() {
  const sum = S.state.scores.slice(0, nSides()).reduce((a, b) => a + b, 0);
  const extra = (S.extra && (S.extra.handicap_points || 0) + (S.extra.returned_points || 0)) || 0;
  const off = offTableValue();
  const ok = sum - extra === off;
  const box = $("score-check");
  box.textContent = t(ok ? "scores_ok" : "scores_bad", {sum: sum - extra, off});
  box.className = "score-check " + (ok ? "ok" : "warn");
}
function changed() {
  if (agreeCueInHand()) say(t("hand_cue_placed"));
  renderBalls(S.balls);
  drawRegion();
  checkScores();
  clearAdvice();
  setupRecord();  // undo and redo (setup.js)
  try { history.replaceState(null, "", "#s=" + encodeState(stateDoc())); } catch (e) { /* file: */ }
}
function drawRegion() {
  const g = $("g-region");
  clear(g);
  if (S.mode !== "edit" || !S.state.cue_in_hand) return;
  const T = S.T, R = T.ball_radius_m;
  el("rect", {x: X(R), y: Y(T.width_m - R), width: X(T.house_line_x - R), height: X(T.width_m - 2 * R), class: "region"}, g);
}

// links: the state JSON, base64url
function encodeState(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let s = "";
  bytes.forEach(b => { s += String.fromCharCode(b); });
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeState(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(b, c => c.charCodeAt(0))));
}

// --- the AI's advice -----------------------------------------------------------------------
function clearAdvice() {
  S.suggestions = []; S.selected = -1; S.answer = null; S.line = null;
  delete document.body.dataset.advice;
  clear($("suggestions"));
  clear($("g-advice")); clear($("g-noise")); stopAnim();
  lineHook();
  $("box-advice").hidden = true;
}
let progressTimer = null;
// the bar fills over the time the search is expected to take: its samples at the speed the
// last answer was found (about a millisecond a sample before any answer)
const SECONDS_PER_SAMPLE = 0.001;
function startProgress(samples) {
  const box = $("progress"), bar = box.querySelector(".bar"), txt = box.querySelector(".ptext");
  box.hidden = false;
  const t0 = performance.now();
  const expected = Math.max(0.2, samples * (S.secondsPerSample || SECONDS_PER_SAMPLE));
  const tick = () => {
    const s = (performance.now() - t0) / 1000;
    bar.style.width = Math.min(100, 100 * s / expected) + "%";
    box.classList.toggle("over", s > expected);
    txt.textContent = S.queueAhead > 0 ? t("queue_ahead", {n: S.queueAhead})
      : t("thinking", {t: num(s, 1), n: samples});
  };
  tick();
  progressTimer = setInterval(tick, 100);
  S.queueAhead = 0;
  queueTimer = setInterval(pollQueue, QUEUE_POLL_MS);
}
// while a suggestion waits for the AI behind other devices' (russian_pyramid/board/turns.py)
const QUEUE_POLL_MS = 700;
let queueTimer = null;
async function pollQueue() {
  try {
    const q = await api("GET", "/api/queue");
    S.queueAhead = q.waiting > 0 ? q.ahead : 0;
  } catch (e) { S.queueAhead = 0; }
}
function stopProgress() {
  clearInterval(progressTimer); progressTimer = null;
  clearInterval(queueTimer); queueTimer = null; S.queueAhead = 0;
  $("progress").hidden = true;
}

async function doSuggest() {
  if (S.busy) return;
  if (typeof photoUnreadLeft === "function" && photoUnreadLeft()) return;  // numbers first (photo.js)
  const doc = stateDoc(), sent = JSON.stringify(doc);  // the position asked about, as sent
  // a sample budget and no seed: the server draws the seed from the position, so the same
  // position with the same settings gets the same advice (a time budget would not)
  const budget = Number($("in-budget").value);
  const q = new URLSearchParams({top: $("in-top").value, skill: $("in-skill").value, budget,
    lang: LANG, line: LINE_STROKES});  // line.js
  clearAdvice();
  S.busy = true;
  $("btn-suggest").disabled = true;
  document.body.classList.add("thinking");
  const t0 = performance.now();
  startProgress(budget);
  try {
    const r = await api("POST", "/api/suggest?" + q, doc);
    S.lastSuggestMs = performance.now() - t0;
    const b = r.budget || {};
    if (b.samples_used) S.secondsPerSample = S.lastSuggestMs / 1000 / b.samples_used;
    if (answerMismatch(r.position, sent) !== null) { showStale(); return; }  // answer.js
    S.answer = {position: r.position, sent};
    S.suggestions = r.suggestions;
    S.line = r.line || null;
    S.suggestedFor = doc;
    document.body.dataset.advice = "shown";
    renderSuggestions();
    if (S.suggestions.length) selectSuggestion(0);
    if (b.kind === "time" && b.note) say(b.note[LANG] || b.note.en);
    else say(t("answered", {t: num(S.lastSuggestMs / 1000, 1), n: b.samples_used, seed: b.seed}));
  } catch (e) {
    say(t("server_error", {why: e.message}), "error");
  } finally {
    stopProgress();
    S.busy = false;
    $("btn-suggest").disabled = false;
    document.body.classList.remove("thinking");
  }
}
function callText(s) {
  const c = s.call;
  if (!c || s.kind === "deliberate-foul") return s.foul ? t("foul_" + s.foul) : "";
  let text = t("ball_in", {b: c.ball, p: pocketName(c.pocket)});
  if (c.manner && c.manner !== "clean") text += ", " + t("m_" + c.manner) + (c.via && c.via.length ? " (" + c.via.join(", ") + ")" : "");
  return text;
}
function renderSuggestions() {
  const ol = $("suggestions");
  clear(ol);
  S.suggestions.forEach((s, i) => {
    const li = document.createElement("li");
    li.className = "sugg" + (i === S.selected ? " selected" : "");
    li.dataset.rank = i + 1;
    li.style.setProperty("--c", SUGG_COLOURS[i % SUGG_COLOURS.length]);
    const twins = twinsText(s);
    li.append(h("span", {class: "rank"}, String(i + 1)), "\n      ",
      h("span", {class: "pwin", title: t("pwin")}, h("b", null, pct(s.p_win)), h("small", null, t("pwin"))), "\n      ",
      h("span", {class: "what"}, h("b", null, t(s.kind)), " " + callText(s), h("br"), "\n      ",
        h("small", null, `${t("success")} ${pct(s.p_success)} · ${t("foul")} ${pct(s.p_foul)} · ${t("exp_points")} ${signed(s.expected_points)}`),
        twins ? h("br") : null, twins ? h("small", {class: "twin", "data-role": "twin"}, twins) : null));
    li.addEventListener("click", () => selectSuggestion(i));
    ol.appendChild(li);
  });
}
function selectSuggestion(i) {
  if (!adviceCurrent()) { showStale(); return; }  // never drawn over another position (answer.js)
  S.selected = i;
  stopAnim();
  clear($("g-noise"));
  $("noise-summary").textContent = "";
  renderSuggestions();
  drawSuggestion(S.suggestions[i], SUGG_COLOURS[i % SUGG_COLOURS.length]);
  lineHook();
  renderAdvice(S.suggestions[i], i);
}
// The line of play redrawn (line.js; not on the page pyramid analyze --html writes).
function lineHook() { if (typeof renderLine === "function") renderLine(); }
function pathColours(ids) {
  const out = {};
  let k = 0;
  ids.slice().sort((a, b) => BALL_IDS.indexOf(a) - BALL_IDS.indexOf(b)).forEach(b => {
    out[b] = b === "cue" ? "#ff2a2a" : PATH_COLOURS[(k++) % PATH_COLOURS.length];
  });
  return out;
}
function drawPaths(g, paths, cls, opacity) {
  const colours = pathColours(Object.keys(paths || {}));
  for (const [b, p] of Object.entries(paths || {})) {
    if (p.length < 2) continue;
    el("polyline", {points: pts(p), class: `path ${b === "cue" ? "cue-path" : "ob-path"} ${cls || ""}`,
      stroke: colours[b], "stroke-opacity": opacity === undefined ? 1 : opacity, "data-path": b}, g);
  }
}
function cueStart(s) { return s.placement ? s.placement : S.balls.cue; }
function drawSuggestion(s, colour) {
  const g = $("g-advice");
  clear(g);
  const R = 1000 * S.T.ball_radius_m, start = cueStart(s), adv = s.advice;
  if (s.placement) {  // the cue ball's place from hand
    const c = el("circle", {cx: X(s.placement[0]), cy: Y(s.placement[1]), r: R, class: "placed-cue"}, g);
    c.dataset.role = "placement";
  }
  if (!s.strike || !adv) {
    if (start) {
      const tx = el("text", {x: X(start[0]), y: Y(start[1]) - 60, class: "advice-label"}, g);
      tx.textContent = t("tush_on_table");
    }
    return;
  }
  drawPaths(g, s.paths, "advice");
  const aim = adv.aim || {};
  if (aim.ghost && start && !(aim.cushions_first || []).length) {
    el("line", {x1: X(start[0]), y1: Y(start[1]), x2: X(aim.ghost[0]), y2: Y(aim.ghost[1]), class: "aim", stroke: colour}, g);
  }
  if (aim.ghost) el("circle", {cx: X(aim.ghost[0]), cy: Y(aim.ghost[1]), r: R, class: "ghost", stroke: colour, "data-role": "ghost"}, g);
  if (adv.cue_stop) el("circle", {cx: X(adv.cue_stop[0]), cy: Y(adv.cue_stop[1]), r: R * 1.3, class: "stop", "data-role": "stop"}, g);
  const c = s.call;
  if (c && S.T.pockets[c.pocket] && s.kind === "attack") {
    const m = S.T.pockets[c.pocket].mouth;
    el("circle", {cx: X(m[0]), cy: Y(m[1]), r: R * 2.2, class: "target-pocket", stroke: colour}, g);
  }
}
function tipDiagram(strike, colour) {
  const svg = $("tip");
  clear(svg);
  el("circle", {cx: 0, cy: 0, r: 1, class: "tip-face"}, svg);
  el("circle", {cx: 0, cy: 0, r: 0.6, class: "tip-limit"}, svg);
  el("line", {x1: -1, y1: 0, x2: 1, y2: 0, class: "tip-cross"}, svg);
  el("line", {x1: 0, y1: -1, x2: 0, y2: 1, class: "tip-cross"}, svg);
  if (!strike) return;
  el("circle", {cx: strike.side || 0, cy: -(strike.vertical || 0), r: 0.14, class: "tip-dot", fill: colour, "data-role": "tip"}, svg);
  const e = el("text", {x: 0, y: 1.42, class: "tip-elev"}, svg);
  e.textContent = `${t("f_elev").toLowerCase()}: ${Math.round(strike.elevation_deg || 0)}°`;
}
// The aim as a point on the object ball: its face seen from behind the cue, the contact
// point (R sin(cut) off centre, on the side away from where the ball goes) and the cue
// ball's outline at contact (2R sin(cut) off), with the ball fraction under it.
function aimDiagram(cut, colour) {
  const svg = $("aim-face");
  clear(svg);
  svg.toggleAttribute("hidden", !cut);
  if (!cut) return;
  const s = 1 - cut.fraction;  // sin(cut): the fraction is 1 - sin(cut)
  const sign = cut.side === "left" ? 1 : cut.side === "right" ? -1 : 0;
  el("circle", {cx: 0, cy: 0, r: 1, class: "aim-ball"}, svg);
  el("circle", {cx: 2 * s * sign, cy: 0, r: 1, class: "aim-ghost"}, svg);
  el("circle", {cx: s * sign, cy: 0, r: 0.14, class: "aim-dot", fill: colour, "data-role": "contact"}, svg);
  const e = el("text", {x: 0, y: 1.42, class: "aim-label"}, svg);
  e.textContent = t("fr_" + cut.fraction_name);
}
function speedName(name) { return t("sp_" + String(name).replace("-", "_")); }
function tipWords(st) {
  const parts = [];
  const v = st.vertical || 0, sd = st.side || 0;
  if (Math.abs(v) > 0.005) parts.push(t(v > 0 ? "tip_above" : "tip_below", {v: num(Math.abs(v), 1)}));
  if (Math.abs(sd) > 0.005) parts.push(t(sd > 0 ? "tip_right" : "tip_left", {s: num(Math.abs(sd), 1)}));
  if (!parts.length) return t("tip_centre");
  let spin = v >= 0.3 ? "spin_follow" : v > 0.1 ? "spin_little_follow" : v <= -0.2 ? "spin_draw" : v < -0.05 ? "spin_little_draw" : "spin_stun";
  let words = t(spin);
  if (sd > 0.1) words += ", " + t("spin_right");
  else if (sd < -0.1) words += ", " + t("spin_left");
  return parts.join(", ") + " (" + words + ")";
}
function diamondsText(d) {
  return t("diamonds", {a: num(d.from_house, 1), b: num(d.from_rail, 1), rail: t("rail_" + d.rail)});
}
function renderAdvice(s, i) {
  $("box-advice").hidden = false;
  const colour = SUGG_COLOURS[i % SUGG_COLOURS.length];
  const title = $("advice-title");
  title.textContent = `${i + 1}. ${t(s.kind)}${callText(s) ? ": " + callText(s) : ""} — ${t("pwin")} ${pct(s.p_win)}`;
  title.style.setProperty("--c", colour);
  tipDiagram(s.strike, colour);
  aimDiagram(s.advice && s.advice.cut, colour);
  const dl = $("advice-facts");
  clear(dl);
  const add = (k, v, role) => {
    const dt = document.createElement("dt"); dt.textContent = t(k);
    const dd = document.createElement("dd"); dd.textContent = v;
    if (role) dd.dataset.role = role;
    dl.appendChild(dt); dl.appendChild(dd);
  };
  const a = s.advice, st = s.strike;
  if (a && st) {
    if (a.placement_diamonds) add("f_place", diamondsText(a.placement_diamonds), "placement");
    if (a.cut) {
      const frac = t("fr_" + a.cut.fraction_name);
      add("f_cut", a.cut.side === "straight" ? t("cut_value_straight", {frac}) :
        t("cut_value", {side: t("cut_" + a.cut.side), frac, f: num(a.cut.fraction, 2), a: Math.round(a.cut.angle_deg)}), "cut");
    }
    add("f_speed", t("speed_value", {l: a.speed.level, w: speedName(a.speed.name), n: num(a.speed.level_lengths, 1)}), "speed");
    const sc = a.speed.scale_lengths || {};
    $("speed-legend").textContent = sc["10"] ? t("speed_legend", {a: num(sc["1"], 1), b: num(sc["5"], 1), c: num(sc["10"], 1)}) : "";
    add("f_tip", tipWords(st), "tip");
    add("f_elev", (st.elevation_deg || 0) < 0.5 ? t("elev_level") : t("elev_value", {e: Math.round(st.elevation_deg)}), "elevation");
    add("f_falls", a.pocketed.length ? a.pocketed.map(p => (p.ball === "cue" ? t("cue_name") : p.ball) + " → " + pocketName(p.pocket)).join(", ") : t("nothing"), "falls");
    add("f_stop", a.cue_stop_diamonds ? diamondsText(a.cue_stop_diamonds) : t("falls_cue"), "stop");
  }
  $("advice-text").textContent = (s.instructions && s.instructions[LANG]) || s.instruction || "";
  $("btn-play").disabled = !st;
  $("btn-noise").disabled = !st;
}
function shotDoc(s, strike) {
  const doc = stateDoc();
  const shot = {table: doc.table, balls: Object.assign({}, doc.balls), strike: strike || s.strike};
  if (s.placement) { shot.cue_in_hand = true; shot.placement = s.placement; }
  return shot;
}

// --- playing strokes out -------------------------------------------------------------------
function stopAnim() {
  if (S.anim) { cancelAnimationFrame(S.anim.raf); S.anim = null; }
  clear($("g-anim"));
  $("g-balls").classList.remove("faded");
}
function animate(motion, onDone) {
  stopAnim();
  const g = $("g-anim"), R = 1000 * S.T.ball_radius_m, els = {};
  for (const b of Object.keys(motion.balls)) {
    const e = el("g", {class: "ball anim" + (b === "cue" ? " cue" : ""), "data-anim-ball": b}, g);
    el("circle", {r: R, class: "body"}, e);
    const tx = el("text", {class: "num", y: 1}, e);
    tx.textContent = b === "cue" ? "" : b;
    els[b] = e;
  }
  $("g-balls").classList.add("faded");
  const t0 = performance.now();
  const frame = () => {
    const k = Math.min(motion.n - 1, Math.floor((performance.now() - t0) / 1000 / motion.dt));
    for (const [b, track] of Object.entries(motion.balls)) {
      const p = track[Math.min(k, track.length - 1)];
      if (p) els[b].setAttribute("transform", `translate(${X(p[0]).toFixed(1)} ${Y(p[1]).toFixed(1)})`);
      els[b].style.display = p ? "" : "none";
    }
    if (k < motion.n - 1) S.anim.raf = requestAnimationFrame(frame);
    else { S.anim.done = true; if (onDone) onDone(); }
  };
  S.anim = {raf: requestAnimationFrame(frame), done: false};
}
async function playOut() {
  const s = S.suggestions[S.selected];
  if (!s || !s.strike) return;
  try {
    const r = await api("POST", "/api/simulate", shotDoc(s));
    clear($("g-noise"));
    document.body.dataset.played = "running";
    animate(r.motion, () => { document.body.dataset.played = "done"; });
  } catch (e) { say(t("server_error", {why: e.message}), "error"); }
}
async function tryNoise() {
  const s = S.suggestions[S.selected];
  if (!s || !s.strike) return;
  const skill = $("in-my-skill").value, runs = 5;
  const q = new URLSearchParams({noise: skill, runs, seed: S.noiseSeed++});
  try {
    const r = await api("POST", "/api/simulate?" + q, shotDoc(s));
    stopAnim();
    const g = $("g-noise");
    clear(g);
    let k = 0, c = 0;
    for (const run of r.runs) {
      drawPaths(g, run.paths, "noise", 0.55);
      const fell = run.pocketed.map(p => p.ball);
      if (s.call && run.pocketed.some(p => p.ball === s.call.ball && p.pocket === s.call.pocket)) k++;
      if (fell.includes("cue")) c++;
      const cue = run.final.cue;
      if (cue) el("circle", {cx: X(cue[0]), cy: Y(cue[1]), r: 1000 * S.T.ball_radius_m, class: "noise-stop"}, g);
    }
    $("noise-summary").textContent = t("noise_summary", {n: r.runs.length, skill: t("sk_" + skill),
      k_times: timesWords(k), cue: c ? t("noise_cue", {c_times: timesWords(c)}) : ""});
  } catch (e) { say(t("server_error", {why: e.message}), "error"); }
}

// --- the game viewer -----------------------------------------------------------------------
function setMode(mode) {
  S.mode = mode;
  $("tab-edit").classList.toggle("active", mode === "edit");
  $("tab-viewer").classList.toggle("active", mode === "viewer");
  $("tab-match").classList.toggle("active", mode === "match");
  $("panel-edit").hidden = mode !== "edit";
  $("panel-viewer").hidden = mode !== "viewer";
  $("panel-match").hidden = mode !== "match";
  document.querySelector("section.board").hidden = mode === "match";
  $("edit-tools").hidden = mode !== "edit";
  document.body.dataset.mode = mode;
  stopAnim();
  clear($("g-advice")); clear($("g-noise"));
  if (mode === "edit") {
    renderBalls(S.balls); drawRegion();
    if (S.selected >= 0 && adviceCurrent()) drawSuggestion(S.suggestions[S.selected], SUGG_COLOURS[S.selected % SUGG_COLOURS.length]);
  } else if (mode === "viewer") {
    clear($("g-region"));
    showStroke();
  }
  lineHook();  // in the edit tab only
}
async function loadRecord(text) {
  try {
    const view = await api("POST", "/api/record", text, true);
    S.recordText = text;  // sent again with an analysis (POST /api/review)
    showReview(view);
  } catch (e) { say(t("server_error", {why: e.message}), "error"); }
}
// A record view (POST /api/record) or a review (POST /api/review, the page of pyramid analyze
// --html): each stroke, and its analysis when there is one (s.analysis, review.js).
function showReview(doc, keepIndex) {
  S.record = doc;
  S.analysis = null;
  if (!keepIndex) S.strokeIndex = 0;
  reviewChanged();
  setMode("viewer");
  // made with other versions than the server's (header.provenance): a replay may differ
  const prov = S.record.verification && S.record.verification.provenance;
  if (prov && prov.note) say(prov.note[LANG] || prov.note.en);
}
// The analysis (pyramid analyze --json) laid over the record by the server: the better
// strokes simulated, what each changes (russian_pyramid/app/review.py).
async function loadAnalysis(doc) {
  if (!doc || !Array.isArray(doc.strokes)) { say(t("bad_file", {why: "no \"strokes\" list (pyramid analyze --json)"}), "error"); return; }
  if (!S.recordText) { say(t("record_first"), "error"); return; }
  try {
    showReview(await api("POST", "/api/review", {record: S.recordText, analysis: doc}), true);
    say(t("analysis_loaded", {n: doc.strokes.length}));
  } catch (e) { say(t("server_error", {why: e.message}), "error"); }
}
function showStroke() {
  const facts = $("stroke-facts");
  clear(facts);
  const rec = S.record;
  const g = $("g-advice");
  clear(g);
  if (!rec || !rec.strokes.length) {
    $("stroke-no").textContent = t("no_record");
    renderBalls({});
    return;
  }
  const k = S.strokeIndex, s = rec.strokes[k];
  $("record-head").textContent = t("record_loaded", {n: rec.strokes.length, players: (rec.header.players || []).join(" — ")});
  $("stroke-no").textContent = t("stroke_no", {k: k + 1, n: rec.strokes.length});
  const balls = Object.assign({}, s.state_before.balls);
  if (s.placement) balls.cue = s.placement;
  renderBalls(balls);
  if (isNominal()) drawNominal(g, s);  // a person's record: no positions (review.js)
  else {
    drawReviewOverlay(g, s);  // the better stroke, the stroke as meant (review.js)
    drawPaths(g, s.paths, "viewer");
  }
  const R = 1000 * S.T.ball_radius_m;
  for (const [b, p] of Object.entries(s.final || {})) {
    if (p && balls[b] && Math.hypot(p[0] - balls[b][0], p[1] - balls[b][1]) > 1e-4) {
      el("circle", {cx: X(p[0]), cy: Y(p[1]), r: R, class: "final" + (b === "cue" ? " cue" : "")}, g);
      const tx = el("text", {x: X(p[0]), y: Y(p[1]) + 1, class: "final-num"}, g);
      tx.textContent = b === "cue" ? "" : b;
    }
  }
  const add = (key, value, role) => {
    const dt = document.createElement("dt"); dt.textContent = t(key);
    const dd = document.createElement("dd"); dd.textContent = value;
    if (role) dd.dataset.role = role;
    facts.appendChild(dt); facts.appendChild(dd);
  };
  reviewFacts(add, s);
  reviewShown();
  document.body.dataset.stroke = String(k + 1);
}
// The viewer's keys: ←/→ a stroke, Home/End the first and last, Shift+←/→ the previous and
// next marked stroke (?!, ?, ??).
function bindViewerKeys() {
  document.addEventListener("keydown", e => {
    if (S.mode !== "viewer" || e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.ctrlKey || e.altKey || e.metaKey) return;
    const keys = {ArrowRight: () => e.shiftKey ? jumpMark(1) : step(1), ArrowLeft: () => e.shiftKey ? jumpMark(-1) : step(-1),
      Home: () => step("first"), End: () => step("last")};
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
}
function step(d) {
  if (!S.record) return;
  const n = S.record.strokes.length;
  S.strokeIndex = Math.max(0, Math.min(n - 1, d === "first" ? 0 : d === "last" ? n - 1 : S.strokeIndex + d));
  showStroke();
}

// --- files, links, language ----------------------------------------------------------------
function readFile(input, handler) {
  const f = input.files && input.files[0];
  if (!f) return;
  const reader = new FileReader();
  reader.onload = () => { try { handler(String(reader.result)); } catch (e) { say(t("bad_file", {why: e.message}), "error"); } };
  reader.readAsText(f);
  input.value = "";
}
function loadDocText(text) {
  const doc = JSON.parse(text);
  const d = doc.state && doc.state.balls ? doc.state : doc;  // a score output: its state
  if (!("scores" in d)) {  // a position: keep the game state as it is
    S.balls = {};
    S.unread = []; S.photoIds = null;
    // `pyramid photo --json`'s position: its balls placed, their numbers asked (photo.js)
    const photo = typeof photoDocPlaced === "function" && photoDocPlaced(d.balls || {});
    if (!photo) for (const [b, p] of Object.entries(d.balls || {})) if (p) S.balls[b] = [Number(p[0]), Number(p[1])];
    if ("cue_in_hand" in d) S.state.cue_in_hand = !!d.cue_in_hand;
    if (d.cue_in_hand) dropCueInHand();  // else a cue ball listed lies there (changed() unticks)
    syncStateInputs(); setMode("edit"); changed();
    say(photo && S.unread.length ? t("loaded") + " " + t("photo_ask") : t("loaded"));
    return;
  }
  loadState(d, t("loaded"));
}
function saveFile() {
  const blob = new Blob([JSON.stringify(stateDoc(), null, 1) + "\n"], {type: "application/json"});
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "position.json";
  document.body.appendChild(a); a.click(); a.remove();
  say(t("saved"));
}
async function copyLink() {
  const url = location.origin + location.pathname + "#s=" + encodeState(stateDoc());
  const out = $("link-out");
  out.value = url; out.hidden = false; out.select();
  try { await navigator.clipboard.writeText(url); say(t("link_copied")); }
  catch (e) { say(t("link_shown")); }
}
async function setLang(lang) {
  try { await loadWords(lang); } catch (e) { say(t("server_error", {why: e.message}), "error"); return; }
  LANG = lang;
  say("");  // a message in the other language is stale
  try { localStorage.setItem("pyramid.lang", lang); } catch (e) { /* private mode */ }
  applyI18n();
  document.querySelectorAll(".langbtn").forEach(b => b.classList.toggle("active", b.dataset.lang === lang));
  renderScores();
  if (S.mode === "edit" && S.selected >= 0) { renderSuggestions(); renderAdvice(S.suggestions[S.selected], S.selected); }
  else renderSuggestions();
  if (S.mode === "viewer") showStroke();
  aiStatus(S.aiState);
}
function aiStatus(state) {
  S.aiState = state || "cold";
  const e = $("ai-status");
  e.dataset.state = S.aiState;
  e.textContent = t("ai_" + (["cold", "warming", "warm", "failed"].includes(S.aiState) ? S.aiState : "cold"));
}
async function pollHealth() {
  try {
    const h = await api("GET", "/api/health");
    aiStatus(h.ai);
    if (h.ai === "warm" || h.ai === "failed") return;
  } catch (e) {
    // no answer at all is the connection lost, not the AI failed (offline.js says so, and
    // asks the AI's state again once the computer answers)
    if (e.status === undefined) { setOnline(false); return; }
    aiStatus("failed");
  }
  setTimeout(pollHealth, 700);
}

async function loadPositionsMenu() {
  try {
    const r = await api("GET", "/api/positions");
    const sel = $("sel-position");
    for (const p of r.positions) {
      const o = document.createElement("option");
      o.value = p.url; o.textContent = p.name; o.title = p.comment;
      sel.appendChild(o);
    }
  } catch (e) { /* the menu stays empty */ }
}

async function init() {
  if (window.PYRAMID_REVIEW) return initEmbedded(window.PYRAMID_REVIEW);  // review.js
  LANG = pickLanguage();
  try { await loadWords(LANG); } catch (e) { console.error(e); }  // shown with its keys
  applyI18n();
  LANGS.filter(l => l !== LANG).forEach(l => loadWords(l).catch(() => {}));  // a switch is at once
  document.querySelectorAll(".langbtn").forEach(b => { b.classList.toggle("active", b.dataset.lang === LANG);
    b.addEventListener("click", () => setLang(b.dataset.lang)); });
  S.T = await api("GET", "/api/table");
  updateView(null);
  drawTable();
  makeBalls();
  let start = S.T.initial_state;
  const m = location.hash.match(/^#s=(.+)$/);
  try { loadState(m ? decodeState(m[1]) : start); }
  catch (e) { loadState(start); say(t("bad_file", {why: e.message}), "error"); }  // a bad link: refused, said
  $("in-variant").addEventListener("change", e => {
    S.state.variant = e.target.value;
    const n = nSides();
    while (S.state.scores.length < n) S.state.scores.push(0);
    S.state.scores = S.state.scores.slice(0, n);
    if (S.state.to_move >= n) S.state.to_move = 0;
    S.state.target = n === 3 ? 51 : 71;
    syncStateInputs(); changed(); });
  $("in-call-mode").addEventListener("change", e => { S.state.call_mode = e.target.value; changed(); });
  $("in-target").addEventListener("change", e => { S.state.target = Math.max(1, Math.round(Number(e.target.value) || 71)); changed(); });
  $("in-hand").addEventListener("change", e => setCueInHand(e.target.checked));  // answer.js
  $("btn-rack").addEventListener("click", () => loadState(S.T.initial_state));
  $("btn-empty").addEventListener("click", () => {
    S.balls = {};
    if (S.extra) delete S.extra.break_pending;
    changed(); });
  $("sel-position").addEventListener("change", async e => {
    if (!e.target.value) return;
    try { loadState(await api("GET", e.target.value), t("loaded")); } catch (err) { say(t("bad_file", {why: err.message}), "error"); }
    e.target.value = "";
  });
  $("file-state").addEventListener("change", e => readFile(e.target, loadDocText));
  $("btn-save").addEventListener("click", saveFile);
  $("btn-link").addEventListener("click", copyLink);
  $("btn-suggest").addEventListener("click", doSuggest);
  $("btn-play").addEventListener("click", playOut);
  $("btn-noise").addEventListener("click", tryNoise);
  $("tab-edit").addEventListener("click", () => setMode("edit"));
  $("tab-viewer").addEventListener("click", () => setMode("viewer"));
  $("tab-match").addEventListener("click", () => setMode("match"));
  $("file-record").addEventListener("change", e => readFile(e.target, loadRecord));
  $("file-analysis").addEventListener("change", e => readFile(e.target, text => loadAnalysis(JSON.parse(text))));
  $("btn-first").addEventListener("click", () => step("first"));
  $("btn-prev").addEventListener("click", () => step(-1));
  $("btn-next").addEventListener("click", () => step(1));
  $("btn-last").addEventListener("click", () => step("last"));
  $("btn-setup").addEventListener("click", () => {
    const s = S.record && S.record.strokes[S.strokeIndex];
    if (s) loadState(s.state_before, t("loaded"));
  });
  initReview();
  bindViewerKeys();
  window.addEventListener("hashchange", () => {  // a link pasted into an open board
    const h = location.hash.match(/^#s=(.+)$/);
    if (h) { try { loadState(decodeState(h[1]), t("loaded")); } catch (e) { say(t("bad_file", {why: e.message}), "error"); } }
  });
  window.addEventListener("resize", () => updateView(() => { drawTable(); setMode(S.mode); }));
  await loadPositionsMenu();  // "ready" includes the menu of positions (it fails quietly)
  pollHealth();
  initSetup();
  document.body.dataset.ready = "1";
}
window.addEventListener("DOMContentLoaded", init);

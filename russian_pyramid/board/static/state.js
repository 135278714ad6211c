// The game state as the page holds it: read from a document (a file, a link, a shipped
// position), written back (stateDoc), its inputs and scores shown, and the link in the
// address kept current (changed).
import {BALL_IDS, S} from "./store.js";
import {$, X, Y, clear, el, h, say} from "./dom.js";
import {t} from "./i18n.js";
import {renderBalls} from "./table.js";
import {accountedAdjustment, queueAccount, showAccounting} from "./check.js";
import {clearAdvice} from "./suggest.js";
import {setMode} from "./viewer.js";
import {agreeCueInHand, dropCueInHand} from "./answer.js";
import {setupRecord} from "./setup.js";
export function nSides() { return S.state.variant === "three-each" ? 3 : 2; }
// The state shown, as a document, without the adjustment (what the server is asked to count).
export function baseDoc() {
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
  delete doc.adjustment;
  return doc;
}
// The state shown, as a document: a position set up by hand with the adjustment the server
// said it needs (balls put aside, scores no shelf explains; R1, check.js), once it has.
export function stateDoc() {
  const doc = baseDoc(), adj = accountedAdjustment(doc);
  if (adj) doc.adjustment = adj;
  return doc;
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
export function loadState(doc, message) {
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
export function syncStateInputs() {
  const st = S.state;
  $("in-variant").value = st.variant;
  $("in-call-mode").value = st.call_mode;
  $("in-target").value = st.target;
  $("in-hand").checked = !!st.cue_in_hand;
  renderScores();
}
export function renderScores() {
  const box = $("scores"), st = S.state;
  clear(box);
  for (let p = 0; p < nSides(); p++) {
    const row = document.createElement("div");
    row.className = "score-row" + (st.to_move === p ? " moving" : "");
    const name = st.variant === "one-vs-pair" ? t(p === 0 ? "pair_single" : "pair_pair") : t("player", {p: p + 1});
    row.append(h("label", {class: "radio"},
      h("input", {type: "radio", name: "to-move", value: p, checked: st.to_move === p}), "\n      ",
      h("span", null, name), " ", h("small", null, t("to_move"))),
      "\n      ",
      h("input", {type: "number", class: "score", id: "score-" + p, min: -200, max: 300, value: st.scores[p],
        "aria-label": `${t("score")}: ${name}`}));
    box.appendChild(row);
  }
  box.querySelectorAll("input[name=to-move]").forEach(r => r.addEventListener("change", e => {
    S.state.to_move = Number(e.target.value); renderScores(); changed(); }));
  box.querySelectorAll("input.score").forEach((inp, p) => inp.addEventListener("input", e => {
    S.state.scores[p] = Math.round(Number(e.target.value) || 0); queueAccount(); clearAdvice(); }));
  showAccounting();
}
export function changed() {
  if (agreeCueInHand()) say(t("hand_cue_placed"));
  renderBalls(S.balls);
  drawRegion();
  clearAdvice();
  setupRecord();  // undo and redo (setup.js)
  queueAccount();  // the server counts the points (check.js)
  keepLink();
}
// The address holds the state shown (#s=...): a reload or a copied link keeps it.
export function keepLink() {
  try { history.replaceState(null, "", "#s=" + encodeState(stateDoc())); } catch (e) { /* file: */ }
}
export function drawRegion() {
  const g = $("g-region");
  clear(g);
  if (S.mode !== "edit" || !S.state.cue_in_hand) return;
  const T = S.T, R = T.ball_radius_m;
  el("rect", {x: X(R), y: Y(T.width_m - R), width: X(T.house_line_x - R), height: X(T.width_m - 2 * R), class: "region"}, g);
}

// links: the state JSON, base64url
export function encodeState(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let s = "";
  bytes.forEach(b => { s += String.fromCharCode(b); });
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
export function decodeState(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(b, c => c.charCodeAt(0))));
}


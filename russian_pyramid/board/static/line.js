// The line of play (issue 29, item 4): the best stroke, then the likely next one or two, as a
// chess engine shows its principal variation.  A module; suggest.js asks
// for it to be redrawn through the store's hook "line" (initLine registers).
//
// POST /api/suggest?line=N answers "line": {"p_win", "steps": [...]} (ai.search.line.Line;
// pyramid suggest --line's JSON): each step's stroke (kind, call, foul), the position it is
// played from (balls; the cue ball absent when in hand, then placement) and where the cue ball
// should stop (cue_stop).  While the first suggestion -- the line's first stroke -- is shown,
// the table gets, for each step, a dashed ring where the cue ball should stop
// (labelled →1, →2, →3) and, from the second step on, a light dashed path: the cue ball to the object ball
// and on to its stop, the object ball to its pocket (the stroke the suggestion draws is the
// first step's).  Under the table one line of text lists the strokes with the line's P(win);
// a button hides the line (kept in localStorage).
import {S, on} from "./store.js";
import {$, X, Y, el, pct, pts} from "./dom.js";
import {pocketName, t} from "./i18n.js";
import {adviceCurrent} from "./answer.js";

const LINE_KEY = "pyramid.line";  // localStorage: "hidden" once the player hid the line

function lineShown() {
  try { return localStorage.getItem(LINE_KEY) !== "hidden"; } catch (e) { return true; }
}
function setLineShown(shown) {
  try { localStorage.setItem(LINE_KEY, shown ? "shown" : "hidden"); } catch (e) { /* private mode */ }
  renderLine();
}

// One step in words: "шар 9 в СП", "отыгрыш", "намеренный фол: туш".
function lineStepText(s) {
  if (s.kind === "deliberate-foul") return t("line_foul", {foul: s.foul ? t("foul_" + s.foul) : ""});
  if (s.kind === "safety") return t("line_safety");
  const c = s.call;
  return c ? t("ball_in", {b: c.ball, p: pocketName(c.pocket)}) : t(s.kind);
}
function lineText(line) {
  const steps = line.steps.map((s, i) => `${i + 1}) ${lineStepText(s)}`).join(", ");
  return t("line", {steps, p: pct(line.p_win)});
}

// Where the cue ball meets the object ball to send it straight at the pocket's mouth (the
// ghost ball of a clean pot), table metres.
function contactPoint(ob, mouth) {
  const dx = mouth[0] - ob[0], dy = mouth[1] - ob[1], d = Math.hypot(dx, dy) || 1;
  const r2 = 2 * S.T.ball_radius_m;
  return [ob[0] - r2 * dx / d, ob[1] - r2 * dy / d];
}

// A later step's stroke, light and dashed: the object ball to its pocket, the cue ball to
// the object ball and on to where it should stop.
function drawLineStroke(g, s, k) {
  const R = 1000 * S.T.ball_radius_m, start = s.placement || s.balls.cue;
  const c = s.call, ob = c && s.balls[c.ball], pocket = c && S.T.pockets[c.pocket];
  const cuePath = start ? [start] : [];
  if (ob) {
    el("circle", {cx: X(ob[0]), cy: Y(ob[1]), r: R * 1.35, class: "line-target", "data-role": "line-target", "data-step": k}, g);
    if (s.kind === "attack" && pocket) {
      el("polyline", {points: pts([ob, pocket.mouth]), class: "line-path line-ob", "data-step": k}, g);
      el("circle", {cx: X(pocket.mouth[0]), cy: Y(pocket.mouth[1]), r: R * 1.8, class: "line-pocket", "data-step": k}, g);
      cuePath.push(contactPoint(ob, pocket.mouth));
    } else cuePath.push(ob);
  }
  if (s.cue_stop) cuePath.push(s.cue_stop);
  if (start && cuePath.length > 1) el("polyline", {points: pts(cuePath), class: "line-path line-cue", "data-step": k}, g);
}

// Where the cue ball should stop after step k: a dashed ring labelled «→k» (issue 54: drawn
// unlike a ball, no ball's number in it).
function drawLineGhost(g, s, k) {
  if (!s.cue_stop) return;
  const R = 1000 * S.T.ball_radius_m, x = X(s.cue_stop[0]), y = Y(s.cue_stop[1]);
  el("circle", {cx: x, cy: y, r: R, class: "line-ghost", "data-role": "line-ghost", "data-step": k}, g);
  const n = el("text", {x, y, class: "line-num", "data-role": "line-num"}, g);
  n.textContent = t("line_ghost", {k});
}

// The line on the table (while the first suggestion is shown) and its text under the table.
function renderLine() {
  const bar = $("line-bar"), line = S.line, shown = lineShown();
  const old = $("g-line");
  if (old) old.remove();
  if (!line || !line.steps || !line.steps.length || S.mode !== "edit") { bar.hidden = true; return; }
  bar.hidden = false;
  bar.classList.toggle("off", !shown);
  $("line-text").textContent = shown ? lineText(line) : "";
  const btn = $("btn-line");
  btn.textContent = t(shown ? "line_hide" : "line_show");
  btn.setAttribute("aria-pressed", String(shown));
  if (!shown || S.selected !== 0 || !adviceCurrent()) return;
  const g = el("g", {id: "g-line"}, $("g-advice"));
  line.steps.forEach((s, i) => { if (i > 0) drawLineStroke(g, s, i + 1); });
  line.steps.forEach((s, i) => drawLineGhost(g, s, i + 1));  // over every path
}

export function initLine() {
  $("btn-line").addEventListener("click", () => setLineShown(!lineShown()));
  on("line", renderLine);  // the advice shown or cleared (suggest.js)
  document.addEventListener("wordschange", () => { if ($("line-bar")) renderLine(); });
}

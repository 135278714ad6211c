// The advice always answers the position shown (issue 25, item 3).  A module (the
// store's S, state.js's stateDoc, ... imported).
//
// * The cue-in-hand switch and a cue ball on the table cannot disagree: ticking "cue ball in
//   hand" takes the cue ball off the table to the tray (it is set down in the house, R3.2,
//   R8.1; the AI chooses where); a cue ball put on the table (a drop, a nudge, a file, a link)
//   unticks it: the player has said where the cue ball lies.  The server refuses a state with
//   both (422 naming cue_in_hand and balls.cue, russian_pyramid.app.suggest).
// * Every answer of POST /api/suggest carries the position it was computed for ("position":
//   {"digest", "state"}, russian_pyramid.app.suggest.AnsweredPosition).  The page shows an answer only
//   while the position it shows is the one it sent and the one the server answered; otherwise
//   (a ball moved, a score typed, the switch changed while the AI thought) the answer is not
//   drawn and the list says it was for another position.
import {S} from "./store.js";
import {$, say} from "./dom.js";
import {t} from "./i18n.js";
import {pendingChecks} from "./check.js";
import {changed, nSides, stateDoc} from "./state.js";
import {clearAdvice} from "./suggest.js";

const POSITION_TOLERANCE_M = 1e-6;  // the page rounds a drop to 0.1 mm; the answer echoes it

// --- the switch and the cue ball -----------------------------------------------------------
export function setCueInHand(inHand) {  // the switch ticked or unticked by the player
  S.state.cue_in_hand = inHand;
  if (inHand && (S.balls.cue || S.check.moves.cue)) {
    delete S.balls.cue;
    delete S.check.moves.cue;
    changed();
    say(t("hand_took_cue"));
    return;
  }
  changed();
}
// Called first in changed(): a cue ball on the table while the switch says "in hand" was put
// there after the switch was ticked (ticking takes it off): the table wins.
export function agreeCueInHand() {
  if (!(S.state && S.state.cue_in_hand && S.balls.cue)) return false;
  S.state.cue_in_hand = false;
  $("in-hand").checked = false;
  return true;
}
// A document read in (a file, a link, a shipped position): a cue ball in hand's coordinates
// do not count (docs/FORMATS.md), so it is not drawn on the table.
export function dropCueInHand() {
  if (S.state && S.state.cue_in_hand) delete S.balls.cue;
}

// --- the answer's position -----------------------------------------------------------------
function sameXY(a, b) {
  return Array.isArray(a) && Array.isArray(b) && Math.abs(a[0] - b[0]) <= POSITION_TOLERANCE_M
    && Math.abs(a[1] - b[1]) <= POSITION_TOLERANCE_M;
}
// Why the answer does not answer the position shown, or null when it does: ``sent`` is the
// request's body as sent (JSON text), ``position`` the answer's echo.
export function answerMismatch(position, sent) {
  if (!position || !position.state || typeof position.digest !== "string") return "no_position";
  if (JSON.stringify(stateDoc()) !== sent || pendingChecks()) return "changed";
  const st = position.state;
  if (!!st.cue_in_hand !== !!S.state.cue_in_hand || st.to_move !== S.state.to_move) return "other";
  const scores = S.state.scores.slice(0, nSides());
  if (JSON.stringify(st.scores) !== JSON.stringify(scores)) return "other";
  const shown = Object.keys(S.balls), answered = Object.keys(st.balls || {});
  if (shown.length !== answered.length) return "other";
  for (const id of shown) if (!sameXY(S.balls[id], st.balls[id])) return "other";
  return null;
}
export function adviceCurrent() {
  return !!S.answer && answerMismatch(S.answer.position, S.answer.sent) === null;
}
// The answer is not shown: nothing drawn, the list says why (board.advice_stale).
export function showStale() {
  clearAdvice();
  S.answer = null;
  const li = document.createElement("li");
  li.className = "stale";
  li.dataset.role = "stale";
  li.textContent = t("advice_stale");
  $("suggestions").appendChild(li);
  document.body.dataset.advice = "stale";
  say(t("advice_stale"), "error");
}

// --- the ranking: suggestions that differ only by placement --------------------------------
export function twinsText(s) {
  const twins = s.differs_only_by_placement_from || [];
  return twins.length ? t("same_but_placement", {n: twins.join(", ")}) : "";
}

// The server's checks (POST /api/check): a ball dropped (the simulator's check of the position)
// and the game state's points (the rules core's accounting).  The page has neither geometry
// nor rules of its own.
//
// --- the position check: the server's (POST /api/check, sim.Simulator.check_position) ------
// The page has no geometry of its own: a dragged ball moves freely; on the drop it stays where
// it was dropped while the server checks the whole position (a short wait after the last drop,
// so that quick drops make one request; a newer request cancels the one in flight).  Accepted,
// the drop joins S.balls (the last accepted position); refused, the ball goes back to its last
// accepted place (or the tray) and the server's reason is shown.
import {S} from "./store.js";
import {$, api, ballLabel, say} from "./dom.js";
import {countWords, num, serverSaid, t} from "./i18n.js";
import {ballEl, placeBallEl} from "./table.js";
import {baseDoc, changed, keepLink} from "./state.js";
const CHECK_DELAY_MS = 120;  // wait after a drop before asking: a phone's quick drops, one request
function newCheck() { return {timer: null, controller: null, moves: {}, base: null}; }
// drops not yet answered, and the points not yet counted for the state shown
export function pendingChecks() {
  return Object.keys(S.check.moves).length + (S.check.controller ? 1 : 0)
    + (S.account.timer || S.account.controller ? 1 : 0);
}
export function dropChecks() {  // the position was replaced: forget drops not yet accepted
  if (S.check.timer) clearTimeout(S.check.timer);
  if (S.check.controller) S.check.controller.abort();
  S.check = newCheck();
}
export function queueCheck(id, xy) {
  if (S.check.base !== S.balls) dropChecks();
  S.check.base = S.balls;
  delete S.check.moves[id];  // a ball dropped again: its newest place, last in the order
  S.check.moves[id] = xy;
  if (S.check.timer) clearTimeout(S.check.timer);
  S.check.timer = setTimeout(runCheck, CHECK_DELAY_MS);
}
// A queued request starts: its timer is spent and the one before it, still under way, is
// aborted (the last request wins); the controller of this one, kept on the queue.
function lastRequestWins(c) {
  c.timer = null;
  if (c.controller) c.controller.abort();
  c.controller = new AbortController();
  return c.controller;
}
async function runCheck() {
  const c = S.check;
  const controller = lastRequestWins(c);
  const moves = Object.assign({}, c.moves);
  const trial = Object.assign({}, S.balls, moves);
  let why = null;
  try {
    await api("POST", "/api/check", {table: S.T.name, balls: trial}, false, controller.signal);
  } catch (e) {
    if (controller.signal.aborted) return;  // a newer check (or a new position) took over
    why = serverSaid("refused", e, refusalWords(e));  // a <span>: the server's text folded
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
// (sim.PositionRefused); null for any other (i18n.js's serverSaid says it, its text folded).
function refusalWords(e) {
  const r = e.data && e.data.refusal;
  if (r && r.reason === "overlap" && r.balls && r.balls.length === 2)
    return t("refused_overlap", {a: ballLabel(r.balls[0]), b: ballLabel(r.balls[1])});
  if (r && r.reason === "cushion" && r.balls && r.balls.length === 1)
    return t("refused_cushion", {a: ballLabel(r.balls[0])});
  return null;
}
function refuse(id, why) {
  if (!(S.drag && S.drag.id === id)) placeBallEl(id, S.balls[id] || null);
  const g = ballEl(id);
  g.classList.add("refused");
  setTimeout(() => g.classList.remove("refused"), 1200);
  say(why, "error");
}


// --- the accounting: the server's (the state's check, engine/accounting.py) ------------------
// After every change the state shown (without its adjustment) goes to POST /api/check, whose
// answer's "accounting" (russian_pyramid.app.position.Accounting) gives the numbers the page
// shows -- the points on the table and off it, what the scores add up to -- and the
// adjustment a position set up by hand must carry (balls put aside, points no shelf
// explains; R1).  A state refused for its points (422) carries its accounting too; any other
// refusal is shown in the page's words, the server's text in a fold (serverSaid).  The page
// never counts a point itself.
const ACCOUNT_DELAY_MS = 120;  // as a drop's check: quick changes, one request
export function queueAccount() {
  if (S.embedded) return;  // the page pyramid analyze --html writes: no server
  if (S.account.timer) clearTimeout(S.account.timer);
  S.account.timer = setTimeout(runAccount, ACCOUNT_DELAY_MS);
}
async function runAccount() {
  const c = S.account;
  const controller = lastRequestWins(c);
  const base = baseDoc(), key = JSON.stringify(base);
  let counted = null, error = null;
  try {
    counted = (await api("POST", "/api/check", base, false, controller.signal)).accounting || null;
  } catch (e) {
    if (controller.signal.aborted) return;  // a newer state took over
    counted = e.data && e.data.accounting || null;
    if (!counted) error = e;  // said by serverSaid (showAccounting)
  }
  if (c.controller !== controller) return;
  c.controller = null;
  S.accounting = {key, counted, error};
  showAccounting();
  if (!c.timer) { keepLink(); for (const done of c.waiting.splice(0)) done(); }
}
// The points of the state shown not counted yet; resolved once they are.
export function accountPending() { return !!(S.account.timer || S.account.controller); }
export function accounted() {
  const c = S.account;
  if (!accountPending()) return Promise.resolve();
  return new Promise(done => c.waiting.push(done));
}
// The adjustment the server said the state ``base`` needs (its reason the loaded state's, when
// it said one), or null: it adds up, or it is not counted yet.
export function accountedAdjustment(base) {
  const a = S.accounting;
  if (!a || !a.counted || !a.counted.adjustment || a.key !== JSON.stringify(base)) return null;
  return Object.assign({}, a.counted.adjustment, {reason: S.adjustReason || a.counted.adjustment.reason});
}
// The server's numbers under the scores: do they add up to the balls off the table, and the
// points on the table of the game's.
export function showAccounting() {
  const box = $("score-check"), a = S.accounting;
  if (!a || !S.state) return;
  if (!a.counted) {
    box.replaceChildren(serverSaid("refused", a.error));
    box.className = "score-check warn";
    return;
  }
  const c = a.counted;
  box.textContent = t(c.adds_up ? "scores_ok" : "scores_bad", {sum: c.scores_counted, off: c.off_table_points})
    + " " + t("points_on_table", {table: c.table_points, total: countWords("words.points_of", c.total_points)});
  box.className = "score-check " + (c.adds_up ? "ok" : "warn");
}

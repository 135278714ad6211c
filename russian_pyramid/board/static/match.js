// The "Match" tab: keep score of a real match with buttons (tablet-sized), the same notation
// and the same game record as `pyramid score --session` (docs/SCOREKEEPING.md).  The page
// builds a line from the buttons (or the line is typed) and POSTs it to /api/match/line.  The
// start form also takes the breaker (the lot's result, or drawn here), the pair order (one
// against a pair only, R12.2) and the handicap (R13, the engine's JSON), POSTed with the rest
// to /api/match/start.  Nothing is lost (issue 54): the server keeps every match (listed in the
// form, opened again), a line that cannot be taken back by a tap asks once (mConfirm), the
// score passes to another device only when its scorer accepts, a reload comes back to this tab
// with the names, the last ruling and the strokes.
import {$, api} from "./dom.js";
import {LANG, foldRules, loadWords, pocketName, serverSaid, t, withoutRuleIds} from "./i18n.js";
import {openList, mConfirm} from "./matchlist.js";

const MATCH = {status: null, lastShown: null};
const TAB_KEY = "board.tab";  // sessionStorage: the tab a reload comes back to
// the lines a tap cannot take back: each asks once (issue 54)
const ASK_FIRST = {miss: () => t("match_confirm_miss"), tush: () => t("match_confirm_tush"),
                   "new game": () => t("match_confirm_new_game"),
                   replay: () => t("match_confirm_replay")};
const POCKETS = ["FL", "FR", "ML", "MR", "NL", "NR"];

function mText() { return $("m-text"); }
// the typed line emptied, and said so at once to offline.js's copy (kept for a reload): a reload
// right after «Записать» must not bring the sent line back
function mClearLine() {
  mText().value = "";
  mText().dispatchEvent(new Event("input"));
}
// a modifier button's notation word in the page's language (the first spelling of its
// catalog text: «х», «первым», «+биток»); the server keeps the line canonical (issue 54)
const TOK_WORDS = {x: "not-potted", first: "first", wrong: "manner-wrong", "=": "unchanged",
                   cue: "cue"};
function mTok(tok) {
  const plus = tok.startsWith("+") ? "+" : "", name = TOK_WORDS[tok.slice(plus.length)];
  return plus + (name ? t("notation.word." + name).split("|")[0] : tok.slice(plus.length));
}
function mAdd(tok) {
  const box = mText();
  box.value = (box.value.trim() + " " + tok).trim();
}
function mShow(lines, refused, id) {
  const out = $(id || "m-out");
  out.hidden = false;
  foldRules(out, (lines || []).join("\n"));  // the rule ids in a fold (i18n.js)
  out.className = "m-out" + (refused ? " refused" : "");
}
// An error of the server's (its text the engine's English): said in the page's words, the
// text in a fold (i18n.js's serverSaid); the rules' fold of mShow hidden.
function mRefused(e, id) {
  const out = $(id || "m-out");
  mShow([], true, id);
  out.replaceChildren(serverSaid("refused", e));
}
function mStatus(st) {
  MATCH.status = st;
  const active = !!(st && st.active);
  $("match-setup").hidden = active;
  $("match-play").hidden = !active;
  $("m-back").hidden = true;
  if (!active) return;
  $("m-score").textContent = st.sides.map((n, k) => `${n} ${st.scores[k]}`).join(" — ");
  $("m-next").textContent = st.status_text.split("\n").slice(1).map(withoutRuleIds).join("  ");
  // one device keeps the score; the others watch it live and may take it over
  const watching = st.you_score === false;
  $("m-watch").hidden = !watching;
  document.querySelectorAll("#match-play button:not(#m-take-over)").forEach(b => { b.disabled = watching; });
  mText().readOnly = watching;
  if (!watching) document.querySelectorAll("#m-balls button").forEach(b => {
    b.disabled = !st.balls.includes(b.dataset.ball) && b.dataset.ball !== "cue"; });
  $("m-terms").textContent = mTerms(st);
  $("m-download").hidden = false;
  mNames(st.people);
  mHandover(st);
  const last = JSON.stringify(st.last || []);
  if (last !== MATCH.lastShown) {  // the last ruling: after a reload, and on a watching device
    MATCH.lastShown = last;
    if ((st.last || []).length) mShow(st.last, false);
  }
  mStrokes(st);
}
// the running match's names in the start form (a reload no longer resets them to the defaults)
function mNames(people) {
  ["m-p1", "m-p2", "m-p3"].forEach((id, k) => { if (people[k]) $(id).value = people[k]; });
  if (MATCH.status.session) $("m-variant").value = MATCH.status.session.variant;
  mForm();
}
// the score asked for: the scorer answers; the device asking waits, or hears it was refused
function mHandover(st) {
  const h = st.handover || {};
  $("m-handover").hidden = !h.asked_by;
  if (h.asked_by) $("m-handover-text").textContent = t("match_asked_by", {who: h.asked_by});
  if (st.you_score === false) {
    const who = {who: st.scorer};
    $("m-watch-text").textContent = h.asking ? t("match_asking", who)
      : h.refused ? t("match_refused", who) : t("m_watching", who);
    $("m-take-over").disabled = !!h.asking;
  }
}
async function mAnswer(accept) {
  try { mStatus(await api("POST", "/api/match/handover", {accept})); }
  catch (e) { mRefused(e); }
}
// the game's strokes as entered, each in the page's words (the server says them in each
// language: a line typed with the Russian buttons is kept canonical, issue 54)
function mStrokes(st) {
  let ol = $("m-strokes");
  if (!ol) {
    ol = document.createElement("ol");
    ol.id = "m-strokes"; ol.className = "m-strokes";
    $("m-history").append(ol);
  }
  ol.textContent = "";
  (st.lines || []).forEach(ln => {
    const li = document.createElement("li"), gained = ln.points[ln.side];
    li.textContent = t("match_stroke", {who: st.sides[ln.side], line: ln.words[LANG] || ln.text})
      + (ln.foul ? " — " + t("match_foul") : gained > 0 ? ` (+${gained})` : "");
    li.className = ln.foul ? "foul" : "";
    ol.appendChild(li);
  });
  let stats = $("m-stats");
  if (!stats) {
    stats = document.createElement("div");
    stats.id = "m-stats"; stats.className = "m-note";
    ol.before(stats);
  }
  stats.textContent = (st.stats || []).map((x, k) => t("match_stats",
    {who: st.sides[k], run: x.run, best: x.best_run, fouls: x.fouls})).join(" · ");
}
function mPockets() {
  document.querySelectorAll("#m-pockets button").forEach(b => {
    b.textContent = t("m_pocket_" + b.dataset.pocket); });
}
// «отмена»: which line goes (the last stroke in the page's words), asked first
function mUndoQuestion() {
  const lines = (MATCH.status && MATCH.status.lines) || [];
  const ln = lines[lines.length - 1];
  return ln ? t("match_confirm_undo", {line: ln.words[LANG] || ln.text}) : t("match_confirm_undo_any");
}
async function mSend(line) {
  const text = line !== undefined ? line : mText().value;
  if (!text.trim()) return;
  const ask = line === "undo" ? mUndoQuestion() : ASK_FIRST[line] ? ASK_FIRST[line]() : null;
  if (ask && !(await mConfirm(ask))) return;
  try {
    const r = await api("POST", "/api/match/line", {text});
    mShow(r.printed, r.refused);
    mStatus(r.status);
    if (!r.refused && line === undefined) mClearLine();
  } catch (e) { mRefused(e); }
}
// --- the start form: players, variant, calls, games, breaker, pair order, handicap ----------
function mPlayers() {
  const ids = $("m-variant").value === "two-player" ? ["m-p1", "m-p2"] : ["m-p1", "m-p2", "m-p3"];
  return ids.map(id => $(id).value.trim());
}
// one name a side, as the session's record has them (one against a pair: side 1 is "A & B")
function mSides() {
  const p = mPlayers().map((n, k) => n || t("m_player" + (k + 1)));
  return $("m-variant").value === "one-vs-pair" ? [p[0], `${p[1]} & ${p[2]}`] : p;
}
function mOptions(sel, labels, keep) {
  const old = keep !== undefined ? String(keep) : sel.value;
  sel.textContent = "";
  labels.forEach((label, k) => {
    const o = document.createElement("option");
    o.value = String(k); o.textContent = label;
    sel.appendChild(o);
  });
  if (labels.some((_, k) => String(k) === old)) sel.value = old;
}
// what applies to the chosen variant is shown, the rest hidden and disabled
function mForm() {
  const variant = $("m-variant").value, pair = variant === "one-vs-pair";
  const three = variant === "three-each";
  $("m-p3-box").hidden = variant === "two-player";
  const sides = mSides();
  const breaker = $("m-breaker");
  if (pair) mOptions(breaker, [t("m_single_breaks", {name: sides[0]})], "0");  // R12.2
  else mOptions(breaker, sides);
  breaker.disabled = pair;
  $("m-lot").hidden = pair;
  $("m-pair-order-box").hidden = !pair;
  $("m-pair-order").disabled = !pair;
  $("m-handicap-box").hidden = three;  // R12.1: each for himself, no handicap
  const kind = three ? "" : $("m-hc-kind").value;
  $("m-hc-kind").disabled = three;
  const recv = $("m-hc-receiver");
  mOptions(recv, sides, recv.options.length ? recv.value : "1");
  $("m-hc-receiver-box").hidden = !kind;
  $("m-hc-points-box").hidden = kind !== "points" && kind !== "mixed";
  $("m-hc-balls-box").hidden = kind !== "balls" && kind !== "mixed";
  $("m-hc-note").hidden = !(pair && $("m-pair-order").value === "alternate");
}
// the handicap in the engine's JSON (engine/handicap.py), as `pyramid score --handicap`
function mHandicap() {
  const kind = $("m-handicap-box").hidden ? "" : $("m-hc-kind").value;
  if (!kind) return null;
  const h = {kind, receiver: Number($("m-hc-receiver").value)};
  if (kind !== "balls") h.points = Math.max(0, Math.round(Number($("m-hc-points").value) || 0));
  if (kind !== "points") h.balls = [...document.querySelectorAll("#m-hc-balls button.on")]
    .map(b => b.dataset.ball);
  return h;
}
function mLot() {
  const sel = $("m-breaker");
  const k = Math.floor(Math.random() * sel.options.length);
  sel.value = sel.options[k].value;
  mShow([t("m_terms_lot", {who: sel.options[k].textContent})], false, "m-setup-out");
}
// the agreed terms under the score: handicap, breaker, pair order (from the session)
function mTerms(st) {
  const s = st.session;
  if (!s) return "";
  const out = [];
  if (s.handicap) {
    const h = s.handicap, what = [];
    if (h.points) what.push(t("m_terms_points", {n: h.points}));
    if (h.balls && h.balls.length) what.push(t("m_terms_balls", {balls: h.balls.join(" ")}));
    out.push(t("m_terms_handicap", {who: st.sides[h.receiver], what: what.join(", ")}));
  }
  out.push(t("m_terms_breaker", {who: st.sides[s.breaker]}));
  if (s.pair_order) out.push(t("m_terms_order", {order: t(s.pair_order === "alternate" ? "po_alt" : "po_while")}));
  return out.join("; ");
}
async function mStart() {
  if (MATCH.status && MATCH.status.active && !(await mConfirm(t("match_confirm_new_match")))) return;
  const variant = $("m-variant").value;
  const doc = {players: mPlayers(), variant, call_mode: $("m-call-mode").value,
               games: Math.max(1, Math.round(Number($("m-games").value) || 1)), lang: LANG,
               breaker: Number($("m-breaker").value), handicap: mHandicap(),
               pair_order: variant === "one-vs-pair" ? $("m-pair-order").value : null};
  try {
    const st = await api("POST", "/api/match/start", doc);
    $("m-setup-out").hidden = true;
    mStatus(st);
  } catch (e) { mRefused(e, "m-setup-out"); }  // the form stays, with why
}
export async function initMatch() {
  try { await loadWords(LANG); } catch (e) { /* main.js says so */ }
  ["m-p1", "m-p2", "m-p3"].forEach(id => $(id).setAttribute("list", "m-people"));
  const balls = $("m-balls");
  for (let k = 1; k <= 15; k++) {
    const b = document.createElement("button");
    b.textContent = String(k); b.dataset.ball = String(k);
    b.addEventListener("click", () => mAdd(String(k)));
    balls.appendChild(b);
  }
  const pockets = $("m-pockets");
  for (const p of POCKETS) {
    const b = document.createElement("button");
    b.dataset.pocket = p;
    b.addEventListener("click", () => mAdd(pocketName(p)));  // the notation word of the page (ДЛ, FL)
    pockets.appendChild(b);
  }
  const hcBalls = $("m-hc-balls");
  for (let k = 1; k <= 15; k++) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = String(k); b.dataset.ball = String(k);
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => {
      const on = b.classList.toggle("on");
      b.setAttribute("aria-pressed", String(on));
    });
    hcBalls.appendChild(b);
  }
  ["m-variant", "m-pair-order", "m-hc-kind"].forEach(id => $(id).addEventListener("change", mForm));
  ["m-p1", "m-p2", "m-p3"].forEach(id => $(id).addEventListener("input", mForm));
  $("m-lot").addEventListener("click", mLot);
  mForm();
  mPockets();
  document.addEventListener("wordschange", () => {  // the page's language switched
    mPockets(); mForm();
    if (MATCH.status && MATCH.status.active) {
      $("m-terms").textContent = mTerms(MATCH.status); mStrokes(MATCH.status);
      mHandover(MATCH.status);
    }
  });
  document.querySelectorAll("#panel-match [data-tok]").forEach(b =>
    b.addEventListener("click", () => mAdd(mTok(b.dataset.tok))));
  document.querySelectorAll("#panel-match [data-line]").forEach(b =>
    b.addEventListener("click", () => mSend(b.dataset.line)));
  $("m-send").addEventListener("click", () => mSend());
  $("m-clear").addEventListener("click", mClearLine);
  mText().addEventListener("keydown", e => { if (e.key === "Enter") mSend(); });
  $("m-start").addEventListener("click", mStart);
  // a new match replaces the current one only when it is started; until then, back to it
  $("m-new-match").addEventListener("click", () => {
    $("match-setup").hidden = false; $("match-play").hidden = true; $("m-back").hidden = false;
    openList(MATCH, mOpened);
  });
  $("m-back").addEventListener("click", () => mStatus(MATCH.status));
  $("m-take-over").addEventListener("click", async () => {
    try { mStatus(await api("POST", "/api/match/scorer", {})); } catch (e) { mRefused(e); }
  });
  $("m-handover-yes").addEventListener("click", () => mAnswer(true));
  $("m-handover-no").addEventListener("click", () => mAnswer(false));
  document.querySelectorAll(".tab").forEach(b => b.addEventListener("click", () => {
    try { sessionStorage.setItem(TAB_KEY, b.id); } catch (e) { /* private mode: not kept */ }
  }));
  try {
    const st = await api("GET", "/api/match");
    mStatus(st);
    if (!st.active) openList(MATCH, mOpened);  // the names remembered, the matches kept
  } catch (e) { /* the connection's state is the page's badge */ }
  mBackToTab();
  setInterval(mWatch, MATCH_POLL_MS);
}
// a stored match opened again from the list (matchlist.js)
function mOpened(st) {
  $("m-setup-out").hidden = true;
  MATCH.lastShown = null;
  mStatus(st);
}
// a reload comes back to the tab it showed (once the page is ready)
function mBackToTab() {
  let tab = null;
  try { tab = sessionStorage.getItem(TAB_KEY); } catch (e) { return; }
  if (tab !== "tab-match") return;
  const go = () => { if (document.body.dataset.ready === "1") { $("tab-match").click(); return true; } return false; };
  if (go()) return;
  const watch = new MutationObserver(() => { if (go()) watch.disconnect(); });
  watch.observe(document.body, {attributes: true, attributeFilter: ["data-ready"]});
}
// live: the match as the scorer (this device or another) keeps it, while the tab is shown
// (not while a new match's form is open over the running one)
const MATCH_POLL_MS = 2000;
// (the server hears the scorer's page by these asks: one silent for 30 s is not asked before
// the score passes, app/match/desk.py SCORER_SILENT_S; so they go on in every tab)
async function mWatch() {
  if (document.hidden || (!(MATCH.status && MATCH.status.active) && $("panel-match").hidden)) return;
  try {
    const st = await api("GET", "/api/match");
    if (!$("m-back").hidden) { MATCH.status = st; mHandover(st); return; }  // the form stays
    if (JSON.stringify(st) !== JSON.stringify(MATCH.status)) mStatus(st);
  } catch (e) { /* the connection's state is the page's badge */ }
}
window.matchState = MATCH;

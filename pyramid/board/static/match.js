// The "Match" tab: keep score of a real match with buttons (tablet-sized), the same notation
// and the same game record as `pyramid score --session` (docs/SCOREKEEPING.md).  The page
// builds a line from the buttons (or the line is typed) and POSTs it to /api/match/line.
"use strict";

const MATCH = {status: null};
const POCKETS = ["FL", "FR", "ML", "MR", "NL", "NR"];
const POCKET_RU = {NL: "БЛ", NR: "БП", ML: "СЛ", MR: "СП", FL: "ДЛ", FR: "ДП"};

function mText() { return $("m-text"); }
function mAdd(tok) {
  const box = mText();
  box.value = (box.value.trim() + " " + tok).trim();
}
function mShow(lines, refused) {
  const out = $("m-out");
  out.textContent = (lines || []).join("\n");
  out.className = "m-out" + (refused ? " refused" : "");
}
function mStatus(st) {
  MATCH.status = st;
  const active = !!(st && st.active);
  $("match-setup").hidden = active;
  $("match-play").hidden = !active;
  if (!active) return;
  $("m-score").textContent = st.sides.map((n, k) => `${n} ${st.scores[k]}`).join(" — ");
  $("m-next").textContent = st.status_text.split("\n").slice(1).join("  ");
  document.querySelectorAll("#m-balls button").forEach(b => {
    b.disabled = !st.balls.includes(b.dataset.ball) && b.dataset.ball !== "cue"; });
  $("m-download").hidden = false;
}
function mPockets() {
  document.querySelectorAll("#m-pockets button").forEach(b => {
    b.textContent = LANG === "ru" ? POCKET_RU[b.dataset.pocket] : b.dataset.pocket; });
}
async function mSend(line) {
  const text = line !== undefined ? line : mText().value;
  if (!text.trim()) return;
  try {
    const r = await api("POST", "/api/match/line", {text});
    mShow(r.printed, r.refused);
    mStatus(r.status);
    if (!r.refused && line === undefined) mText().value = "";
  } catch (e) { mShow([e.message], true); }
}
async function mStart() {
  const players = ["m-p1", "m-p2", "m-p3"].map(id => $(id).value.trim()).filter(Boolean);
  const doc = {players, variant: $("m-variant").value, call_mode: $("m-call-mode").value,
               games: Math.max(1, Math.round(Number($("m-games").value) || 1)), lang: LANG};
  try {
    const st = await api("POST", "/api/match/start", doc);
    mShow([st.status_text], false);
    mStatus(st);
  } catch (e) { mShow([e.message], true); }
}
function matchInit() {
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
    b.addEventListener("click", () => mAdd(p));
    pockets.appendChild(b);
  }
  mPockets();
  document.querySelectorAll(".langbtn").forEach(b => b.addEventListener("click", () => setTimeout(mPockets, 0)));
  document.querySelectorAll("#panel-match [data-tok]").forEach(b =>
    b.addEventListener("click", () => mAdd(b.dataset.tok)));
  document.querySelectorAll("#panel-match [data-line]").forEach(b =>
    b.addEventListener("click", () => mSend(b.dataset.line)));
  $("m-send").addEventListener("click", () => mSend());
  $("m-clear").addEventListener("click", () => { mText().value = ""; });
  mText().addEventListener("keydown", e => { if (e.key === "Enter") mSend(); });
  $("m-start").addEventListener("click", mStart);
  api("GET", "/api/match").then(mStatus).catch(() => {});
}
window.addEventListener("DOMContentLoaded", matchInit);
window.matchState = MATCH;

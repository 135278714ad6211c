// The board's entry module (index.html's one script): files, links, the language, the AI's
// health, the menu of positions, and the start-up that draws the table and joins every panel.
// --- files, links, language ----------------------------------------------------------------
import {S, ask} from "./store.js";
import {$, api, say} from "./dom.js";
import {LANG, LANGS, applyI18n, hasWord, loadWords, pickLanguage, serverSaid, t, useLanguage} from "./i18n.js";
import {initLayout, updateView} from "./view.js";
import {drawTable, makeBalls} from "./table.js";
import {accounted, pendingChecks, queueCheck} from "./check.js";
import {changed, decodeState, encodeState, loadState, nSides, stateDoc,
  syncStateInputs} from "./state.js";
import {doSuggest} from "./suggest.js";
import {initPlay, playOut, stopAnim, tryNoise} from "./play.js";
import {bindViewerKeys, loadAnalysis, loadRecord, setMode, showReview, step} from "./viewer.js";
import {setLang} from "./lang.js";
import {initReview} from "./review.js";
import {answerMismatch, dropCueInHand, setCueInHand} from "./answer.js";
import {initLine} from "./line.js";
import {initSetup, redoSetup, snapPoint, undoSetup} from "./setup.js";
import {initPhoto} from "./photo.js";
import {initMatch} from "./match.js";
import {initConnect} from "./connect.js";
import {initOffline, pollHealth} from "./offline.js";
function readFile(input, handler) {
  const f = input.files && input.files[0];
  if (!f) return;
  const reader = new FileReader();
  reader.onload = () => { try { handler(String(reader.result)); } catch (e) { say(serverSaid("bad_file", e), "error"); } };
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
    const photo = ask("photoDoc", d.balls || {});
    if (!photo) for (const [b, p] of Object.entries(d.balls || {})) if (p) S.balls[b] = [Number(p[0]), Number(p[1])];
    if ("cue_in_hand" in d) S.state.cue_in_hand = !!d.cue_in_hand;
    if (d.cue_in_hand) dropCueInHand();  // else a cue ball listed lies there (changed() unticks)
    syncStateInputs(); setMode("edit"); changed();
    say(photo && S.unread.length ? t("loaded") + " " + t("photo_ask") : t("loaded"));
    return;
  }
  loadState(d, t("loaded"));
}
async function saveFile() {
  await accounted();  // with the adjustment the server said (check.js)
  const blob = new Blob([JSON.stringify(stateDoc(), null, 1) + "\n"], {type: "application/json"});
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "position.json";
  document.body.appendChild(a); a.click(); a.remove();
  say(t("saved"));
}
async function copyLink() {
  await accounted();
  const url = location.origin + location.pathname + "#s=" + encodeState(stateDoc());
  const out = $("link-out");
  out.value = url; out.hidden = false; out.select();
  try { await navigator.clipboard.writeText(url); say(t("link_copied")); }
  catch (e) { say(t("link_shown")); }
}
async function loadPositionsMenu() {
  try {
    const r = await api("GET", "/api/positions");
    const sel = $("sel-position");
    for (const p of r.positions) {
      const o = document.createElement("option");
      o.value = p.url; o.textContent = p.name; o.title = p.comment;
      if (hasWord("pos_" + p.name)) {  // a shipped position's name and note in the page's words
        o.textContent = t("pos_" + p.name); o.title = t("pos_note_" + p.name);
        o.dataset.i18n = "pos_" + p.name; o.dataset.i18nTitle = "pos_note_" + p.name;
      }
      sel.appendChild(o);
    }
  } catch (e) { /* the menu stays empty */ }
}

async function init() {
  initConnect(); initLine(); initPhoto(); initMatch(); initOffline(); initPlay();  // the panels join
  initLayout();  // the table pinned with its bar on a phone (view.js)
  useLanguage(pickLanguage());
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
  catch (e) { loadState(start); say(serverSaid("bad_file", e), "error"); }  // a bad link: refused, said
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
    try { loadState(await api("GET", e.target.value), t("loaded")); } catch (err) { say(serverSaid("bad_file", err), "error"); }
    e.target.value = "";
  });
  $("file-state").addEventListener("change", e => readFile(e.target, loadDocText));
  $("btn-save").addEventListener("click", saveFile);
  $("btn-link").addEventListener("click", copyLink);
  $("btn-suggest").addEventListener("click", doSuggest);
  $("btn-play").addEventListener("click", playOut);
  $("btn-unplay").addEventListener("click", stopAnim);  // back to the position (play.js)
  $("btn-noise").addEventListener("click", tryNoise);
  // another tab: the last tab's message (a refused photo, say) is not this one's
  for (const mode of ["edit", "viewer", "match"]) $("tab-" + mode).addEventListener("click", () => {
    if (S.mode !== mode) say("");
    setMode(mode);
  });
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
    if (h) { try { loadState(decodeState(h[1]), t("loaded")); } catch (e) { say(serverSaid("bad_file", e), "error"); } }
  });
  window.addEventListener("resize", () => updateView(() => { drawTable(); setMode(S.mode); }));
  await loadPositionsMenu();  // "ready" includes the menu of positions (it fails quietly)
  pollHealth();
  initSetup();
  document.body.dataset.ready = "1";
}
window.addEventListener("DOMContentLoaded", init);
// for tests and users' scripts (the console): no module reads it
window.board = Object.freeze({stateDoc, loadState, loadDocText, changed, answerMismatch,
  pendingChecks, queueCheck, snapPoint, undoSetup, redoSetup, pollHealth, showReview});

// The game viewer: the tabs (setMode), a record or a review loaded (POST /api/record,
// /api/review), a stroke shown with its facts (review.js adds the analysis), the keys.
// --- the game viewer -----------------------------------------------------------------------
import {S, SUGG_COLOURS} from "./store.js";
import {$, X, Y, api, clear, el, say} from "./dom.js";
import {LANG, countWords, pageTitle, serverSaid, t} from "./i18n.js";
import {renderBalls} from "./table.js";
import {drawRegion} from "./state.js";
import {lineHook} from "./suggest.js";
import {drawPaths, drawSuggestion} from "./advice.js";
import {stopAnim} from "./play.js";
import {drawNominal, drawReviewOverlay, isNominal, jumpMark, reviewChanged, reviewFacts,
  reviewShown} from "./review.js";
import {adviceCurrent} from "./answer.js";
export function setMode(mode) {
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
  // the header names the tab (the page of pyramid analyze --html: the game's review)
  const h1 = document.querySelector("header h1");
  h1.dataset.i18n = document.body.dataset.embedded ? "review_title"
    : mode === "match" ? "title_match" : mode === "viewer" ? "title_viewer" : "title";
  h1.textContent = t(h1.dataset.i18n);
  document.title = pageTitle(h1.textContent);
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
export async function loadRecord(text) {
  try {
    const view = await api("POST", "/api/record", text, true);
    S.recordText = text;  // sent again with an analysis (POST /api/review)
    showReview(view);
  } catch (e) { say(serverSaid("server_error", e), "error"); }
}
// A record view (POST /api/record) or a review (POST /api/review, the page of pyramid analyze
// --html): each stroke, and its analysis when there is one (s.analysis, review.js).
export function showReview(doc, keepIndex) {
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
export async function loadAnalysis(doc) {
  if (!doc || !Array.isArray(doc.strokes)) { say(serverSaid("bad_file", "no \"strokes\" list (pyramid analyze --json)"), "error"); return; }
  if (!S.recordText) { say(t("record_first"), "error"); return; }
  try {
    showReview(await api("POST", "/api/review", {record: S.recordText, analysis: doc}), true);
    say(t("analysis_loaded", {strokes: countWords("words.strokes", doc.strokes.length)}));
  } catch (e) { say(serverSaid("server_error", e), "error"); }
}
export function showStroke() {
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
  $("record-head").textContent = t("record_loaded", {strokes: countWords("words.strokes", rec.strokes.length),
    players: (rec.header.players || []).join(" — ")});
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
export function bindViewerKeys() {
  document.addEventListener("keydown", e => {
    if (S.mode !== "viewer" || e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.ctrlKey || e.altKey || e.metaKey) return;
    const keys = {ArrowRight: () => e.shiftKey ? jumpMark(1) : step(1), ArrowLeft: () => e.shiftKey ? jumpMark(-1) : step(-1),
      Home: () => step("first"), End: () => step("last")};
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
}
export function step(d) {
  if (!S.record) return;
  const n = S.record.strokes.length;
  S.strokeIndex = Math.max(0, Math.min(n - 1, d === "first" ? 0 : d === "last" ? n - 1 : S.strokeIndex + d));
  showStroke();
}


// The AI's suggestions: asked for (POST /api/suggest, with a progress bar and the queue
// behind other devices), listed, one selected.
// --- the AI's advice -----------------------------------------------------------------------
import {S, SUGG_COLOURS, ask, emit} from "./store.js";
import {$, api, clear, h, pct, say, signed} from "./dom.js";
import {LANG, num, pocketName, serverSaid, t} from "./i18n.js";
import {accountPending, accounted} from "./check.js";
import {baseDoc, stateDoc} from "./state.js";
import {drawSuggestion, renderAdvice} from "./advice.js";
import {stopAnim} from "./play.js";
import {adviceCurrent, answerMismatch, showStale, twinsText} from "./answer.js";
export function clearAdvice() {
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

// strokes of the line of play asked for: pyramid suggest --line's default
// (russian_pyramid.app.limits.DEFAULT_LINE; drawn by line.js)
const LINE_STROKES = 3;
export async function doSuggest() {
  if (S.busy) return;
  if (ask("unreadLeft")) return;  // a photo's numbers first (photo.js)
  // a sample budget and no seed: the server draws the seed from the position, so the same
  // position with the same settings gets the same advice (a time budget would not)
  const budget = Number($("in-budget").value);
  const q = new URLSearchParams({top: $("in-top").value, skill: $("in-skill").value, budget,
    lang: LANG, line: LINE_STROKES});
  clearAdvice();
  S.busy = true;
  $("btn-suggest").disabled = true;
  document.body.classList.add("thinking");
  startProgress(budget);  // at once, in the click's own turn
  const asked = JSON.stringify(baseDoc());  // the position shown at the click
  try {
    // the adjustment a position set up by hand needs, from the server (check.js)
    if (accountPending()) await accounted();
    if (JSON.stringify(baseDoc()) !== asked) { showStale(); return; }  // changed meanwhile
    const doc = stateDoc(), sent = JSON.stringify(doc);  // the position asked about, as sent
    const t0 = performance.now();
    const r = await api("POST", "/api/suggest?" + q, doc);
    S.lastSuggestMs = performance.now() - t0;
    const b = r.budget || {};
    if (b.samples_used) S.secondsPerSample = S.lastSuggestMs / 1000 / b.samples_used;
    if (answerMismatch(r.position, sent) !== null) { showStale(); return; }  // answer.js
    S.answer = {position: r.position, sent};
    S.suggestions = r.suggestions;
    S.line = r.line || null;
    S.suggestedFor = doc;
    S.budget = b;  // the samples and the seed: the advice's fold of numbers (advice.js)
    document.body.dataset.advice = "shown";
    renderSuggestions();
    if (S.suggestions.length) selectSuggestion(0);
    if (b.kind === "time" && b.note) say(b.note[LANG] || b.note.en);
    else say(t("answered", {t: num(S.lastSuggestMs / 1000, 1)}));  // the samples and the seed: the JSON's
  } catch (e) {
    say(serverSaid("server_error", e), "error");
  } finally {
    stopProgress();
    S.busy = false;
    $("btn-suggest").disabled = false;
    document.body.classList.remove("thinking");
  }
}
export function callText(s) {
  const c = s.call;
  if (!c || s.kind === "deliberate-foul") return s.foul ? t("foul_" + s.foul) : "";
  let text = t("ball_in", {b: c.ball, p: pocketName(c.pocket)});
  if (c.manner && c.manner !== "clean") text += ", " + t("m_" + c.manner) + (c.via && c.via.length ? " (" + c.via.join(", ") + ")" : "");
  return text;
}
export function renderSuggestions() {
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
// The line of play redrawn (line.js registers; not on the page pyramid analyze --html writes).
export function lineHook() { emit("line"); }

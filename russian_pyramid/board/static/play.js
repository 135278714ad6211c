// Strokes played out: a suggestion's stroke animated on the table (POST /api/simulate's
// motion), or played a few times with a player's noise and its outcomes summed up.
// The play-out is a picture over the position, never a change of it (issue 54, item 2): the
// position's balls stay in S.balls, faded, and stopAnim -- also «Вернуть позицию»
// (#btn-unplay, shown from the play-out on) -- takes the picture away, so the balls drag again.
// --- playing strokes out -------------------------------------------------------------------
import {S} from "./store.js";
import {$, X, Y, api, clear, el, say} from "./dom.js";
import {countWords, num, serverSaid, t, timesWords} from "./i18n.js";
import {drawPaths, shotDoc} from "./advice.js";
export function stopAnim() {
  if (S.anim) { cancelAnimationFrame(S.anim.raf); S.anim = null; }
  clear($("g-anim"));
  $("g-balls").classList.remove("faded");
  delete document.body.dataset.played;
  $("btn-unplay").hidden = true;
  $("play-tools").hidden = true;
}
// A play-out still running: the setup waits for its end.  Once it has ended (or is paused), a
// change of the setup (a drag, a nudge, undo) first takes it away (leavePlayOut): the setup is
// never locked.
export const playing = () => !!(S.anim && !S.anim.done && !S.anim.paused);
export function leavePlayOut() { if (S.anim) stopAnim(); }

// The play-out's controls (issue 54 item 1): again from the start, a pause, a step back or
// forward of STEP_S of the stroke's own time, and the speed (1, 0.5, 0.25 of real time).
const STEP_S = 0.1;
const speed = () => Number($("play-speed").value) || 1;
// The balls drawn at the play-out's time a.t (s of the stroke).
function drawAt(a) {
  const m = a.motion, k = Math.max(0, Math.min(m.n - 1, Math.floor(a.t / m.dt)));
  for (const [b, track] of Object.entries(m.balls)) {
    const p = track[Math.min(k, track.length - 1)];
    if (p) a.els[b].setAttribute("transform", `translate(${X(p[0]).toFixed(1)} ${Y(p[1]).toFixed(1)})`);
    a.els[b].style.display = p ? "" : "none";
  }
  a.done = k >= m.n - 1;
  document.body.dataset.played = a.done ? "done" : "running";
  $("play-pause").textContent = a.done || a.paused ? "▶" : "‖";
}
function frame(now) {
  const a = S.anim;
  if (!a) return;
  if (!a.paused) a.t += (now - a.last) / 1000 * speed();
  a.last = now;
  drawAt(a);
  if (!a.done && !a.paused) a.raf = requestAnimationFrame(frame);
}
function run(a) { a.last = performance.now(); a.raf = requestAnimationFrame(frame); }
function animate(motion) {
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
  S.anim = {motion, els, t: 0, paused: false, done: false, raf: 0};
  drawAt(S.anim);
  run(S.anim);
  $("btn-unplay").hidden = false;
  $("play-tools").hidden = false;
}
function playAgain() {
  const a = S.anim;
  if (!a) return;
  cancelAnimationFrame(a.raf);
  a.t = 0; a.paused = false;
  drawAt(a); run(a);
}
function pauseOrGo() {
  const a = S.anim;
  if (!a) return;
  if (a.done) { playAgain(); return; }
  cancelAnimationFrame(a.raf);
  a.paused = !a.paused;
  drawAt(a);
  if (!a.paused) run(a);
}
function stepBy(ds) {
  const a = S.anim;
  if (!a) return;
  cancelAnimationFrame(a.raf);
  a.paused = true;
  a.t = Math.max(0, Math.min((a.motion.n - 1) * a.motion.dt, a.t + ds));
  drawAt(a);
}
// the speeds' names in the page's words (×0,5 in Russian)
function speedWords() {
  for (const o of $("play-speed").options) o.textContent = t("play_speed_x", {x: num(Number(o.value), o.value.length > 3 ? 2 : o.value.length > 1 ? 1 : 0)});
}
export function initPlay() {
  $("play-again").addEventListener("click", playAgain);
  $("play-pause").addEventListener("click", pauseOrGo);
  $("play-back").addEventListener("click", () => stepBy(-STEP_S));
  $("play-fwd").addEventListener("click", () => stepBy(STEP_S));
  document.addEventListener("wordschange", speedWords);
}
export async function playOut() {
  const s = S.suggestions[S.selected];
  if (!s || !s.strike) return;
  try {
    const r = await api("POST", "/api/simulate", shotDoc(s));
    clear($("g-noise"));
    animate(r.motion);
  } catch (e) { say(serverSaid("server_error", e), "error"); }
}
export async function tryNoise() {
  const s = S.suggestions[S.selected];
  if (!s || !s.strike) return;
  const skill = $("in-my-skill").value, runs = Number($("in-runs").value);
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
      // each run numbered beside where its cue ball stops (not a ball's number: red, outside it)
      const at = cue || run.paths.cue && run.paths.cue[run.paths.cue.length - 1];
      if (at) {
        const num = el("text", {x: X(at[0]) + 2.2 * 1000 * S.T.ball_radius_m, y: Y(at[1]), class: "noise-num"}, g);
        num.textContent = String(r.runs.indexOf(run) + 1);
      }
    }
    $("noise-summary").textContent = t("noise_summary", {n: r.runs.length, tries: countWords("words.tries", r.runs.length),
      skill: t("sk_of_" + skill),
      k_times: timesWords(k), cue: c ? t("noise_cue", {c_times: timesWords(c)}) : ""});
  } catch (e) { say(serverSaid("server_error", e), "error"); }
}


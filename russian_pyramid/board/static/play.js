// Strokes played out: a suggestion's stroke animated on the table (POST /api/simulate's
// motion), or played a few times with a player's noise and its outcomes summed up.
// The play-out is a picture over the position, never a change of it (issue 54, item 2): the
// position's balls stay in S.balls, faded, and stopAnim -- also «Вернуть позицию»
// (#btn-unplay, shown from the play-out on) -- takes the picture away, so the balls drag again.
// --- playing strokes out -------------------------------------------------------------------
import {S} from "./store.js";
import {$, X, Y, api, clear, el, say} from "./dom.js";
import {countWords, t, timesWords} from "./i18n.js";
import {drawPaths, shotDoc} from "./advice.js";
export function stopAnim() {
  if (S.anim) { cancelAnimationFrame(S.anim.raf); S.anim = null; }
  clear($("g-anim"));
  $("g-balls").classList.remove("faded");
  delete document.body.dataset.played;
  $("btn-unplay").hidden = true;
}
// A play-out still running: the setup waits for its end.  Once it has ended, a change of the
// setup (a drag, a nudge, undo) first takes it away (leavePlayOut): the setup is never locked.
export const playing = () => !!(S.anim && !S.anim.done);
export function leavePlayOut() { if (S.anim) stopAnim(); }
function animate(motion, onDone) {
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
  const t0 = performance.now();
  const frame = () => {
    const k = Math.min(motion.n - 1, Math.floor((performance.now() - t0) / 1000 / motion.dt));
    for (const [b, track] of Object.entries(motion.balls)) {
      const p = track[Math.min(k, track.length - 1)];
      if (p) els[b].setAttribute("transform", `translate(${X(p[0]).toFixed(1)} ${Y(p[1]).toFixed(1)})`);
      els[b].style.display = p ? "" : "none";
    }
    if (k < motion.n - 1) S.anim.raf = requestAnimationFrame(frame);
    else { S.anim.done = true; if (onDone) onDone(); }
  };
  S.anim = {raf: requestAnimationFrame(frame), done: false};
}
export async function playOut() {
  const s = S.suggestions[S.selected];
  if (!s || !s.strike) return;
  try {
    const r = await api("POST", "/api/simulate", shotDoc(s));
    clear($("g-noise"));
    animate(r.motion, () => { document.body.dataset.played = "done"; });
    document.body.dataset.played = "running";
    $("btn-unplay").hidden = false;
  } catch (e) { say(t("server_error", {why: e.message}), "error"); }
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
  } catch (e) { say(t("server_error", {why: e.message}), "error"); }
}


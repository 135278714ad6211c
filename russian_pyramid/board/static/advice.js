// A suggestion's advice drawn on the table (paths, aim, ghost ball, where the cue ball
// stops) and said beside it: the tip and aim diagrams, the facts in the server's words.
import {BALL_IDS, PATH_COLOURS, S, SUGG_COLOURS} from "./store.js";
import {$, X, Y, clear, el, pct, pts} from "./dom.js";
import {LANG, num, pocketName, t} from "./i18n.js";
import {stateDoc} from "./state.js";
import {callText} from "./suggest.js";
function pathColours(ids) {
  const out = {};
  let k = 0;
  ids.slice().sort((a, b) => BALL_IDS.indexOf(a) - BALL_IDS.indexOf(b)).forEach(b => {
    out[b] = b === "cue" ? "#ff2a2a" : PATH_COLOURS[(k++) % PATH_COLOURS.length];
  });
  return out;
}
export function drawPaths(g, paths, cls, opacity) {
  const colours = pathColours(Object.keys(paths || {}));
  for (const [b, p] of Object.entries(paths || {})) {
    if (p.length < 2) continue;
    el("polyline", {points: pts(p), class: `path ${b === "cue" ? "cue-path" : "ob-path"} ${cls || ""}`,
      stroke: colours[b], "stroke-opacity": opacity === undefined ? 1 : opacity, "data-path": b}, g);
  }
}
function cueStart(s) { return s.placement ? s.placement : S.balls.cue; }
export function drawSuggestion(s, colour) {
  const g = $("g-advice");
  clear(g);
  const R = 1000 * S.T.ball_radius_m, start = cueStart(s), adv = s.advice;
  if (s.placement) {  // the cue ball's place from hand
    const c = el("circle", {cx: X(s.placement[0]), cy: Y(s.placement[1]), r: R, class: "placed-cue"}, g);
    c.dataset.role = "placement";
  }
  if (!s.strike || !adv) {
    if (start) {
      const tx = el("text", {x: X(start[0]), y: Y(start[1]) - 60, class: "advice-label"}, g);
      tx.textContent = t("tush_on_table");
    }
    return;
  }
  drawPaths(g, s.paths, "advice");
  const aim = adv.aim || {};
  if (aim.ghost && start && !(aim.cushions_first || []).length) {
    el("line", {x1: X(start[0]), y1: Y(start[1]), x2: X(aim.ghost[0]), y2: Y(aim.ghost[1]), class: "aim", stroke: colour}, g);
  }
  if (aim.ghost) el("circle", {cx: X(aim.ghost[0]), cy: Y(aim.ghost[1]), r: R, class: "ghost", stroke: colour, "data-role": "ghost"}, g);
  if (adv.cue_stop) el("circle", {cx: X(adv.cue_stop[0]), cy: Y(adv.cue_stop[1]), r: R * 1.3, class: "stop", "data-role": "stop"}, g);
  const c = s.call;
  if (c && S.T.pockets[c.pocket] && s.kind === "attack") {
    const m = S.T.pockets[c.pocket].mouth;
    el("circle", {cx: X(m[0]), cy: Y(m[1]), r: R * 2.2, class: "target-pocket", stroke: colour}, g);
  }
}
function tipDiagram(strike, colour) {
  const svg = $("tip");
  clear(svg);
  el("circle", {cx: 0, cy: 0, r: 1, class: "tip-face"}, svg);
  el("circle", {cx: 0, cy: 0, r: 0.6, class: "tip-limit"}, svg);
  el("line", {x1: -1, y1: 0, x2: 1, y2: 0, class: "tip-cross"}, svg);
  el("line", {x1: 0, y1: -1, x2: 0, y2: 1, class: "tip-cross"}, svg);
  if (!strike) return;
  el("circle", {cx: strike.side || 0, cy: -(strike.vertical || 0), r: 0.14, class: "tip-dot", fill: colour, "data-role": "tip"}, svg);
  const e = el("text", {x: 0, y: 1.42, class: "tip-elev"}, svg);
  e.textContent = `${t("f_elev").toLowerCase()}: ${Math.round(strike.elevation_deg || 0)}°`;
}
// The aim as a point on the object ball: its face seen from behind the cue, the contact
// point (R sin(cut) off centre, on the side away from where the ball goes) and the cue
// ball's outline at contact (2R sin(cut) off), with the ball fraction under it.
const AIM_LABEL_WIDTH = 2.7;  // the picture's width, less a margin (its viewBox is 2.8 wide)
function aimDiagram(cut, colour) {
  const svg = $("aim-face");
  clear(svg);
  svg.toggleAttribute("hidden", !cut);
  if (!cut) return;
  const s = 1 - cut.fraction;  // sin(cut): the fraction is 1 - sin(cut)
  const sign = cut.side === "left" ? 1 : cut.side === "right" ? -1 : 0;
  el("circle", {cx: 0, cy: 0, r: 1, class: "aim-ball"}, svg);
  el("circle", {cx: 2 * s * sign, cy: 0, r: 1, class: "aim-ghost"}, svg);
  el("circle", {cx: s * sign, cy: 0, r: 0.14, class: "aim-dot", fill: colour, "data-role": "contact"}, svg);
  const e = el("text", {x: 0, y: 1.42, class: "aim-label"}, svg);
  e.textContent = (cut.fraction_words && cut.fraction_words[LANG]) || t("fr_" + cut.fraction_name);
  // a long name («чуть тоньше 3/4 шара») in smaller letters, inside the picture's width
  const width = e.getComputedTextLength(), room = AIM_LABEL_WIDTH;
  if (width > room) e.style.fontSize = (parseFloat(getComputedStyle(e).fontSize) * room / width) + "px";
}
function speedName(name) { return t("sp_" + String(name).replace("-", "_")); }
function diamondsText(d) {
  return t("diamonds", {a: num(d.from_house, 1), b: num(d.from_rail, 1), rail: t("rail_" + d.rail)});
}
export function renderAdvice(s, i) {
  $("box-advice").hidden = false;
  const colour = SUGG_COLOURS[i % SUGG_COLOURS.length];
  const title = $("advice-title");
  title.textContent = `${i + 1}. ${t(s.kind)}${callText(s) ? ": " + callText(s) : ""} — ${t("pwin")} ${pct(s.p_win)}`;
  title.style.setProperty("--c", colour);
  tipDiagram(s.strike, colour);
  aimDiagram(s.advice && s.advice.cut, colour);
  const dl = $("advice-facts");
  clear(dl);
  const add = (k, v, role) => {
    const dt = document.createElement("dt"); dt.textContent = t(k);
    const dd = document.createElement("dd"); dd.textContent = v;
    if (role) dd.dataset.role = role;
    dl.appendChild(dt); dl.appendChild(dd);
  };
  const a = s.advice, st = s.strike;
  if (a && st) {
    if (a.placement_diamonds) add("f_place", diamondsText(a.placement_diamonds), "placement");
    const words = (s.words && s.words[LANG]) || {};  // the server's words (ai/describe.py)
    if (a.cut && words.cut) add("f_cut", words.cut, "cut");
    add("f_speed", t("speed_value", {l: a.speed.level, w: speedName(a.speed.name), n: num(a.speed.level_lengths, 1)}), "speed");
    const sc = a.speed.scale_lengths || {};
    $("speed-legend").textContent = sc["10"] ? t("speed_legend", {a: num(sc["1"], 1), b: num(sc["5"], 1), c: num(sc["10"], 1)}) : "";
    add("f_tip", a.tip && a.tip.words ? a.tip.words[LANG] || a.tip.words.en : "", "tip");  // the server's words
    add("f_elev", (st.elevation_deg || 0) < 0.5 ? t("elev_level") : t("elev_value", {e: Math.round(st.elevation_deg)}), "elevation");
    if (a.pocketed.length) add("f_falls", a.pocketed.map(p => (p.ball === "cue" ? t("cue_name") : p.ball) + " → " + pocketName(p.pocket)).join(", "), "falls");
    else add("f_falls_none", "", "falls");
    add("f_stop", a.cue_stop_diamonds ? diamondsText(a.cue_stop_diamonds) : t("falls_cue"), "stop");
  }
  $("advice-text").textContent = (s.instructions && s.instructions[LANG]) || s.instruction || "";
  techFold(s);
  $("btn-play").disabled = !st;
  $("btn-noise").disabled = !st;
}
// The numbers behind the words, for who wants them (issue 54: a player's page says the cut,
// the place and the search in words; the fraction and angle, the coordinates, the samples and
// the seed are the answer's JSON's and this fold's).
function techFold(s) {
  let fold = $("advice-details");
  if (!fold) {
    fold = document.createElement("details");
    fold.id = "advice-details"; fold.className = "advice-details";
    fold.append(document.createElement("summary"), document.createElement("ul"));
    $("speed-legend").after(fold);
  }
  fold.querySelector("summary").textContent = t("details");
  const ul = fold.querySelector("ul"), a = s.advice || {}, b = S.budget || {};
  clear(ul);
  const line = text => { const li = document.createElement("li"); li.textContent = text; ul.appendChild(li); };
  if (a.cut) line(t("tech_cut", {f: num(a.cut.fraction, 2), a: num(a.cut.angle_deg, 1)}));
  if (s.placement) line(t("tech_place", {x: num(s.placement[0], 3), y: num(s.placement[1], 3)}));
  if (b.samples_used) line(t("tech_search", {n: b.samples_used, seed: b.seed}));
  fold.hidden = !ul.children.length;
}
export function shotDoc(s, strike) {
  const doc = stateDoc();
  const shot = {table: doc.table, balls: Object.assign({}, doc.balls), strike: strike || s.strike};
  if (s.placement) { shot.cue_in_hand = true; shot.placement = s.placement; }
  return shot;
}


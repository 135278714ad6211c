// The game viewer as an analysis board (issue 27 item 3): the list of strokes with their
// marks, the P(win) graph over the game (the score when there is no analysis), the jump to
// the next mark, the better stroke drawn beside the one played with what it changes, the
// stroke as meant (a record's story) beside the stroke as played, and a person's record
// (the typed line, the ruling, the points; no positions to draw).  A module over
// viewer.js; the same file runs in the board and in the page `pyramid analyze --html`
// writes (review.html: no server, the document embedded).
import {S} from "./store.js";
import {$, X, Y, clear, el, h, pct, pts, say} from "./dom.js";
import {LANG, WORDS, applyI18n, loadWords, num, pageTitle, pickLanguage, pocketName, t,
  useLanguage} from "./i18n.js";
import {VIEW, initLayout, updateView} from "./view.js";
import {ballEl, drawTable, makeBalls} from "./table.js";
import {loadState} from "./state.js";
import {callText} from "./suggest.js";
import {bindViewerKeys, setMode, showReview, showStroke, step} from "./viewer.js";
import {setLang} from "./lang.js";

const MARK_CLASS = {"?!": "mark-qi", "?": "mark-q", "??": "mark-qq"};
const GRAPH_W = 600, GRAPH_H = 150, GRAPH_PAD = 8;  // the graph's drawing units

export function isNominal() { return !!(S.record && S.record.header && S.record.header.positions === "nominal"); }
function rowOf(s) { return s.analysis || (S.analysis && S.analysis[s.stroke]) || null; }
function markOf(s) { const a = rowOf(s); return a && a.mark ? a.mark : ""; }
// A loss the analysis (or the review) found the execution's, not the choice's (issue 54 item 6).
function executionOf(s) { const a = rowOf(s); return !!(a && a.execution); }
// a foul in a player's words (its rule id is the record's, not the page's)
function foulWord(code) {
  const key = "stats.foul." + code;
  return WORDS[LANG] && WORDS[LANG][key] ? t(key) : code;
}
// a player by name, else «Игрок 1» (the record's sides are counted from 1 at the table)
function playerWord(p) {
  const players = S.record.header.players || [];
  return players[p] || t("player", {p: p + 1});
}
// A person's typed line in the page's words (the server says it in each language, issue 54).
function enteredLine(s) {
  return (s.entered_words && s.entered_words[LANG]) || s.entered;
}
// The actions before a person's stroke (an undo: the line taken back), in the page's words.
function beforeWords(s) {
  const said = s.before_words && s.before_words[LANG];
  return said && said.length ? said.join("; ") : "";
}
const UNDO_SIGN = "↶ ";  // in the list: a line was taken back before this stroke
// What was played, short: the typed line of a person's stroke, else the call (or a tush).
function strokeShort(s) {
  if (s.entered !== undefined) {
    return ((s.before || []).some(a => a.action === "undo") ? UNDO_SIGN : "") + enteredLine(s);
  }
  if (s.strike === null) return t("v_tush");
  return s.call ? t("ball_in", {b: s.call.ball, p: pocketName(s.call.pocket)}) : t("v_no_call");
}

// --- the list of strokes --------------------------------------------------------------------
function renderStrokeList() {
  const ol = $("stroke-list");
  clear(ol);
  if (!S.record) return;
  S.record.strokes.forEach((s, k) => {
    const li = document.createElement("li");
    const mark = markOf(s), exec = executionOf(s);
    li.className = "stroke-item" + (mark ? " " + MARK_CLASS[mark] : "") + (exec ? " mark-exec" : "") + (k === S.strokeIndex ? " current" : "");
    li.dataset.stroke = String(k + 1);
    li.dataset.mark = mark;
    if (exec) li.dataset.execution = "1";
    const pts = s.points[s.player] || 0;
    li.append(h("span", {class: "k"}, String(k + 1)), h("span", {class: "who"}, String(s.player + 1)), "\n      ",
      h("span", {class: "what"}, strokeShort(s) + (s.fouls.length ? " · " + t("foul") : "")),
      h("span", {class: "pts"}, pts ? (pts > 0 ? "+" : "") + pts : ""), "\n      ",
      h("span", {class: "mark", title: exec ? t("review_execution") : null}, exec ? t("review_execution_sign") : mark));
    li.title = playerWord(s.player);
    li.addEventListener("click", () => goTo(k));
    ol.appendChild(li);
  });
}
function markCurrentInList() {
  const ol = $("stroke-list");
  ol.querySelectorAll("li.current").forEach(li => li.classList.remove("current"));
  const li = ol.querySelector(`li[data-stroke="${S.strokeIndex + 1}"]`);
  if (!li) return;
  li.classList.add("current");
  const top = li.offsetTop, h = ol.clientHeight;  // in sight (the list is its offsetParent), the page not scrolled
  if (top < ol.scrollTop || top + li.offsetHeight > ol.scrollTop + h) ol.scrollTop = top - h / 2;
}
function goTo(k) {
  if (!S.record) return;
  S.strokeIndex = Math.max(0, Math.min(S.record.strokes.length - 1, k));
  showStroke();
}
// The next (dir 1) or previous (-1) stroke with a mark; says so when there is none.
export function jumpMark(dir) {
  if (!S.record) return;
  const n = S.record.strokes.length;
  for (let k = S.strokeIndex + dir; k >= 0 && k < n; k += dir) {
    if (markOf(S.record.strokes[k])) { goTo(k); return; }
  }
  say(t(dir > 0 ? "no_next_mark" : "no_prev_mark"));
}

// --- the graph --------------------------------------------------------------------------------
// With an analysis: side A's P(win) after each stroke as played (two sides: the shooter's
// P(win), or 1 - it for B's strokes; three sides: each shooter's own, in the shooter's colour).
// Without: each side's score after each stroke, against the target.
function graphSeries() {
  const rec = S.record, strokes = rec.strokes;
  const analysed = strokes.some(s => rowOf(s));
  const sides = (rec.strokes[0] && rec.strokes[0].scores_after.length) || 2;
  if (analysed) {
    const pts = strokes.map((s, k) => {
      const a = rowOf(s);
      if (!a) return null;
      const p = a.p_win_played;
      return {k, y: sides === 2 && s.player === 1 ? 1 - p : p, mark: a.mark || "", who: s.player};
    });
    return {kind: "pwin", lo: 0, hi: 1, lines: [pts], sides};
  }
  const target = rec.header.target || 71;
  let lo = 0, hi = target;
  strokes.forEach(s => s.scores_after.forEach(v => { lo = Math.min(lo, v); hi = Math.max(hi, v); }));
  const lines = [];
  for (let p = 0; p < sides; p++) lines.push(strokes.map((s, k) => ({k, y: s.scores_after[p], mark: "", who: p})));
  return {kind: "scores", lo, hi, lines, sides, target};
}
export function gx(k, n) { return GRAPH_PAD + (n > 1 ? k / (n - 1) : 0.5) * (GRAPH_W - 2 * GRAPH_PAD); }
export function gy(y, G) { return GRAPH_H - GRAPH_PAD - (y - G.lo) / (G.hi - G.lo || 1) * (GRAPH_H - 2 * GRAPH_PAD); }
function drawGraph() {
  const svg = $("review-graph");
  clear(svg);
  if (!S.record || !S.record.strokes.length) { $("graph-title").textContent = ""; return; }
  const G = graphSeries(), n = S.record.strokes.length;
  svg.setAttribute("viewBox", `0 0 ${GRAPH_W} ${GRAPH_H}`);
  svg.dataset.kind = G.kind;
  $("graph-title").textContent = t(G.kind === "pwin" ? "graph_pwin" : "graph_scores");
  el("rect", {x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, class: "g-bg"}, svg);
  const mid = G.kind === "pwin" ? 0.5 : G.target;
  el("line", {x1: GRAPH_PAD, x2: GRAPH_W - GRAPH_PAD, y1: gy(mid, G), y2: gy(mid, G), class: "g-mid"}, svg);
  G.lines.forEach((line, p) => {
    const pts = line.filter(q => q !== null).map(q => `${gx(q.k, n).toFixed(1)},${gy(q.y, G).toFixed(1)}`);
    if (pts.length) el("polyline", {points: pts.join(" "), class: "g-line g-side" + p}, svg);
  });
  for (const q of G.lines[0]) {
    if (!q || !q.mark) continue;
    const c = el("circle", {cx: gx(q.k, n), cy: gy(q.y, G), r: 4.5, class: "g-mark " + MARK_CLASS[q.mark]}, svg);
    c.dataset.stroke = String(q.k + 1);
  }
  el("line", {x1: 0, x2: 0, y1: 0, y2: GRAPH_H, class: "g-cursor", id: "graph-cursor"}, svg);
  moveGraphCursor();
  const legend = $("graph-legend");  // which line is whose
  clear(legend);
  G.lines.forEach((line, p) => {
    const span = document.createElement("span");
    span.className = "gl gl-side" + p;
    if (G.kind !== "pwin") span.textContent = playerWord(p);
    else span.textContent = G.sides === 2 ? t("graph_pwin_of", {who: playerWord(p)}) : t("graph_pwin_shooter");
    legend.appendChild(span);
  });
}
function moveGraphCursor() {
  const c = $("graph-cursor");
  if (!c || !S.record) return;
  const x = gx(S.strokeIndex, S.record.strokes.length);
  c.setAttribute("x1", x); c.setAttribute("x2", x);
}
function onGraphClick(evt) {
  if (!S.record) return;
  const svg = $("review-graph"), pt = svg.createSVGPoint();
  pt.x = evt.clientX; pt.y = evt.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const n = S.record.strokes.length;
  goTo(Math.round((p.x - GRAPH_PAD) / (GRAPH_W - 2 * GRAPH_PAD) * (n - 1)));
}

// --- the table: the better stroke and the stroke as meant ------------------------------------
function drawCueMark(g, xy, cls, role) {
  if (!xy) return;
  const c = el("circle", {cx: X(xy[0]), cy: Y(xy[1]), r: 1000 * S.T.ball_radius_m, class: cls}, g);
  c.dataset.role = role;
}
// Every ball's path of a stroke in one colour (the played stroke's are a colour a ball).
function drawPathsIn(g, paths, cls, colour) {
  for (const [b, p] of Object.entries(paths || {})) {
    if (p.length < 2) continue;
    el("polyline", {points: pts(p), class: `path ${b === "cue" ? "cue-path" : "ob-path"} ${cls}`, stroke: colour, "data-path": b}, g);
  }
}
const BETTER_COLOUR = "#ffe600", INTENDED_COLOUR = "#00e5ff";
export function drawReviewOverlay(g, s) {
  const a = rowOf(s), shown = {};
  if (s.intended_paths) {
    drawPathsIn(g, s.intended_paths, "intended", INTENDED_COLOUR);
    drawCueMark(g, s.intended_final && s.intended_final.cue, "intended-stop", "intended-stop");
    shown.intended = true;
  }
  if (a && a.better) {
    drawPathsIn(g, a.better.paths, "better", BETTER_COLOUR);
    const bp = a.best && a.best.placement;
    if (bp && s.placement && Math.hypot(bp[0] - s.placement[0], bp[1] - s.placement[1]) > 0.005)
      drawCueMark(g, bp, "better-place", "better-placement");
    drawCueMark(g, a.better.final && a.better.final.cue, "better-stop", "better-stop");
    shown.better = true;
  }
  const legend = $("review-legend");
  legend.hidden = !(shown.better || shown.intended);
  $("legend-better").hidden = !shown.better;
  $("legend-intended").hidden = !shown.intended;
}
// A person's record: no positions; the balls on the table are not drawn, the cloth says so.
export function drawNominal(g, s) {
  const on = Object.keys(s.state_before.balls).filter(b => s.state_before.balls[b]);
  for (const b of on) ballEl(b).style.display = "none";
  // two lines across the cloth, upright and centred either way the table is turned (view.js)
  const T = S.T, n = on.filter(b => b !== "cue").length;
  [t("nominal_title"), t("nominal_count", {n})].forEach((text, i) => {
    const at = VIEW.portrait ? [T.length_m * 0.62 - i * 0.1, T.width_m / 2] : [T.length_m * 0.6, T.width_m * 0.66 - i * 0.1];
    const tx = el("text", {x: X(at[0]), y: Y(at[1]), class: "nominal-note"}, g);
    tx.dataset.role = "nominal";
    tx.textContent = text;
  });
}

// --- the words beside the table ---------------------------------------------------------------
function rulingWords(s) {
  const r = s.ruling || {}, parts = [];
  if (r.counted && r.counted.length) parts.push(t("ruling_counted", {balls: r.counted.join(", ")}));
  if (r.respotted && r.respotted.length) parts.push(t("ruling_respotted", {balls: r.respotted.map(x => x.ball).join(", ")}));
  if (!parts.length && !(s.fouls || []).length) parts.push(t("ruling_nothing"));
  parts.push(t(r.turn_passes ? "ruling_turn_passes" : "ruling_plays_on"));
  return parts.join("; ");
}
function callWords(call) { return call ? callText({call, kind: "attack"}) : t("v_no_call"); }
function strikeDiffWords(d) {
  const out = [];
  for (const f of d.strike) {
    const delta = f.better - f.played;
    if (f.field === "speed_mps") {
      if (d.levels && d.levels[0] !== d.levels[1]) out.push(t("diff_level", {a: d.levels[0], b: d.levels[1]}));
      else out.push(t(delta > 0 ? "diff_harder" : "diff_softer", {d: num(Math.abs(delta), 2)}));
    } else if (f.field === "phi_deg") out.push(t(delta > 0 ? "diff_aim_left" : "diff_aim_right", {d: num(Math.abs(delta), 2)}));
    else if (f.field === "elevation_deg") out.push(t("diff_elev", {a: num(f.played, 1), b: num(f.better, 1)}));
    else if (f.field === "vertical") out.push(t(delta > 0 ? "diff_tip_higher" : "diff_tip_lower", {d: num(Math.abs(delta), 2)}));
    else if (f.field === "side") out.push(t(delta > 0 ? "diff_tip_right" : "diff_tip_left", {d: num(Math.abs(delta), 2)}));
  }
  return out.join(", ");
}
function differenceWords(s, a) {
  const d = a.difference;
  if (!d) return "";
  if (!d.aspects.length) return t("diff_same");
  const parts = [];
  if (d.aspects.includes("placement")) parts.push(t("diff_placement", {d: Math.round(100 * d.placement_m)}));
  if (d.aspects.includes("strike")) {
    const w = a.best.strike && s.strike ? strikeDiffWords(d) : t(a.best.strike ? "diff_not_tush" : "diff_tush");
    parts.push(t("diff_strike", {what: w}));
  }
  if (d.aspects.includes("call")) parts.push(t("diff_call", {b: a.best.kind === "deliberate-foul" ? callText(a.best) : callWords(a.best.call), a: callWords(s.call)}));
  return parts.join("; ");
}
function markWord(m) {
  if (m === "??") return t("mark_qq");
  if (m === "?") return t("mark_q");
  return m === "?!" ? t("mark_qi") : t("mark_ok");
}
function noiseWords(noise) {
  const words = {
    speed_mps: v => t("noise_speed", {d: signed3(v, 2)}), phi_deg: v => t("noise_aim", {d: signed3(v, 2)}),
    elevation_deg: v => t("noise_elev", {d: signed3(v, 1)}), side: v => t("noise_side", {d: signed3(v, 2)}),
    vertical: v => t("noise_vertical", {d: signed3(v, 2)})};
  return Object.entries(noise || {}).filter(([f, v]) => words[f] && Number(v) !== 0)
    .map(([f, v]) => words[f](v)).join(", ");
}
// The agent's word for its stroke (a story's kind): the board's word when it has one.
function kindWord(kind) {
  const known = {attack: t("attack"), safety: t("safety"), "deliberate-foul": t("deliberate-foul")};
  return known[kind] || kind;
}
// a signed number as shown: no minus zero (−0,00 is 0,00)
function signed3(x, digits) {
  const v = Number(x), shown = num(Math.abs(v), digits);
  return (v < 0 && Number(Math.abs(v).toFixed(digits)) !== 0 ? "−" : "+") + shown;
}

// The facts of stroke s (viewer.js's showStroke has drawn the table): a person's stroke its
// typed line, call, ruling; an agent's its call; then the analysis and the story.
export function reviewFacts(add, s) {
  add("v_player", playerWord(s.player));
  if (s.entered !== undefined) {
    const before = beforeWords(s);
    if (before) add("v_before", before, "before");
    add("v_entered", enteredLine(s), "entered");
    add("v_call", callWords(s.call), "call");
    add("v_ruling", rulingWords(s), "ruling");
  } else {
    add("v_call", s.strike === null ? t("v_tush") : callWords(s.call), "call");
    add("v_pocketed", s.pocketed.length ? s.pocketed.map(p => `${p.ball === "cue" ? t("cue_name") : p.ball} → ${pocketName(p.pocket)}`).join(", ") : t("nothing"));
  }
  add("v_fouls", s.fouls.length ? s.fouls.map(foulWord).join(", ") : "—", "fouls");
  add("v_points", s.points.map(p => (p > 0 ? "+" : "") + p).join(" / "), "points");
  add("v_scores", s.scores_after.join(" : "), "scores");
  const st = s.story;
  if (st) {
    const what = [];
    if (st.kind) what.push(kindWord(st.kind));
    if (st.intended_call && !sameCall(st.intended_call, s.call)) what.push(t("story_call", {c: callWords(st.intended_call)}));
    if (st.p_win !== undefined) what.push(`${t("pwin")} ${pct(st.p_win)}`);
    add("v_intended", what.join(", ") || "—", "intended");
    if (st.noise) add("v_noise", noiseWords(st.noise), "noise");
  }
  const a = rowOf(s);
  if (!a) return;
  const mark = a.execution ? t("review_execution") : markWord(a.mark);
  add("v_mark", `${mark}, ${t("pwin")} ${pct(a.p_win_played)}` + (a.loss >= 0.005 || a.execution ? `, ${t("v_loss", {l: num(a.loss, 2)})}` : ""), "mark");
  if (a.best) {
    add("v_best", `${t(a.best.kind)} ${a.best.strike ? callText(a.best) : t("v_tush")} — ${t("pwin")} ${pct(a.p_win_best)}`, "best");
    add("v_difference", differenceWords(s, a), "difference");
  }
}
function sameCall(a, b) {
  if (!a || !b) return a === b;
  return a.ball === b.ball && a.pocket === b.pocket && (a.manner || "clean") === (b.manner || "clean");
}

// Called by viewer.js's showStroke after the table and the facts: the list and the graph follow.
export function reviewShown() {
  const list = $("stroke-list");
  if (list.dataset.for !== S.reviewKey) { renderStrokeList(); drawGraph(); list.dataset.for = S.reviewKey; }
  markCurrentInList();
  moveGraphCursor();
  const marks = S.record ? S.record.strokes.filter(s => markOf(s)).length : 0;
  $("btn-next-mark").disabled = !marks; $("btn-prev-mark").disabled = !marks;
}
export function reviewChanged() { S.reviewKey = String(Math.random()); }  // a new record or analysis

export function initReview() {
  $("btn-next-mark").addEventListener("click", () => jumpMark(1));
  $("btn-prev-mark").addEventListener("click", () => jumpMark(-1));
  $("review-graph").addEventListener("click", onGraphClick);
  document.addEventListener("wordschange", () => {
    if (S.record) reviewChanged();
    if (document.body.dataset.embedded) document.title = pageTitle(t("review_title"));
  });
}

// The page `pyramid analyze --html` writes: the table, the words and the review embedded
// (window.PYRAMID_REVIEW), no server; embedded.js calls this (main.js is not on that page).
export async function initEmbedded(E) {
  useLanguage(E.lang || pickLanguage());  // pyramid analyze --lang's, else the reader's
  await loadWords(LANG);
  applyI18n();
  document.body.dataset.embedded = "1";
  document.querySelector("header h1").dataset.i18n = "review_title";
  applyI18n();  // the title now the review's (i18n.js pageTitle of the header's word)
  document.querySelectorAll(".langbtn").forEach(b => { b.classList.toggle("active", b.dataset.lang === LANG);
    b.addEventListener("click", () => setLang(b.dataset.lang)); });
  S.T = E.table;
  S.embedded = true;  // nothing asked of a server (check.js counts no points here)
  updateView(null);
  initLayout();  // the table and ◀ ▶ in sight on a phone (view.js)
  drawTable();
  makeBalls();
  loadState(S.T.initial_state);
  initReview();
  bindViewerKeys();
  $("btn-first").addEventListener("click", () => step("first"));
  $("btn-prev").addEventListener("click", () => step(-1));
  $("btn-next").addEventListener("click", () => step(1));
  $("btn-last").addEventListener("click", () => step("last"));
  window.addEventListener("resize", () => updateView(() => { drawTable(); setMode(S.mode); }));
  showReview(E.review);
  document.body.dataset.ready = "1";
}

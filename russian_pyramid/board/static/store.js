// The board's one state store (issue 53 item 6): the page's state ``S`` and the hooks by
// which a panel joins the core without the core importing it (the photo's marks, the line of
// play): ``on(name, fn)`` registers, ``emit(name, ...)`` calls each, ``ask(name, ...)`` is true
// when any says so.  Every module imports what it uses; nothing is shared through ``window``
// (``window.boardState`` is the store itself, for tests and users' scripts, read by no module).
export const SVGNS = "http://www.w3.org/2000/svg";
export const BALL_IDS = ["cue"].concat(Array.from({length: 15}, (_, k) => String(k + 1)));
export const SUGG_COLOURS = ["#ffe600", "#00e5ff", "#ff66c4", "#b6ff3b", "#ff9a3c"];
export const PATH_COLOURS = ["#2b7bff", "#ffb000", "#c04dff", "#00e5ff", "#ff66c4", "#b6ff3b", "#ffffff",
  "#ff7b00", "#7d5cff", "#00ffa2", "#f0e442", "#ff9e9e", "#a0c8ff", "#ffd6a0", "#d0a0ff"];

export const S = {
  T: null,                 // the table (GET /api/table)
  balls: {},               // id -> [x, y] in metres
  state: null,             // the rest of the game state (scores, to_move, ...)
  suggestions: [], selected: -1, suggestedFor: null,
  line: null,              // the answer's line of play, from the first suggestion (line.js)
  answer: null,            // the shown answer's {position, sent} (answer.js: shown only while current)
  mode: "edit",
  record: null, analysis: null, strokeIndex: 0,
  busy: false, drag: null, anim: null, noiseSeed: 1,
  check: {timer: null, controller: null, moves: {}, base: null},  // drops the server is checking
  account: {timer: null, controller: null, waiting: []},  // the state's points being counted
  accounting: null,        // the server's last count: {key: the state sent, counted, error} (check.js)
  embedded: false,         // the page pyramid analyze --html writes (review.js): no server
  unread: [],              // balls from a photo whose numbers are not yet set (photo.js)
  lastSuggestMs: null, secondsPerSample: null,  // the last answer's time, per sample spent
};


const HOOKS = {};
export function on(name, fn) { (HOOKS[name] = HOOKS[name] || []).push(fn); }
export function emit(name, ...args) { for (const fn of HOOKS[name] || []) fn(...args); }
export function ask(name, ...args) { return (HOOKS[name] || []).some(fn => fn(...args)); }
window.boardState = S;  // for tests and users' scripts; no module reads it

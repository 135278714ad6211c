// Small helpers of every panel: elements built from parts, table metres to SVG units, the
// server's API (its XSRF value sent back) and the message line.
// --- small helpers -------------------------------------------------------------------------
import {S, SVGNS} from "./store.js";
import {num, t} from "./i18n.js";
import {uprightText} from "./view.js";
export const $ = id => document.getElementById(id);
export function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  if (tag === "text" && parent) uprightText(e);  // upright on a turned table (view.js)
  return e;
}
// An HTML element built from parts, never from markup (issue 51): each attribute set as text
// (true: present, false/null/undefined: left out; no on* handler), each child a node or text.
// Every text from a document, a link, a file or the server reaches the page through this or
// textContent; no script of the page parses markup (tests/russian_pyramid/test_board_injection.py).
export function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (/^on/i.test(k)) throw new Error("h(): no event handler attributes (" + k + ")");
    if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== "") e.append(c);
  return e;
}
export function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
export const X = x => x * 1000;
export const Y = y => (S.T.width_m - y) * 1000;
export function pts(list) { return list.map(p => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(" "); }
export function pct(p) { return p === null || p === undefined ? "?" : Math.round(100 * p) + "%"; }
export function signed(x) {  // "+3,4", "-0,7"; never "-0,0"
  const v = Math.round(Number(x) * 10) / 10 || 0;
  return (v >= 0 ? "+" : "") + num(v, 1);
}
export function ballLabel(b) { return b === "cue" ? t("cue_name") : t("ball_name", {b}); }

// the board's XSRF value (russian_pyramid/board/guard.py): a cookie per port, sent back as a header
function xsrf() {
  const port = location.port || (location.protocol === "https:" ? "443" : "80");
  const m = document.cookie.match(new RegExp("(?:^|; )_xsrf-" + port + "=([^;]*)"));
  return m ? m[1] : "";
}
export async function api(method, url, body, raw, signal) {
  const opts = {method, headers: {}, signal};
  if (method !== "GET") opts.headers["X-XSRFToken"] = xsrf();
  if (body !== undefined) {
    opts.body = raw ? body : JSON.stringify(body);  // raw: a record, JSON Lines; or a photo
    opts.headers["Content-Type"] = typeof raw === "string" ? raw  // the photo's image type (photo.js)
      : raw ? "application/x-ndjson; charset=utf-8" : "application/json";
  }
  const r = await fetch(url, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = {error: `HTTP ${r.status}`}; }
  if (!r.ok) {
    const err = new Error(data && data.error || `HTTP ${r.status}`);
    err.status = r.status;
    err.data = data;  // e.g. /api/check's refusal: {reason, balls}
    throw err;
  }
  return data;
}

// The message line: a text, or a node (i18n.js's serverSaid: a server's text in a fold).
export function say(text, kind) {
  const m = $("message");
  if (text instanceof Node) m.replaceChildren(text);
  else m.textContent = text || "";
  m.className = "message" + (kind ? " " + kind : "");
}


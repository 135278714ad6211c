// The photo of the table (issue 31 item 2).  «Фото стола» opens the phone's camera or a file
// (<input type="file" accept="image/*" capture="environment">); the photo goes to the server
// as it is (POST /api/photo, the image's bytes), which finds the table and the balls and
// answers the position, settled so that the simulator accepts it.  The balls are placed on the
// table (each movable as ever) and the photo is shown with the balls it found circled.  A photo
// does not tell the object balls' numbers (ids ?1, ?2... in the answer): they are placed under
// provisional numbers, drawn «?», and asked by a tap -- a tap on such a ball (on the table, or
// any ball on the photo) opens a small picker of the numbers not yet set, with the ball cut out
// of the photo; choosing moves on to the next.  Suggest waits until every number is set.
// When the table is not found (or found wrong), the player marks the playing area's four
// corners on the photo -- at the cushion noses, in the order the command takes them (the
// house end's right corner, the far right, the far left, the house end's left) -- and the
// photo goes again with them (POST /api/photo?corners=...): the server then only rectifies.
// A module: the board's core calls it through the store's hooks (initPhoto registers them).
import {BALL_IDS, S, on} from "./store.js";
import {$, api, clear, el, say} from "./dom.js";
import {num, serverSaid, t} from "./i18n.js";
import {ballEl} from "./table.js";
import {dropChecks} from "./check.js";
import {changed, syncStateInputs} from "./state.js";
import {setMode} from "./viewer.js";
import {selectBall} from "./setup.js";

const PHOTO_TYPES = ["image/jpeg", "image/png"];  // what POST /api/photo takes (guard.py)
const CROP_RADII = 3.5;     // the picker's cut-out: this many of the ball's radii round it
const CIRCLE_SCALE = 1.35;  // a ball's circle on the photo: a little larger than the ball
const JPEG_QUALITY = 0.92;  // a photo the server does not take (HEIC, WebP) sent as a JPEG
// S.photoIds (kept with undo, setup.js): the photo's ball id ("cue", "?1"...) -> the board's id
// it holds now; S.unread: the board's ids whose numbers the player has not set yet.
const PHOTO = {url: null, answer: null, picking: null, blob: null, size: null, corners: null};
const CORNERS = 4;  // the playing area's corners, NR, FR, FL, NL (docs/PHOTO.md)

// --- the photo in, the balls placed ----------------------------------------------------------
async function photoChosen(input) {
  const f = input.files && input.files[0];
  input.value = "";
  if (!f || S.busy) return;
  let blob = f, type = f.type;
  if (!PHOTO_TYPES.includes(type)) {
    try { blob = await asJpeg(f); type = "image/jpeg"; }
    catch (e) { say(t("photo_not_image"), "error"); return; }
  }
  await sendPhoto(blob, type, null);
}
// The photo to the server, with the corners the player marked (or none: the server finds the
// table); the balls placed, or the refusal said -- and, for a photo without a table, the
// photo kept on the page for the player to mark its corners.
async function sendPhoto(blob, type, corners) {
  say(t("photo_reading"));
  document.body.dataset.photo = "reading";
  const t0 = performance.now();
  const query = {table: S.T.name};
  if (corners) {  // a finger's taps, a few pixels off: the server looks for the outline there
    query.corners = corners.map(c => c.map(v => v.toFixed(1)).join(",")).join(",");
    query.refine = "1";
  }
  let ans;
  try {
    ans = await api("POST", "/api/photo?" + new URLSearchParams(query), blob, type);
  } catch (e) {
    document.body.dataset.photo = "refused";  // the position on the board is as it was
    const noTable = e.data && e.data.reason === "no-table";
    say(noTable ? photoRefusal(e) + " " + t("photo_mark_corners_or") : photoRefusal(e), "error");
    if (noTable) await startCorners(blob, type, true);
    return;
  }
  S.lastPhotoMs = performance.now() - t0;
  PHOTO.blob = {blob, type};
  showPhoto(ans, blob);
}
// A picture the browser can show but the server does not take, drawn into a JPEG.
function asJpeg(file) {
  return new Promise((resolve, reject) => {
    const img = new Image(), url = URL.createObjectURL(file);
    img.onload = () => {
      const c = document.createElement("canvas");
      c.width = img.naturalWidth; c.height = img.naturalHeight;
      c.getContext("2d").drawImage(img, 0, 0);
      URL.revokeObjectURL(url);
      c.toBlob(b => b ? resolve(b) : reject(new Error("toBlob")), "image/jpeg", JPEG_QUALITY);
    };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error("not an image")); };
    img.src = url;
  });
}
// The server's refusal in the player's words: 413 too large, 415 no image, 422 no table.
function photoRefusal(e) {
  const reason = e.data && e.data.reason;
  if (e.status === 413) return t("photo_too_large");
  if (e.status === 415 || reason === "not-an-image") return t("photo_not_image");
  if (reason === "no-table") return t("photo_no_table");
  return serverSaid("photo_refused", e);
}
// --- the corners marked by the player ---------------------------------------------------------
// The photo shown without balls; each tap on it marks the next corner (numbered); the fourth
// sends the photo again with them.  `keepSaid`: the refusal just said stays in view.
async function startCorners(blob, type, keepSaid) {
  if (PHOTO.url) URL.revokeObjectURL(PHOTO.url);
  PHOTO.url = URL.createObjectURL(blob);
  PHOTO.blob = {blob, type};
  PHOTO.size = await imageSize(PHOTO.url);
  PHOTO.answer = null;
  PHOTO.corners = [];
  closePicker();
  drawCorners();
  if (!keepSaid) say(cornerAsk());
  document.body.dataset.photo = "corners";
}
function imageSize(url) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
    img.onerror = () => reject(new Error("not an image"));
    img.src = url;
  });
}
function cornerAsk() {
  return t("photo_corner_next", {name: t("photo_corner_" + (PHOTO.corners.length + 1))});
}
function drawCorners() {
  const box = $("box-photo"), svg = $("photo-svg"), [W, H] = PHOTO.size;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  clear(svg);
  el("image", {href: PHOTO.url, x: 0, y: 0, width: W, height: H}, svg);
  const size = Math.max(W, H) / 40, line = Math.max(W, H) / 400;
  if (PHOTO.corners.length > 1)
    el("polyline", {points: PHOTO.corners.map(p => p.join(",")).join(" "), class: "photo-area",
      "stroke-width": line}, svg);
  PHOTO.corners.forEach(([u, v], k) => {
    const g = el("g", {class: "photo-corner", "data-corner": k + 1}, svg);
    el("circle", {cx: u, cy: v, r: size * 0.45, "stroke-width": line}, g);
    const tx = el("text", {x: u, y: v - size * 0.7, "font-size": size}, g);
    tx.textContent = String(k + 1);
  });
  $("photo-note").textContent = t("photo_corners_note");
  box.dataset.corners = String(PHOTO.corners.length);
  box.hidden = false;
}
// A tap on the photo in corner mode: the photo's pixel under it.
function cornerTap(ev) {
  if (!PHOTO.corners || document.body.dataset.photo !== "corners") return;
  const svg = $("photo-svg"), pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  const q = pt.matrixTransform(svg.getScreenCTM().inverse());
  const [W, H] = PHOTO.size;
  if (q.x < 0 || q.y < 0 || q.x > W || q.y > H) return;
  PHOTO.corners.push([q.x, q.y]);
  drawCorners();
  if (PHOTO.corners.length < CORNERS) { say(cornerAsk()); return; }
  const corners = PHOTO.corners;
  PHOTO.corners = null;
  sendPhoto(PHOTO.blob.blob, PHOTO.blob.type, corners);
}

// The photo's ball ids -> the board's: the cue ball as it is, ?k under the number k, unread
// (more than 15: left out).
function photoBoardIds(pids) {
  const ids = {}, unread = [];
  for (const pid of pids) {
    const k = pid === "cue" ? "cue" : String(Number(pid.slice(1)));
    if (k !== "cue" && !(Number(k) >= 1 && Number(k) <= 15)) continue;
    ids[pid] = k;
    if (k !== "cue") unread.push(k);
  }
  return {ids, unread};
}
// A position written by `pyramid photo --json` and opened as a file (main.js's loadDocText, hook "photoDoc"):
// its balls are the photo's ("cue", "?1", "?2"...), placed as a photo sent from the page places
// them -- under provisional numbers, drawn «?», asked by a tap (no photo on the page to cut a
// ball out of: the picker shows the numbers alone).  False for any other position.
const PHOTO_BALL_ID = /^\?[0-9]+$/;
function photoDocPlaced(balls) {
  const pids = Object.keys(balls);
  if (!pids.some(p => PHOTO_BALL_ID.test(p)) || !pids.every(p => p === "cue" || PHOTO_BALL_ID.test(p))) return false;
  const {ids, unread} = photoBoardIds(pids);
  PHOTO.answer = null;
  closePicker();
  S.balls = {};
  for (const [pid, bid] of Object.entries(ids)) if (balls[pid]) S.balls[bid] = [Number(balls[pid][0]), Number(balls[pid][1])];
  S.unread = unread.filter(id => S.balls[id]);
  S.photoIds = ids;
  return true;
}

function showPhoto(ans, blob) {
  const {ids, unread} = photoBoardIds(ans.photo.balls.map(b => b.id));
  if (PHOTO.url) URL.revokeObjectURL(PHOTO.url);
  PHOTO.url = URL.createObjectURL(blob);
  PHOTO.answer = ans;
  dropChecks();
  S.balls = {};
  for (const [pid, bid] of Object.entries(ids)) S.balls[bid] = ans.balls[pid].slice();
  S.unread = unread;
  S.photoIds = ids;
  if (S.extra) delete S.extra.break_pending;
  S.state.cue_in_hand = !S.balls.cue;  // no cue ball found: in hand until one is set
  syncStateInputs();
  setMode("edit");
  changed();
  const said = [t("photo_found", {n: Object.keys(ids).length, s: num(S.lastPhotoMs / 1000, 1)})];
  const moved = Object.values(ans.photo.moved_mm || {});
  if (moved.length) said.push(t("photo_moved", {mm: num(Math.max(...moved), 0)}));
  // far in a grazing view a pixel spans centimetres: those balls' places said uncertain (issue 57)
  const unsure = ans.photo.balls.filter(b => b.uncertain && ids[b.id]);
  if (unsure.length) said.push(t("photo_uncertain", {n: unsure.length, mm: num(Math.max(...unsure.map(b => b.error_mm)), 0)}));
  // a table running out of the photo (issue 57 item 4): read from the three cushions seen, or not
  const part = ans.photo.partial_view;
  // (from behind an end: seen from x; from beside the table: seen from y, the near long cushion)
  const exif = part && part.lens_from === "exif", mm = part && num(part.lens_mm, 0);
  if (part && part.seen_from_y_m !== undefined) said.push(exif
    ? t("photo_partial_side_exif", {m: num(part.seen_from_y_m, 1), mm})
    : t("photo_partial_side", {m: num(part.seen_from_y_m, 1)}));
  else if (part) said.push(exif
    ? t("photo_partial_exif", {m: num(part.seen_from_x_m, 1), mm})
    : t("photo_partial", {m: num(part.seen_from_x_m, 1)}));
  else if (ans.photo.table_runs_out) said.push(t("photo_runs_out"));
  if (!S.balls.cue) said.push(t("photo_no_cue"));
  if (unread.length) said.push(t("photo_ask"));
  say(said.join(" "));
  document.body.dataset.photo = "placed";
}

// --- the photo drawn: the balls found circled, their numbers as set --------------------------
function boardIdOf(pid) { return S.photoIds ? S.photoIds[pid] : null; }
function drawPhoto() {
  const ans = PHOTO.answer, box = $("box-photo");
  if (PHOTO.corners && document.body.dataset.photo === "corners") { drawCorners(); return; }
  if (!ans || !S.photoIds || S.mode !== "edit") { box.hidden = true; return; }
  const svg = $("photo-svg"), W = ans.photo.width_px, H = ans.photo.height_px;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  clear(svg);
  el("image", {href: PHOTO.url, x: 0, y: 0, width: W, height: H}, svg);
  $("photo-note").textContent = t("photo_note");
  delete box.dataset.corners;
  el("polygon", {points: ans.photo.corners_px.map(p => p.join(",")).join(" "), class: "photo-area",
    "stroke-width": Math.max(W, H) / 500}, svg);
  const line = Math.max(W, H) / 320;
  for (const b of ans.photo.balls) {
    const bid = boardIdOf(b.id), on = bid && S.balls[bid];
    const open = on && S.unread.includes(bid);
    const g = el("g", {class: "photo-ball" + (bid === "cue" ? " cue" : "") + (open ? " unread" : "") + (b.uncertain ? " uncertain" : "")
      + (PHOTO.picking && PHOTO.picking === bid ? " picking" : ""), "data-photo-ball": b.id, "data-ball": bid || ""}, svg);
    el("circle", {cx: b.u_px, cy: b.v_px, r: b.radius_px * CIRCLE_SCALE, "stroke-width": line,
      ...(b.uncertain ? {"stroke-dasharray": `${2 * line} ${1.5 * line}`} : {})}, g);  // its place unsure
    const size = Math.max(W, H) / 45;
    const tx = el("text", {x: b.u_px, y: b.v_px - b.radius_px * CIRCLE_SCALE - size * 0.35, "font-size": size}, g);
    tx.textContent = !on ? "" : bid === "cue" ? t("photo_cue_label") : open ? "?" : bid;
    if (on) g.addEventListener("click", () => openPicker(bid));
  }
  box.hidden = false;
}
// Called by table.js's renderBalls (hook "ballsDrawn"): the balls whose numbers are not set drawn «?».
function photoMarks(balls) {
  if (balls === S.balls) S.unread = (S.unread || []).filter(id => S.balls[id]);
  const edit = balls === S.balls && S.mode === "edit";
  for (const id of BALL_IDS) {
    if (id === "cue") continue;
    const g = ballEl(id), open = edit && S.unread.includes(id);
    g.classList.toggle("unread", open);
    g.querySelector("text.num").textContent = open ? "?" : id;
  }
  drawPhoto();
}

// --- the numbers asked by a tap ----------------------------------------------------------------
function photoTap(id) { if (S.unread.includes(id)) openPicker(id); }
function openPicker(id) {
  if (S.mode !== "edit" || S.busy || S.anim || !S.balls[id]) return;
  PHOTO.picking = id;
  selectBall(id);
  drawCrop(id);
  const nums = $("picker-nums");
  clear(nums);
  for (const v of BALL_IDS) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.pick = v;
    b.textContent = v === "cue" ? t("picker_cue") : v;
    b.className = "pick" + (v === "cue" ? " pick-cue" : "");
    const held = S.balls[v] && v !== id && !S.unread.includes(v);  // a ball set already holds it
    b.disabled = !!held;
    if (v === id && !S.unread.includes(id)) b.classList.add("current");
    b.addEventListener("click", () => pick(v));
    nums.appendChild(b);
  }
  $("picker-left").textContent = S.unread.length ? t("picker_left", {n: S.unread.length}) : "";
  $("photo-picker").hidden = false;
  document.body.dataset.picking = id;
  drawPhoto();
}
// The ball cut out of the photo: where the player reads its number.
function drawCrop(id) {
  const svg = $("picker-crop"), ans = PHOTO.answer;
  clear(svg);
  const pid = S.photoIds && Object.keys(S.photoIds).find(p => S.photoIds[p] === id);
  const b = ans && pid && ans.photo.balls.find(x => x.id === pid);
  svg.hidden = !b;
  if (!b) return;
  const r = Math.max(b.radius_px * CROP_RADII, 24);
  svg.setAttribute("viewBox", `${b.u_px - r} ${b.v_px - r} ${2 * r} ${2 * r}`);
  el("image", {href: PHOTO.url, x: 0, y: 0, width: ans.photo.width_px, height: ans.photo.height_px}, svg);
  el("circle", {cx: b.u_px, cy: b.v_px, r: b.radius_px * CIRCLE_SCALE, class: "crop-ring", "stroke-width": r / 30}, svg);
}
function closePicker() {
  PHOTO.picking = null;
  $("photo-picker").hidden = true;
  delete document.body.dataset.picking;
  drawPhoto();
}
// The picked ball `a` becomes `v`: a ball not set that held v changes places with it (it keeps
// «?»); a number off the table is simply taken.  One step of undo.
function pick(v) {
  const a = PHOTO.picking;
  if (!a || !S.balls[a]) { closePicker(); return; }
  const ids = Object.assign({}, S.photoIds || {});
  if (v !== a) {
    if (S.balls[v]) {
      const p = S.balls[a];
      S.balls[a] = S.balls[v];
      S.balls[v] = p;
      S.unread = S.unread.filter(x => x !== v);
      if (!S.unread.includes(a)) S.unread.push(a);
    } else {
      S.balls[v] = S.balls[a];
      delete S.balls[a];
      S.unread = S.unread.filter(x => x !== a);
    }
    for (const pid of Object.keys(ids)) ids[pid] = ids[pid] === a ? v : ids[pid] === v ? a : ids[pid];
  } else S.unread = S.unread.filter(x => x !== a);
  S.photoIds = ids;
  dropChecks();
  changed();
  selectBall(v);
  if (S.unread.length) openPicker(S.unread[0]);
  else { closePicker(); say(t("photo_all_set")); }
}
// Suggest asks for the numbers first (suggest.js's doSuggest, hook "unreadLeft"): true while any is not set.
function photoUnreadLeft() {
  const left = (S.unread || []).filter(id => S.balls[id]);
  if (!left.length) return false;
  say(t("photo_unread_first", {n: left.length}), "error");
  openPicker(left[0]);
  return true;
}

export function initPhoto() {
  $("file-photo").addEventListener("change", e => photoChosen(e.target));
  $("picker-close").addEventListener("click", closePicker);
  $("photo-hide").addEventListener("click", () => {
    PHOTO.answer = null; PHOTO.corners = null;
    if (document.body.dataset.photo === "corners") document.body.dataset.photo = "refused";
    closePicker();
  });
  $("photo-corners").addEventListener("click", () => {
    if (PHOTO.blob && !S.busy) startCorners(PHOTO.blob.blob, PHOTO.blob.type, false);
  });
  $("photo-svg").addEventListener("click", cornerTap);
  document.addEventListener("wordschange", () => { if (PHOTO.picking) openPicker(PHOTO.picking); else drawPhoto(); });
  // the board's core calls these through the store's hooks (it does not import this panel)
  on("ballsDrawn", photoMarks);
  on("ballTapped", photoTap);
  on("photoDoc", photoDocPlaced);
  on("unreadLeft", photoUnreadLeft);
}

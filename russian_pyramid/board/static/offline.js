// The connection to the club's computer: watched (GET /api/health every few seconds, and the
// browser's own online/offline events); when it is lost a banner says so plainly, and what
// was typed stays -- the position is in the address (#s=...), the Match tab's typed line in
// localStorage until it is sent.  The service worker (sw.js) keeps the page's shell, so the
// board installed on a phone's home screen opens even then.
import {S} from "./store.js";
import {$, api} from "./dom.js";
import {t} from "./i18n.js";
import {aiStatus} from "./lang.js";

const HEALTH_EVERY_MS = 4000;
const HEALTH_TIMEOUT_MS = 3000;
const TYPED_KEY = "pyramid.m-text";

let wasOnline = true;
function setOnline(on) {
  document.body.classList.toggle("no-connection", !on);
  $("offline").hidden = on;
  if (!on) {  // the badge says so too, not "the AI failed"
    $("ai-status").dataset.state = "failed";
    $("ai-status").textContent = t("ai_offline");
  } else if (!wasOnline) {
    pollHealth();  // back: the AI's own state again
  }
  wasOnline = on;
}
async function checkConnection() {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), HEALTH_TIMEOUT_MS);
  try {
    const r = await fetch("/api/health", {cache: "no-store", signal: ctl.signal});
    setOnline(r.ok);
  } catch (e) {
    setOnline(false);
  } finally {
    clearTimeout(timer);
  }
}
function keepTyped() {
  const box = $("m-text");
  try {
    if (!box.value) box.value = localStorage.getItem(TYPED_KEY) || "";
    const save = () => localStorage.setItem(TYPED_KEY, box.value);
    box.addEventListener("input", save);
    // the page clears the line once it is sent: followed within a second
    setInterval(() => { if (localStorage.getItem(TYPED_KEY) !== box.value) save(); }, 1000);
  } catch (e) { /* private mode: nothing kept across a reload */ }
}
// The AI's state (GET /api/health) until it is warm or failed: the badge in the header.
export async function pollHealth() {
  try {
    const h = await api("GET", "/api/health");
    aiStatus(h.ai);
    if (h.ai === "warm" || h.ai === "failed") return;
  } catch (e) {
    // no answer at all is the connection lost, not the AI failed (offline.js says so, and
    // asks the AI's state again once the computer answers)
    if (e.status === undefined) { setOnline(false); return; }
    aiStatus("failed");
  }
  setTimeout(pollHealth, 700);
}

export function initOffline() {
  window.addEventListener("online", checkConnection);
  window.addEventListener("offline", () => setOnline(false));
  keepTyped();
  setInterval(checkConnection, HEALTH_EVERY_MS);
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(() => { /* no shell kept */ });
  }
}

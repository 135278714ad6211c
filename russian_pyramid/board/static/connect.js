// "Phones": how a phone joins the board on the club's network (pyramid board --lan) -- the
// page's address with its token as a QR code (GET /api/qr.svg) and as text -- and who is
// connected (GET /api/connect, refreshed while the dialog is open).  On 127.0.0.1 alone the
// dialog says how to start the board for phones.
import {$, api, clear} from "./dom.js";
import {serverSaid, t} from "./i18n.js";

const CONNECT_REFRESH_MS = 3000;
let connectTimer = null;

function agentName(ua) {  // a short name of the browser and system, from the User-Agent
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" :
    /Windows/.test(ua) ? "Windows" : /Mac OS/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
  const br = /Firefox\//.test(ua) ? "Firefox" : /Edg\//.test(ua) ? "Edge" :
    /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : ua.slice(0, 24);
  return [br, os].filter(Boolean).join(", ");
}
async function refreshConnect() {
  let c;
  try { c = await api("GET", "/api/connect"); } catch (e) { $("connect-note").replaceChildren(serverSaid("server_error", e)); return; }
  $("connect-qr").hidden = !c.lan;
  $("connect-url").hidden = !c.lan;
  if (c.lan) {
    if (!$("connect-qr").getAttribute("src")) $("connect-qr").src = "/api/qr.svg";
    $("connect-url").textContent = c.url;
  }
  $("connect-note").textContent = c.lan ? t("connect_scan") : t("connect_local_only");
  if (!c.lan) {  // the command is typed as it is: in a fold, under the sentence that says why
    const fold = document.createElement("details"), summary = document.createElement("summary");
    const code = document.createElement("code");
    summary.textContent = t("connect_command"); code.textContent = "pyramid board --lan";
    fold.append(summary, code);
    $("connect-note").append(" ", fold);
  }
  const ul = $("connect-who");
  clear(ul);
  for (const v of c.visitors) {
    const li = document.createElement("li");
    const you = v.address === c.you ? " — " + t("connect_you") : "";
    li.textContent = `${v.address} · ${agentName(v.agent)} · ${t("connect_seen", {s: Math.round(v.seen_s_ago)})}${you}`;
    ul.appendChild(li);
  }
}
function openConnect() {
  $("connect").hidden = false;
  refreshConnect();
  clearInterval(connectTimer);
  connectTimer = setInterval(refreshConnect, CONNECT_REFRESH_MS);
}
function closeConnect() {
  $("connect").hidden = true;
  clearInterval(connectTimer);
  connectTimer = null;
}
export function initConnect() {
  $("btn-connect").addEventListener("click", openConnect);
  $("connect-close").addEventListener("click", closeConnect);
}

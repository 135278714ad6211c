// The Match tab's kept matches and its one question (issue 54, a match nothing can lose): the
// matches the server keeps in its data folder (GET /api/match/list), each opened again
// (POST /api/match/open); the players' names remembered, offered by the start form; and
// mConfirm, the question a line that cannot be taken back by a tap asks once.
import {$, api} from "./dom.js";
import {serverSaid, t} from "./i18n.js";

// the question, answered «Да» or «Нет» (Escape, a tap on «Нет»: no)
export function mConfirm(text) {
  const box = $("m-confirm");
  $("m-confirm-text").textContent = text;
  return new Promise(resolve => {
    const done = yes => {
      box.removeEventListener("cancel", no);
      $("m-confirm-yes").onclick = $("m-confirm-no").onclick = null;
      if (box.open) box.close();
      resolve(yes);
    };
    const no = e => { e.preventDefault(); done(false); };
    box.addEventListener("cancel", no);
    $("m-confirm-yes").onclick = () => done(true);
    $("m-confirm-no").onclick = () => done(false);
    box.showModal();
    $("m-confirm-no").focus();
  });
}

// a kept match in a line: its date, players and scores, its game, whether it goes on
function matchLine(m) {
  if (m.damaged) return `${m.id}: ${t("match_damaged")}`;
  const score = m.people.length === m.scores.length
    ? m.people.map((p, k) => `${p} ${m.scores[k]}`).join(" — ") : m.people.join(", ");
  return [m.date, score, t("match_game_of", {game: m.game, games: m.games}),
          m.current ? t("match_current") : m.over ? t("match_game_over") : t("match_game_on")]
    .join(" · ");
}

// the form's names: the datalist of the players remembered; empty fields get the latest two
function offerNames(players) {
  const list = $("m-people");
  list.textContent = "";
  players.forEach(p => { const o = document.createElement("option"); o.value = p; list.appendChild(o); });
  ["m-p1", "m-p2"].forEach((id, k) => {
    if (!$(id).value) $(id).value = players[k] || t("m_name" + (k + 1));
    $(id).dispatchEvent(new Event("input"));
  });
}

// the list under the form: ``match`` is the tab's state ({status}); ``opened(status)`` shows
// a match opened again (asked first while another runs: it is kept)
export async function openList(match, opened) {
  let doc;
  try { doc = await api("GET", "/api/match/list"); }
  catch (e) { offerNames([]); return; }
  offerNames(doc.players || []);
  const ol = $("m-list");
  ol.textContent = "";
  $("m-list-box").hidden = !doc.matches.length;
  for (const m of doc.matches) {
    const li = document.createElement("li"), span = document.createElement("span");
    span.textContent = matchLine(m);
    li.appendChild(span);
    if (!m.damaged && !m.current) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = t("match_open"); b.dataset.id = m.id;
      b.addEventListener("click", async () => {
        const running = match.status && match.status.active;
        if (running && !(await mConfirm(t("match_confirm_open")))) return;
        try { opened(await api("POST", "/api/match/open", {id: m.id})); }
        catch (e) { $("m-setup-out").hidden = false; $("m-setup-out").replaceChildren(serverSaid("refused", e)); }
      });
      li.appendChild(b);
    }
    ol.appendChild(li);
  }
}

// The page's language switched (the RU/EN buttons): the other catalog loaded first, then
// everything shown said again in it; and the AI's badge, in the page's words.
import {S} from "./store.js";
import {$, say} from "./dom.js";
import {applyI18n, loadWords, serverSaid, t, useLanguage} from "./i18n.js";
import {renderScores} from "./state.js";
import {renderSuggestions} from "./suggest.js";
import {renderAdvice} from "./advice.js";
import {showStroke} from "./viewer.js";
export async function setLang(lang) {
  try { await loadWords(lang); } catch (e) { say(serverSaid("server_error", e), "error"); return; }
  useLanguage(lang);
  say("");  // a message in the other language is stale
  try { localStorage.setItem("pyramid.lang", lang); } catch (e) { /* private mode */ }
  applyI18n();
  document.querySelectorAll(".langbtn").forEach(b => b.classList.toggle("active", b.dataset.lang === lang));
  renderScores();
  if (S.mode === "edit" && S.selected >= 0) { renderSuggestions(); renderAdvice(S.suggestions[S.selected], S.selected); }
  else renderSuggestions();
  if (S.mode === "viewer") showStroke();
  aiStatus(S.aiState);
}
export function aiStatus(state) {
  S.aiState = state || "cold";
  const e = $("ai-status");
  e.dataset.state = S.aiState;
  e.textContent = t("ai_" + (["cold", "warming", "warm", "failed"].includes(S.aiState) ? S.aiState : "cold"));
}

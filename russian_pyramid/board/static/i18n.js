// The page's words: t(key, {name: value}) from the product's one vocabulary, the message
// catalog of each language (engine/locale/<lang>.json), fetched from GET /api/words/<lang>.
// The page's own words are the catalog's "board.*" keys and are called here without the
// prefix (t("house") is board.house); the words the page shares with the AI's advice (how a
// ball is pocketed, ball fractions, speeds) are the advice's keys, so that each thing
// has one word everywhere (SHARED below); a key with a dot is a catalog key as it is.
// The page is shown once the catalog of its language is in (loadWords; no flash of keys or
// of another language), and a switch of language fetches the other before it re-renders.

export const LANGS = ["ru", "en"];
export const WORDS = {};  // lang -> catalog (a flat {key: text})
const LOADING = {};  // lang -> the promise of its catalog
const MISSING = new Set();  // keys asked for and not found (a test checks none is)

// page key -> catalog key, for the words the page says as the advice does
const SHARED = {};
["clean", "bank", "kiss", "carom", "cushion-first", "combination"].forEach(m => {
  SHARED["m_" + m] = "advice.manner." + m; });
["full", "three-quarter", "half", "quarter", "eighth", "thin"].forEach(f => {
  SHARED["fr_" + f] = "advice.fraction." + f; });
["very-soft", "soft", "medium", "firm", "hard"].forEach(s => {
  SHARED["sp_" + s.replace("-", "_")] = "advice.speed." + s; });

export function pickLanguage() {
  const saved = (() => { try { return localStorage.getItem("pyramid.lang"); } catch (e) { return null; } })();
  if (LANGS.includes(saved)) return saved;
  const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const l of langs) {
    const k = String(l).toLowerCase();
    if (k.startsWith("ru") || k.startsWith("uk") || k.startsWith("be")) return "ru";
    if (k.startsWith("en")) return "en";
  }
  return "en";
}

export let LANG = pickLanguage();
export function useLanguage(lang) { LANG = lang; }  // the page's language switched (main.js's setLang)

// The catalog of `lang`, fetched once (the promise is kept: a second call waits for the same).
export function loadWords(lang) {
  const embedded = window.PYRAMID_REVIEW && window.PYRAMID_REVIEW.words;  // pyramid analyze --html
  if (embedded) {
    if (!embedded[lang]) return Promise.reject(new Error("no words for " + lang));
    WORDS[lang] = embedded[lang];
    return Promise.resolve(WORDS[lang]);
  }
  if (!LOADING[lang]) {
    LOADING[lang] = fetch("/api/words/" + encodeURIComponent(lang))
      .then(r => { if (!r.ok) throw new Error("GET /api/words/" + lang + ": " + r.status); return r.json(); })
      .then(words => { WORDS[lang] = words; return words; })
      .catch(e => { delete LOADING[lang]; throw e; });
  }
  return LOADING[lang];
}
loadWords(LANG).catch(() => {});  // started as the script loads; the boot awaits it

function catalogKey(key) {
  if (key.includes(".")) return key;
  return SHARED[key] || "board." + key;
}

export function t(key, params) {
  const words = WORDS[LANG] || {};
  let s = words[catalogKey(key)];
  if (s === undefined) { MISSING.add(LANG + ":" + key); return key; }
  if (params) for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(String(v));
  return s;
}

// Numbers as the language writes them (decimal comma in Russian: advice.decimal_mark).
export function num(x, digits) {
  return Number(x).toFixed(digits).replace(".", t("advice.decimal_mark"));
}

// A count with its noun in the right plural form: the catalog's <key>.one/.few/.many, each a
// text with {n} (engine.words.count_words, the same rule as engine.words.plural_form):
// countWords("words.strokes", 163) is «163 удара» in Russian; every count a player reads.
function pluralForm(n) {
  n = Math.abs(Math.trunc(n));
  if (LANG !== "ru") return n === 1 ? "one" : "many";
  if (n % 10 === 1 && n % 100 !== 11) return "one";
  if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return "few";
  return "many";
}
export function countWords(key, n) { return t(key + "." + pluralForm(n), {n}); }
export function timesWords(n) { return countWords("words.times", n); }
// Whether the catalog has a word for `key` (a name that may have none: a shipped position's).
export function hasWord(key) { return (WORDS[LANG] || {})[catalogKey(key)] !== undefined; }

// A text of the rules' session (a ruling, the status) without its rule ids, for a player's
// page: "[R7.2, R7.1a]" and "(R3.1)" left out, "R11.8: " at a line's start too; the text with
// them goes to a fold (foldRules), the JSON keeps them.
const RULE_LIST = /\s*\[R\d[^\]]*\]/g;
const RULE_PAREN = /\s*\(R\d(?:[^()]|\([^()]*\))*\)/g;
const RULE_HEAD = /(^|\n)R\d[\w.]*(?:\(\d\))?:\s*/g;
export function withoutRuleIds(text) {
  return String(text).replace(RULE_LIST, "").replace(RULE_PAREN, "").replace(RULE_HEAD, "$1");
}
// `text` shown in `out` without its rule ids; the whole text in a <details> fold after it
// (made once, «Правила»), shown only when the text cites a rule.
export function foldRules(out, text) {
  out.textContent = withoutRuleIds(text);
  let fold = document.getElementById(out.id + "-rules");
  if (!fold) {
    fold = document.createElement("details");
    fold.id = out.id + "-rules"; fold.className = "rules-fold";
    fold.append(document.createElement("summary"), document.createElement("pre"));
    out.after(fold);
  }
  fold.querySelector("summary").textContent = t("rules");
  fold.querySelector("pre").textContent = text;
  fold.hidden = out.hidden || out.textContent === String(text);
}

// A text the server (or a file, a link) wrote -- an error, a refusal: the engine's English --
// said to a player: `lead` is the sentence's catalog key, with {why}.  In English the text is
// said as it is; in another language, when it has Latin letters, {why} is said in the page's
// words -- what the answer's status says (serverReason) -- and the text itself sits in a
// <details> fold («Подробности»), as the rule ids do (foldRules).  `known`: what the caller
// read from the answer's data (a refusal's reason and balls, in the page's words), said
// instead in every language, without a fold.  `e`: an Error of dom.js's
// api() (its .status, .data) or a text.  A <span>, for say(), or an element's replaceChildren.
const LATIN = /[A-Za-z]/;
export function serverSaid(lead, e, known) {
  const text = typeof e === "string" ? e : String((e && e.message) || "");
  const out = document.createElement("span");
  const folded = !known && LANG !== "en" && LATIN.test(text);
  out.append(t(lead, {why: known || (folded ? serverReason(e) : text)}));
  if (folded) {
    const fold = document.createElement("details"), summary = document.createElement("summary");
    fold.className = "server-text";
    summary.textContent = t("details");
    fold.append(summary, text);
    out.append(" ", fold);
  }
  return out;
}
// What the server's answer says, by its status and data (russian_pyramid/board/server.py's
// handlers); a text of the page itself (a file, a link read by the page) has no status.
function serverReason(e) {
  const status = e && e.status, data = (e && e.data) || {};
  if (!status) return t(e instanceof TypeError ? "srv_offline" : "srv_unreadable");
  if (data.retry_after_s !== undefined) return t("srv_busy", {s: data.retry_after_s});
  if (status === 409 && data.scorer) return t("srv_scorer", {who: data.scorer});
  if (status === 408) return t("srv_slow");
  if (status === 413) return t("srv_too_large");
  if (status === 501) return t("srv_missing_extra");
  if (status === 507) return t("srv_not_written");
  return t(status >= 500 ? "srv_failed" : "srv_not_accepted");
}

// A pocket as the notation names it in the page's language (notation.pocket.<id>: ДЛ, FL).
export function pocketName(id) { return t("notation.pocket." + id); }

// The document's title: the tab's name (the header's) and the product's.
export function pageTitle(name) { return `${name} — ${t("app_name")}`; }

export function applyI18n(root) {
  (root || document).querySelectorAll("[data-i18n]").forEach(el => { el.textContent = t(el.dataset.i18n); });
  (root || document).querySelectorAll("[data-i18n-title]").forEach(el => {  // a button drawn as a sign
    el.title = t(el.dataset.i18nTitle); el.setAttribute("aria-label", el.title); });
  (root || document).querySelectorAll("[data-i18n-aria]").forEach(el => {  // what a screen reader says
    el.setAttribute("aria-label", t(el.dataset.i18nAria)); });
  (root || document).querySelectorAll("[data-i18n-alt]").forEach(el => { el.alt = t(el.dataset.i18nAlt); });
  document.documentElement.lang = LANG;
  const h1 = document.querySelector("header h1");  // it names the tab shown (viewer.js's setMode)
  document.title = pageTitle(h1 && h1.dataset.i18n ? t(h1.dataset.i18n) : t("title"));
  document.documentElement.dataset.words = LANG;  // the page is shown (index.html's style)
  document.dispatchEvent(new Event("wordschange"));
}

window.missingWords = MISSING;

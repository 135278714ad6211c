// Every label and message of the page, in Russian and English.  t(key, {name: value}).
"use strict";
const I18N = {
  ru: {
    title: "Доска анализа — русская пирамида",
    tab_edit: "Позиция", tab_viewer: "Партия",
    tab_match: "Матч", m_title: "Счёт матча", m_player1: "Игрок 1", m_player2: "Игрок 2",
    m_player3: "Игрок 3 (для троих)", m_games: "Партий в матче", m_start: "Начать матч",
    m_ball: "Шар", m_pocket: "Луза", m_not_potted: "не забит", m_also: "+ ещё шар",
    m_first: "первым…", m_wrong: "не так", m_unchanged: "= шары на местах",
    m_cue_in: "+ биток в лузу", m_miss: "промах", m_tush: "туш", m_touch: "фол: касание",
    m_undo: "отмена", m_warning: "предупреждение", m_new_game: "новая партия",
    m_replay: "переигровка шара", m_clear: "×", m_send: "Записать",
    m_download: "Скачать запись", m_record_at: "Запись: {path}",
    rack: "Пирамида", empty: "Пустой стол", shipped_positions: "Готовые позиции…",
    load_file: "Открыть файл…", save_file: "Сохранить", copy_link: "Ссылка",
    game_state: "Состояние партии", variant: "Вариант", v_two: "двое",
    v_three: "трое, каждый за себя", v_pair: "один против пары",
    call_mode: "Заказ", cm_exact: "точный (R5.1)", cm_bp: "шар и луза (R5.2)",
    target: "До очков", cue_in_hand: "Биток с руки",
    player: "Игрок {p}", to_move: "ходит", score: "очки",
    pair_single: "Одиночка", pair_pair: "Пара",
    scores_ok: "Очки сходятся: {sum} = шары вне стола ({off}).",
    scores_bad: "Очки не сходятся: сумма {sum}, а шары вне стола стоят {off}.",
    ai: "Совет ИИ", skill: "Уровень", budget: "Поиск, проб", top: "Ударов",
    sk_perfect: "идеальный", sk_master: "мастер", sk_strong: "сильный", sk_club: "клубный",
    sk_beginner: "новичок",
    suggest: "Подсказать удар", thinking: "ИИ думает… {t} с (пробных ударов: {n})",
    answered: "Ответ за {t} с (пробных ударов: {n}, зерно {seed}); та же позиция с теми же настройками даёт тот же совет.",
    pwin: "шанс победы", success: "успех", foul: "фол", exp_points: "ожид. очки",
    attack: "Атака", safety: "Отыгрыш", "deliberate-foul": "Намеренный фол",
    foul_tush: "туш", "foul_pocket-own-ball": "свой шар в лузу", foul_miss: "промах",
    ball_in: "шар {b} в {p}",
    P_NL: "ближнюю левую", P_NR: "ближнюю правую", P_ML: "левую среднюю", P_MR: "правую среднюю",
    P_FL: "дальнюю левую", P_FR: "дальнюю правую",
    m_clean: "чисто", m_bank: "дуплетом", m_kiss: "с касанием", m_carom: "карамболем",
    "m_cushion-first": "битком от борта", m_combination: "комбинацией",
    f_cut: "Резка", f_speed: "Сила", f_tip: "Кий", f_elev: "Наклон кия", f_place: "С руки",
    f_stop: "Биток встанет", f_aim: "Направление", f_falls: "Упадут",
    cut_left: "влево", cut_right: "вправо", cut_straight: "прямо",
    cut_value: "{side}, {frac} ({f} шара, {a}°)", cut_value_straight: "прямо, {frac}",
    fr_full: "в лоб (полный шар)", "fr_three-quarter": "в 3/4 шара", fr_half: "в полшара",
    fr_quarter: "в 1/4 шара", fr_eighth: "в 1/8 шара", fr_thin: "очень тонко",
    sp_very_soft: "очень слабо", sp_soft: "слабо", sp_medium: "средне", sp_firm: "сильно",
    sp_hard: "очень сильно",
    speed_value: "{w}: один биток прокатился бы {n} длины стола ({v} м/с)",
    spin_follow: "накат", spin_little_follow: "немного наката", spin_draw: "оттяжка",
    spin_little_draw: "немного оттяжки", spin_stun: "без вращения", spin_right: "правый винт",
    spin_left: "левый винт",
    tip_centre: "в центр (без вращения)", tip_above: "{v} R выше центра",
    tip_below: "{v} R ниже центра", tip_right: "{s} R правее", tip_left: "{s} R левее",
    elev_level: "горизонтально", elev_value: "{e}°",
    diamonds: "{a} ромба от борта дома, {b} от {rail} борта",
    rail_right: "правого", rail_left: "левого", falls_cue: "биток в лузу!",
    nothing: "ничего",
    play_out: "Сыграть", try_noise: "С моим разбросом",
    noise_summary: "{n} попыток с разбросом «{skill}»: заказанный шар упал {k} раз из {n}{cue}.",
    noise_cue: ", биток упал {c} раз",
    tush_on_table: "туш", place_here: "сюда",
    refused: "Нельзя: {why}", refused_overlap: "{a} налезает на {b}",
    refused_cushion: "{a} в борту или в лузе — нужно место на сукне",
    ball_name: "шар {b}", cue_name: "биток",
    placed: "{ball}: {x}; {y} м", removed: "{ball} убран со стола",
    link_copied: "Ссылка на позицию скопирована.", link_shown: "Ссылка на позицию ниже.",
    saved: "Позиция сохранена в файл.", loaded: "Позиция загружена.",
    bad_file: "Не удалось прочитать файл: {why}",
    ai_cold: "ИИ готовится…", ai_warming: "ИИ разогревается…", ai_warm: "ИИ готов",
    ai_failed: "ИИ не запустился", server_error: "Ошибка: {why}",
    game_viewer: "Просмотр партии", load_record: "Открыть запись партии (.jsonl)…",
    load_analysis: "Разбор (pyramid analyze --json)…",
    stroke_no: "Удар {k} из {n}", no_record: "Откройте запись партии: pyramid play --record ФАЙЛ.jsonl",
    v_player: "Игрок", v_call: "Заказ", v_pocketed: "Упали", v_fouls: "Фолы", v_points: "Очки",
    v_scores: "Счёт после", v_mark: "Оценка", v_best: "Лучше было", v_no_call: "без заказа",
    v_tush: "туш", mark_ok: "хорошо", mark_q: "? ошибка", mark_qq: "?? грубая ошибка",
    v_loss: "потеря {l}", set_up: "Поставить эту позицию",
    record_loaded: "Партия: {n} ударов, {players}.", analysis_loaded: "Разбор загружен: {n} ударов.",
    result_winner: "победил игрок {p}", result_draw: "ничья", result_none: "не окончена",
    house: "дом", tray: "шары вне стола",
  },
  en: {
    title: "Analysis board — Russian pyramid",
    tab_edit: "Position", tab_viewer: "Game",
    tab_match: "Match", m_title: "Match score", m_player1: "Player 1", m_player2: "Player 2",
    m_player3: "Player 3 (three players)", m_games: "Games in the match", m_start: "Start the match",
    m_ball: "Ball", m_pocket: "Pocket", m_not_potted: "not pocketed", m_also: "+ another ball",
    m_first: "first…", m_wrong: "not as called", m_unchanged: "= balls unchanged",
    m_cue_in: "+ cue ball in", m_miss: "miss", m_tush: "tush", m_touch: "foul: touch",
    m_undo: "undo", m_warning: "warning", m_new_game: "new game",
    m_replay: "last-ball replay", m_clear: "×", m_send: "Enter",
    m_download: "Download the record", m_record_at: "Record: {path}",
    rack: "Rack", empty: "Empty table", shipped_positions: "Shipped positions…",
    load_file: "Open file…", save_file: "Save", copy_link: "Link",
    game_state: "Game state", variant: "Variant", v_two: "two players",
    v_three: "three, each for himself", v_pair: "one against a pair",
    call_mode: "Calls", cm_exact: "exact (R5.1)", cm_bp: "ball and pocket (R5.2)",
    target: "Target", cue_in_hand: "Cue ball in hand",
    player: "Player {p}", to_move: "to move", score: "score",
    pair_single: "Single", pair_pair: "Pair",
    scores_ok: "Scores add up: {sum} = the balls off the table ({off}).",
    scores_bad: "Scores do not add up: they sum to {sum}, the balls off the table are worth {off}.",
    ai: "AI advice", skill: "Skill", budget: "Search, samples", top: "Strokes",
    sk_perfect: "perfect", sk_master: "master", sk_strong: "strong", sk_club: "club",
    sk_beginner: "beginner",
    suggest: "Suggest", thinking: "The AI is thinking… {t} s ({n} samples)",
    answered: "Answered in {t} s ({n} samples, seed {seed}); the same position with the same settings gives the same advice.",
    pwin: "P(win)", success: "success", foul: "foul", exp_points: "exp. points",
    attack: "Attack", safety: "Safety", "deliberate-foul": "Deliberate foul",
    foul_tush: "tush", "foul_pocket-own-ball": "own ball in a pocket", foul_miss: "miss",
    ball_in: "ball {b} in {p}",
    P_NL: "near left", P_NR: "near right", P_ML: "left middle", P_MR: "right middle",
    P_FL: "far left", P_FR: "far right",
    m_clean: "clean", m_bank: "bank", m_kiss: "kiss", m_carom: "carom",
    "m_cushion-first": "cue ball off a cushion first", m_combination: "combination",
    f_cut: "Cut", f_speed: "Speed", f_tip: "Tip", f_elev: "Cue elevation", f_place: "From hand",
    f_stop: "Cue ball stops", f_aim: "Direction", f_falls: "Falls",
    cut_left: "cut left", cut_right: "cut right", cut_straight: "straight",
    cut_value: "{side}, {frac} ({f} ball, {a}°)", cut_value_straight: "straight in, {frac}",
    fr_full: "full ball", "fr_three-quarter": "3/4 ball", fr_half: "half ball",
    fr_quarter: "1/4 ball", fr_eighth: "1/8 ball", fr_thin: "very thin",
    sp_very_soft: "very soft", sp_soft: "soft", sp_medium: "medium", sp_firm: "firm",
    sp_hard: "hard",
    speed_value: "{w}: alone the cue ball would roll {n} table lengths ({v} m/s)",
    spin_follow: "follow", spin_little_follow: "a little follow", spin_draw: "draw",
    spin_little_draw: "a little draw", spin_stun: "stun", spin_right: "right side",
    spin_left: "left side",
    tip_centre: "at centre (stun)", tip_above: "{v} R above centre",
    tip_below: "{v} R below centre", tip_right: "{s} R right", tip_left: "{s} R left",
    elev_level: "level", elev_value: "{e}°",
    diamonds: "{a} diamonds up from the house cushion, {b} from the {rail} cushion",
    rail_right: "right", rail_left: "left", falls_cue: "the cue ball falls!",
    nothing: "nothing",
    play_out: "Play it out", try_noise: "Try it with my noise",
    noise_summary: "{n} tries with “{skill}” noise: the called ball fell {k} times of {n}{cue}.",
    noise_cue: ", the cue ball fell {c} times",
    tush_on_table: "tush", place_here: "here",
    refused: "Refused: {why}", refused_overlap: "{a} overlaps {b}",
    refused_cushion: "{a} is in a cushion or a pocket — it needs a place on the cloth",
    ball_name: "ball {b}", cue_name: "the cue ball",
    placed: "{ball}: {x}, {y} m", removed: "{ball} taken off the table",
    link_copied: "Link to the position copied.", link_shown: "The link to the position is below.",
    saved: "Position saved to a file.", loaded: "Position loaded.",
    bad_file: "Could not read the file: {why}",
    ai_cold: "AI getting ready…", ai_warming: "AI warming up…", ai_warm: "AI ready",
    ai_failed: "AI failed to start", server_error: "Error: {why}",
    game_viewer: "Game viewer", load_record: "Open a game record (.jsonl)…",
    load_analysis: "Analysis (pyramid analyze --json)…",
    stroke_no: "Stroke {k} of {n}", no_record: "Open a game record: pyramid play --record FILE.jsonl",
    v_player: "Player", v_call: "Call", v_pocketed: "Fell", v_fouls: "Fouls", v_points: "Points",
    v_scores: "Score after", v_mark: "Mark", v_best: "Better was", v_no_call: "no call",
    v_tush: "tush", mark_ok: "good", mark_q: "? mistake", mark_qq: "?? blunder",
    v_loss: "loss {l}", set_up: "Set up this position",
    record_loaded: "Game: {n} strokes, {players}.", analysis_loaded: "Analysis loaded: {n} strokes.",
    result_winner: "player {p} won", result_draw: "a draw", result_none: "unfinished",
    house: "house", tray: "balls off the table",
  },
};

let LANG = "ru";

function pickLanguage() {
  const saved = (() => { try { return localStorage.getItem("pyramid.lang"); } catch (e) { return null; } })();
  if (saved === "ru" || saved === "en") return saved;
  const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const l of langs) {
    const k = String(l).toLowerCase();
    if (k.startsWith("ru") || k.startsWith("uk") || k.startsWith("be")) return "ru";
    if (k.startsWith("en")) return "en";
  }
  return "en";
}

function t(key, params) {
  let s = (I18N[LANG] && I18N[LANG][key]);
  if (s === undefined) s = I18N.en[key];
  if (s === undefined) return key;
  if (params) for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(String(v));
  return s;
}

// Numbers as the language writes them (decimal comma in Russian).
function num(x, digits) {
  const s = Number(x).toFixed(digits);
  return LANG === "ru" ? s.replace(".", ",") : s;
}

function applyI18n(root) {
  (root || document).querySelectorAll("[data-i18n]").forEach(el => { el.textContent = t(el.dataset.i18n); });
  document.documentElement.lang = LANG;
  document.title = t("title");
}

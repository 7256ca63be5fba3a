"""Words for the pages in English, Traditional and Simplified Chinese.

Card names come from the engine's card data when it is importable; the small tables here
only cover a hub running without it. Event sentences come from the voice narrator when
present (so the page says what the table says aloud), else from the templates below.
"""

from __future__ import annotations

import string
from typing import Any, Callable, Mapping

LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")
SPEECH_LANGS: dict[str, str] = {"en": "en-GB", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}

_FALLBACK_CHARACTERS: dict[str, tuple[str, str, str]] = {
    "assassin": ("Assassin", "刺客", "刺客"),
    "thief": ("Thief", "盜賊", "盗贼"),
    "magician": ("Magician", "魔術師", "魔术师"),
    "king": ("King", "國王", "国王"),
    "bishop": ("Bishop", "主教", "主教"),
    "merchant": ("Merchant", "商人", "商人"),
    "architect": ("Architect", "建築師", "建筑师"),
    "warlord": ("Warlord", "軍閥", "军阀"),
}

DISTRICT_TYPES: dict[str, tuple[str, str, str]] = {
    "noble": ("Noble", "貴族", "贵族"),
    "religious": ("Religious", "宗教", "宗教"),
    "trade": ("Trade", "商業", "商业"),
    "military": ("Military", "軍事", "军事"),
    "unique": ("Unique", "特殊", "特殊"),
}

UI: dict[str, tuple[str, str, str]] = {
    "title": ("Citadels", "富饒之城", "富饶之城"),
    "round": ("Round", "回合", "回合"),
    "phase": ("Phase", "階段", "阶段"),
    "phase_setup": ("Waiting for a game", "等待開局", "等待开局"),
    "phase_draft": ("Choosing characters", "選角色", "选角色"),
    "phase_turns": ("Turns", "行動", "行动"),
    "phase_over": ("Game over", "遊戲結束", "游戏结束"),
    "calling": ("Calling", "正在呼叫", "正在呼叫"),
    "removed": ("Removed face up", "正面移除", "正面移除"),
    "gold": ("Gold", "金幣", "金币"),
    "cards": ("Cards", "手牌", "手牌"),
    "city": ("City", "城市", "城市"),
    "crown": ("Crown", "王冠", "王冠"),
    "killed": ("Killed", "被刺殺", "被刺杀"),
    "robbed": ("Robbed", "被偷竊", "被偷窃"),
    "online": ("reader online", "讀卡器在線", "读卡器在线"),
    "offline": ("reader offline", "讀卡器離線", "读卡器离线"),
    "recent": ("Recent", "最近", "最近"),
    "deck": ("Deck", "牌堆", "牌堆"),
    "complete": ("City complete", "城市完成", "城市完成"),
    "paused": ("Paused", "已暫停", "已暂停"),
    "live": ("Live", "即時", "实时"),
    "reconnecting": ("Reconnecting…", "重新連線中…", "重新连接中…"),
    "speak": ("Speak", "朗讀", "朗读"),
    "language": ("Language", "語言", "语言"),
    "winner": ("Winner", "勝者", "胜者"),
    "tiebreak": ("decided by tie-break", "由平手規則決定", "由平局规则决定"),
    "score": ("Score", "分數", "分数"),
    "districts": ("Districts", "建築", "建筑"),
    "all_types": ("All five types", "五種類型", "五种类型"),
    "completion": ("Completion", "完成城市", "完成城市"),
    "uniques": ("Special districts", "特殊建築", "特殊建筑"),
    "total": ("Total", "總分", "总分"),
    "seat": ("Seat", "座位", "座位"),
    "you": ("You", "你", "你"),
    "your_hand": ("Your hand", "你的手牌", "你的手牌"),
    "your_characters": ("Your characters", "你的角色", "你的角色"),
    "your_choice": ("Your choice", "輪到你選擇", "轮到你选择"),
    "waiting": ("Waiting for", "等待", "等待"),
    "no_choice": ("Nothing to choose right now.", "現在不需要選擇。", "现在不需要选择。"),
    "offered": ("Offered to you", "可選角色", "可选角色"),
    "hand_unknown": ("cards not yet read", "張未讀取的牌", "张未读取的牌"),
    "sent": ("Sent", "已送出", "已发送"),
    "refused": ("Refused", "被拒絕", "被拒绝"),
    "scoreboard": ("Scoreboard", "記分板", "记分板"),
}

# Words for the verbs of an action, so a button reads "Pick Thief" rather than "2 pick thief".
VERBS: dict[str, tuple[str, str, str]] = {
    "faceup": ("Face up", "正面移除", "正面移除"),
    "pick": ("Pick", "選擇", "选择"),
    "discard": ("Discard", "蓋牌移除", "盖牌移除"),
    "gold": ("Take 2 gold", "拿兩枚金幣", "拿两枚金币"),
    "draw": ("Draw cards", "抽牌", "抽牌"),
    "build": ("Build", "建造", "建造"),
    "tax": ("Collect taxes", "收稅", "收税"),
    "kill": ("Kill", "刺殺", "刺杀"),
    "rob": ("Rob", "偷竊", "偷窃"),
    "swap": ("Swap hands with", "交換手牌：", "交换手牌："),
    "redraw": ("Redraw", "換牌", "换牌"),
    "destroy": ("Destroy", "摧毀", "摧毁"),
    "lab": ("Laboratory", "實驗室", "实验室"),
    "smithy": ("Smithy", "鐵匠鋪", "铁匠铺"),
    "museum": ("Museum", "博物館", "博物馆"),
    "end": ("End turn", "結束回合", "结束回合"),
    "keep": ("Keep", "保留", "保留"),
    "toss": ("Toss", "丟棄", "丢弃"),
    "done": ("Done", "完成", "完成"),
    "graveyard": ("Graveyard", "墓地", "墓地"),
    "take": ("take", "拿回", "拿回"),
    "pass": ("pass", "放棄", "放弃"),
}

_EVENT_TEMPLATES: dict[str, tuple[str, str, str]] = {
    "round_started": (
        "Round {round} begins; {crowned} holds the crown.",
        "第 {round} 回合開始，{crowned} 持有王冠。",
        "第 {round} 回合开始，{crowned} 持有王冠。",
    ),
    "faceup_removed": ("Removed face up: {characters}.", "正面移除：{characters}。", "正面移除：{characters}。"),
    "draft_turn": ("{seat} is choosing a character.", "{seat} 正在選角色。", "{seat} 正在选角色。"),
    "picked": ("{seat} picked a character.", "{seat} 選了角色。", "{seat} 选了角色。"),
    "called": ("Calling the {character}.", "呼叫{character}。", "呼叫{character}。"),
    "no_answer": ("Nobody answers for the {character}.", "{character}沒有回應。", "{character}没有回应。"),
    "revealed": ("{seat} is the {character}.", "{seat} 是{character}。", "{seat} 是{character}。"),
    "killed": ("The {character} has been killed.", "{character}被刺殺了。", "{character}被刺杀了。"),
    "robbed_named": ("The Thief targets the {character}.", "盜賊盯上了{character}。", "盗贼盯上了{character}。"),
    "robbery": (
        "{thief_seat} takes {amount} gold from {victim_seat}.",
        "{thief_seat} 從 {victim_seat} 拿走 {amount} 枚金幣。",
        "{thief_seat} 从 {victim_seat} 拿走 {amount} 枚金币。",
    ),
    "crown": ("{seat} takes the crown.", "{seat} 拿到王冠。", "{seat} 拿到王冠。"),
    "gold": ("{seat}: {delta} gold ({reason}).", "{seat}：金幣 {delta}（{reason}）。", "{seat}：金币 {delta}（{reason}）。"),
    "cards": ("{seat}: {delta} cards ({reason}).", "{seat}：手牌 {delta}（{reason}）。", "{seat}：手牌 {delta}（{reason}）。"),
    "instruct": ("{seat}: {text_key} {n}.", "{seat}：{text_key} {n}。", "{seat}：{text_key} {n}。"),
    "built": ("{seat} builds the {district}.", "{seat} 建造了{district}。", "{seat} 建造了{district}。"),
    "destroyed": (
        "{warlord_seat} destroys the {district} of {seat}.",
        "{warlord_seat} 摧毀了 {seat} 的{district}。",
        "{warlord_seat} 摧毁了 {seat} 的{district}。",
    ),
    "graveyard_taken": (
        "{seat} takes the {district} from the Graveyard.",
        "{seat} 從墓地拿回{district}。",
        "{seat} 从墓地拿回{district}。",
    ),
    "swapped": ("{seat} swaps hands with {other}.", "{seat} 與 {other} 交換手牌。", "{seat} 与 {other} 交换手牌。"),
    "completed": ("{seat} completes a city!", "{seat} 完成了城市！", "{seat} 完成了城市！"),
    "turn_ended": ("{seat} ends the turn of the {character}.", "{seat} 結束{character}的回合。", "{seat} 结束{character}的回合。"),
    "round_ended": ("Round {round} ends.", "第 {round} 回合結束。", "第 {round} 回合结束。"),
    "game_over": ("Game over: {winner} wins!", "遊戲結束：{winner} 獲勝！", "游戏结束：{winner} 获胜！"),
    "paused": ("Game paused: {reason}", "遊戲暫停：{reason}", "游戏暂停：{reason}"),
    "resumed": ("Game resumed.", "遊戲繼續。", "游戏继续。"),
    "voided": ("Correction: last action voided ({reason}).", "更正：撤銷上一步（{reason}）。", "更正：撤销上一步（{reason}）。"),
    "gold_adjusted": (
        "Correction: {seat} {delta} gold ({reason}).",
        "更正：{seat} 金幣 {delta}（{reason}）。",
        "更正：{seat} 金币 {delta}（{reason}）。",
    ),
    "correction": ("Correction recorded: {action}.", "已記錄更正：{action}。", "已记录更正：{action}。"),
    "new_game": ("A new game with {players} players.", "新遊戲：{players} 位玩家。", "新游戏：{players} 位玩家。"),
    "refusal": ("{seat}: refused ({code}).", "{seat}：被拒絕（{code}）。", "{seat}：被拒绝（{code}）。"),
    "prompt": ("{seat} to decide.", "輪到 {seat} 決定。", "轮到 {seat} 决定。"),
    "reader_fault": ("The reader at {seat} has a fault.", "{seat} 的讀卡器故障。", "{seat} 的读卡器故障。"),
    "reader_recovered": ("The reader at {seat} works again.", "{seat} 的讀卡器已恢復。", "{seat} 的读卡器已恢复。"),
    "store_failed": ("The game record could not be saved!", "遊戲記錄無法儲存！", "游戏记录无法保存！"),
    "enrollment_started": ("Card enrollment started.", "開始登記卡片。", "开始登记卡片。"),
}
REASONS: dict[str, tuple[str, str, str]] = {
    "gather": ("income", "收入", "收入"),
    "tax": ("taxes", "稅收", "税收"),
    "merchant": ("Merchant", "商人", "商人"),
    "architect": ("Architect", "建築師", "建筑师"),
    "build": ("building", "建造", "建造"),
    "destroy": ("destruction", "摧毀", "摧毁"),
    "robbery": ("robbery", "偷竊", "偷窃"),
    "graveyard": ("Graveyard", "墓地", "墓地"),
    "laboratory": ("Laboratory", "實驗室", "实验室"),
    "smithy": ("Smithy", "鐵匠鋪", "铁匠铺"),
    "draw": ("draw", "抽牌", "抽牌"),
    "keep": ("kept", "保留", "保留"),
    "swap": ("swap", "交換", "交换"),
    "redraw": ("redraw", "換牌", "换牌"),
    "correction": ("correction", "更正", "更正"),
}
_HEIR_TEMPLATE = ("{seat} inherits the crown.", "{seat} 繼承王冠。", "{seat} 继承王冠。")
_SEAT_KEYS = frozenset({"seat", "crowned", "thief_seat", "victim_seat", "warlord_seat", "other", "winner"})
_CARD_KEYS = frozenset({"character", "district"})


def lang_index(lang: str) -> int:
    return LANGS.index(lang) if lang in LANGS else 0


def _title(card_id: str) -> str:
    return card_id.replace("_", " ").title()


def _engine_card_names() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]] | None:
    """`({lang: {card_id: name}}, {lang: {type: name}})` from the engine's card data."""
    try:
        from hub.engine.cards import CHARACTERS, all_districts, card_set
    except ImportError:
        return None
    names: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    cards = [(c.id, c.names) for c in CHARACTERS] + [(d.id, d.names) for d in all_districts().values()]
    for card_id, card_names_by_lang in cards:
        for lang in LANGS:
            names[lang][card_id] = card_names_by_lang.get(lang) or card_names_by_lang["en"]
    types: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for type_id, words in card_set().type_names.items():
        for lang in LANGS:
            types[lang][type_id] = str(words.get(lang) or type_id).capitalize()
    return names, types


def card_names() -> dict[str, dict[str, str]]:
    """Names of every known card per language; engine data wins over the fallback."""
    names: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for card_id, words in _FALLBACK_CHARACTERS.items():
        for i, lang in enumerate(LANGS):
            names[lang][card_id] = words[i]
    engine = _engine_card_names()
    if engine:
        for lang in LANGS:
            names[lang].update(engine[0][lang])
    return names


def type_names() -> dict[str, dict[str, str]]:
    """District type names per language; engine data wins over the fallback."""
    types = {lang: {k: v[i] for k, v in DISTRICT_TYPES.items()} for i, lang in enumerate(LANGS)}
    engine = _engine_card_names()
    if engine:
        for lang in LANGS:
            types[lang].update(engine[1][lang])
    return types


def catalogue() -> dict[str, Any]:
    """Everything the pages need to speak three languages, served once as JSON."""
    return {
        "langs": list(LANGS),
        "speech": SPEECH_LANGS,
        "ui": {lang: {k: v[i] for k, v in UI.items()} for i, lang in enumerate(LANGS)},
        "verbs": {lang: {k: v[i] for k, v in VERBS.items()} for i, lang in enumerate(LANGS)},
        "types": type_names(),
        "cards": card_names(),
    }


class _Lenient(string.Formatter):
    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return kwargs.get(key, "?") if isinstance(key, str) else "?"


_FORMATTER = _Lenient()


def event_fields(event: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """`(kind, data)` whether the event is `{"kind", "data"}` or flat."""
    kind = str(event.get("kind", ""))
    data = event.get("data")
    if not isinstance(data, Mapping):
        data = {k: v for k, v in event.items() if k not in ("kind", "to")}
    return kind, dict(data)


def fallback_text(
    event: Mapping[str, Any], lang: str, seat_names: Mapping[int, str], names: Mapping[str, str]
) -> str:
    """A plain sentence for an event, used when the narrator is not installed."""
    kind, data = event_fields(event)
    i = lang_index(lang)
    template = _EVENT_TEMPLATES.get(kind)
    if kind == "crown" and data.get("heir"):
        template = _HEIR_TEMPLATE
    if template is None:
        details = ", ".join(f"{k}={v}" for k, v in data.items())
        return f"{kind.replace('_', ' ')}: {details}" if details else kind.replace("_", " ")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in _SEAT_KEYS and isinstance(value, int):
            values[key] = seat_names.get(value) or f"#{value}"
        elif key in _CARD_KEYS and isinstance(value, str):
            values[key] = names.get(value, _title(value))
        elif key == "characters" and isinstance(value, list):
            values[key] = ", ".join(names.get(str(c), _title(str(c))) for c in value) or "—"
        elif key == "reason" and isinstance(value, str) and value in REASONS:
            values[key] = REASONS[value][i]
        elif key == "delta" and isinstance(value, int):
            values[key] = f"{value:+d}"
        else:
            values[key] = value
    return _FORMATTER.format(template[i], **values)


Narrate = Callable[[dict[str, Any], str, Mapping[int, str]], list[str]]


def narrator() -> Narrate | None:
    """The voice helper's phrases (what the table says aloud), if that module is installed."""
    try:
        from hub.voice.narrator import PublicContext, phrases_for_event
    except ImportError:
        return None

    def narrate(event: dict[str, Any], lang: str, names: Mapping[int, str]) -> list[str]:
        return list(phrases_for_event(event, lang, PublicContext(names=dict(names))))

    return narrate


class EventWords:
    """Turns a public event into sentences in every language, once per event.

    `words` is what the page shows (always something); `speech` is what the table's voice
    would say (absent for events the caller keeps quiet about), for the page's speak switch.
    """

    def __init__(self) -> None:
        self._names = card_names()
        self._narrate = narrator()

    def words(self, event: Mapping[str, Any], seat_names: Mapping[int, str]) -> dict[str, dict[str, str]]:
        shown: dict[str, str] = {}
        spoken: dict[str, str] = {}
        for lang in LANGS:
            said = ""
            if self._narrate is not None:
                try:
                    said = " ".join(self._narrate(dict(event), lang, seat_names))
                except Exception:  # the voice helper must never break the scoreboard
                    said = ""
            if said:
                spoken[lang] = said
            shown[lang] = said or fallback_text(event, lang, seat_names, self._names[lang])
        out = {"words": shown}
        if spoken:
            out["speech"] = spoken
        return out

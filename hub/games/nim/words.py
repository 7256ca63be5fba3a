"""Every word Nim shows or says, in one place, in the hub's three languages: seat
displays, the terminal, the page log and the voice read these sentences."""

from __future__ import annotations

LANGS = ("en", "zh-Hant", "zh-Hans")

WORDS: dict[str, dict[str, str]] = {
    "took": {"en": "{name} takes {n}: {left} left.", "zh-Hant": "{name} 拿走 {n} 顆,剩 {left} 顆。",
             "zh-Hans": "{name} 拿走 {n} 颗,剩 {left} 颗。"},
    "won": {"en": "{name} takes the last stone and wins.", "zh-Hant": "{name} 拿走最後一顆,獲勝。",
            "zh-Hans": "{name} 拿走最后一颗,获胜。"},
    "pile": {"en": "A pile of {stones} stones.", "zh-Hant": "一堆 {stones} 顆石頭。", "zh-Hans": "一堆 {stones} 颗石头。"},
    "pile.when_stones_is_1": {"en": "A pile of {stones} stone.", "zh-Hant": "一堆 {stones} 顆石頭。",
                              "zh-Hans": "一堆 {stones} 颗石头。"},
    "your_turn": {"en": "Your turn", "zh-Hant": "輪到你", "zh-Hans": "轮到你"},
    "stones": {"en": "{stones} stones", "zh-Hant": "{stones} 顆石頭", "zh-Hans": "{stones} 颗石头"},
    "stones.when_stones_is_1": {"en": "{stones} stone", "zh-Hant": "{stones} 顆石頭", "zh-Hans": "{stones} 颗石头"},
    "take": {"en": "Take {n}", "zh-Hant": "拿 {n} 顆", "zh-Hans": "拿 {n} 颗"},
    "wait": {"en": "Wait", "zh-Hant": "請稍候", "zh-Hans": "请稍候"},
    "game_over": {"en": "Game over", "zh-Hant": "遊戲結束", "zh-Hans": "游戏结束"},
    "not_a_stone": {"en": "Not a stone: lift it", "zh-Hant": "不是石頭:請拿起", "zh-Hans": "不是石头:请拿起"},
    "seat": {"en": "Seat {seat}", "zh-Hant": "{seat} 號座位", "zh-Hans": "{seat} 号座位"},
    "result": {"en": "Game {number}: {name} wins after {actions} moves.",
               "zh-Hant": "第 {number} 局:{name} 在 {actions} 步後獲勝。",
               "zh-Hans": "第 {number} 局:{name} 在 {actions} 步后获胜。"},
}


def say(key: str, lang: str = "en", **params: object) -> str:
    """One sentence in `lang` (English where a language lacks it); a count of 1 takes the
    singular entry where there is one ("1 stone")."""
    one = next((f"{key}.when_{name}_is_1" for name, value in params.items()
                if value == 1 and f"{key}.when_{name}_is_1" in WORDS), None)
    forms = WORDS[one or key]
    return forms.get(lang, forms["en"]).format(**params)


def seat_name(seat: int, names: dict[int, str], lang: str = "en") -> str:
    return names.get(seat) or say("seat", lang, seat=seat)

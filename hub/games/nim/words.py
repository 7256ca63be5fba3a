"""Every word Nim shows or says, in one place, in the hub's three languages: seat
displays, the terminal, the page log and the speak switch read these sentences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hub.games.kit import Words

WORDS = Words({
    "took": {"en": "{name} takes {n}: {left} left.", "zh-Hant": "{name} 拿走 {n} 顆,剩 {left} 顆。",
             "zh-Hans": "{name} 拿走 {n} 颗,剩 {left} 颗。"},
    "won": {"en": "{name} takes the last stone and wins.", "zh-Hant": "{name} 拿走最後一顆,獲勝。",
            "zh-Hans": "{name} 拿走最后一颗,获胜。"},
    "pile": {"en": "A pile of {stones} stones.", "zh-Hant": "一堆 {stones} 顆石頭。", "zh-Hans": "一堆 {stones} 颗石头。"},
    "undone": {"en": "Undone ({reason}).", "zh-Hant": "已撤銷({reason})。", "zh-Hans": "已撤销({reason})。"},
    "your_turn": {"en": "Your turn", "zh-Hant": "輪到你", "zh-Hans": "轮到你"},
    "stones": {"en": "{stones} stones", "zh-Hant": "{stones} 顆石頭", "zh-Hans": "{stones} 颗石头"},
    "take": {"en": "Take {n}", "zh-Hant": "拿 {n} 顆", "zh-Hans": "拿 {n} 颗"},
    "wait": {"en": "Wait", "zh-Hant": "請稍候", "zh-Hans": "请稍候"},
    "game_over": {"en": "Game over", "zh-Hant": "遊戲結束", "zh-Hans": "游戏结束"},
    "not_a_stone": {"en": "Not a stone: lift it", "zh-Hant": "不是石頭:請拿起", "zh-Hans": "不是石头:请拿起"},
    "field_stones": {"en": "Stones left", "zh-Hant": "剩餘石頭", "zh-Hans": "剩余石头"},
    "field_taken": {"en": "You took", "zh-Hant": "你拿了", "zh-Hans": "你拿了"},
    "seat": {"en": "Seat {seat}", "zh-Hant": "{seat} 號座位", "zh-Hans": "{seat} 号座位"},
    "result": {"en": "Game {number}: {name} wins after {actions} moves.",
               "zh-Hant": "第 {number} 局:{name} 在 {actions} 步後獲勝。",
               "zh-Hans": "第 {number} 局:{name} 在 {actions} 步后获胜。"},
})
say = WORDS.say


def sentences(event: Mapping[str, Any], names: Mapping[int, str], lang: str = "en") -> list[str]:
    """A public event in words: the terminal's line, the page log's and the speak switch's."""
    kind = event.get("kind")
    if kind == "pile":
        return [say("pile", lang, stones=event["stones"])]
    if kind == "took":
        name = WORDS.seat_name(event["seat"], names, lang)
        return [say("won", lang, name=name) if event["left"] == 0 else
                say("took", lang, name=name, n=event["n"], left=event["left"])]
    if kind == "undone":
        return [say("undone", lang, reason=event.get("reason") or "-")]
    return []

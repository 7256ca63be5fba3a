"""Every word The Builders shows or says, in one place, in the hub's three languages:
seat displays (``display.*``), the terminal and the page log (``log.*``), the voice
(``voice.*``) and the pages' own labels (``page.*``).

The Chinese follows the Traditional Chinese rulebook
(``rules/original/builders-middle-ages-rules-zh-Hant.txt``): 石頭, 木頭, 技術, 瓦片 for the
four resources, 學徒 and 工匠 for two worker types, 開始施工 / 招募 / 派遣 / 獲得錢幣 for
the actions, 元 for coins, 分 for points, 竣工 for a finished building, 機械 for machines,
起始玩家 for the first player, 最後一輪 for the last round. Simplified Chinese is the same
words in simplified characters. Where the rulebook is silent we chose, and say so:

- the labourer and the master (the rulebook names only 學徒 and 工匠): 勞工 and 大師, our
  translation;
- the buildings' and machines' names: the rulebook names only the Chapel (小禮拜堂); the
  others keep their English names on Chinese pages, displays and in the Chinese voice,
  as printed in the card list (``rules/builders/buildings.csv``), rather than a
  translation of ours that no player would find on a card.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from hub.engine.builders.cards import BUILDINGS, CREW
from hub.games.kit import Words
from hub.words import is_one

LANGS = ("en", "zh-Hant", "zh-Hans")
RESOURCE_LETTERS = {"en": ("S", "W", "K", "T"), "zh-Hant": ("石", "木", "技", "瓦"), "zh-Hans": ("石", "木", "技", "瓦")}

BUILDING_NAMES: dict[str, dict[str, str]] = {
    "b28": {"zh-Hant": "小禮拜堂", "zh-Hans": "小礼拜堂"},  # the rulebook's example; every other name stays English
}
WORDS: dict[str, dict[str, str]] = {
    # -- resources and counts
    "stone": {"en": "stone", "zh-Hant": "石頭", "zh-Hans": "石头"},
    "wood": {"en": "wood", "zh-Hant": "木頭", "zh-Hans": "木头"},
    "knowledge": {"en": "knowledge", "zh-Hant": "技術", "zh-Hans": "技术"},
    "tile": {"en": "tile", "zh-Hant": "瓦片", "zh-Hans": "瓦片"},
    "seat": {"en": "Seat {seat}", "zh-Hant": "{seat} 號座位", "zh-Hans": "{seat} 号座位"},
    "none": {"en": "none", "zh-Hant": "無", "zh-Hans": "无"},
    # -- the seat display (4 lines of 21 characters; the display's font is Latin: English today)
    "display.open": {"en": "Open {card}", "zh-Hant": "開始施工 {card}", "zh-Hans": "开始施工 {card}"},
    "display.recruit": {"en": "Hire {card}", "zh-Hant": "招募 {card}", "zh-Hans": "招募 {card}"},
    "display.send": {"en": "{worker} to {site}", "zh-Hant": "派遣 {worker} 到 {site}",
                     "zh-Hans": "派遣 {worker} 到 {site}"},
    "display.coins_1": {"en": "Take 1 coin", "zh-Hant": "獲得 1 元", "zh-Hans": "获得 1 元"},
    "display.coins_n": {"en": "Take {n} coins ({actions} act.)", "zh-Hant": "獲得 {n} 元({actions} 個行動)",
                        "zh-Hans": "获得 {n} 元({actions} 个行动)"},
    "display.buy": {"en": "Buy an action (5)", "zh-Hant": "購買行動 (5 元)", "zh-Hans": "购买行动 (5 元)"},
    "display.end": {"en": "End the turn", "zh-Hant": "結束回合", "zh-Hans": "结束回合"},
    "display.void": {"en": "Undo the last move", "zh-Hant": "撤銷上一步", "zh-Hans": "撤销上一步"},
    "display.face_up": {"en": "Face up: {card}", "zh-Hant": "翻開:{card}", "zh-Hans": "翻开:{card}"},
    "display.deck_empty.building": {"en": "The building deck is empty", "zh-Hant": "建築牌堆已空",
                                    "zh-Hans": "建筑牌堆已空"},
    "display.deck_empty.worker": {"en": "The worker deck is empty", "zh-Hant": "工人牌堆已空",
                                  "zh-Hans": "工人牌堆已空"},
    "display.finished": {"en": "{card} finished!", "zh-Hant": "{card} 竣工!", "zh-Hans": "{card} 竣工!"},
    "display.finished_gain": {"en": "+{coins} coins, {points} pt", "zh-Hant": "+{coins} 元,{points} 分",
                              "zh-Hans": "+{coins} 元,{points} 分"},
    "display.finished_machine": {"en": "{points} pt, a worker now", "zh-Hant": "{points} 分,成為工人",
                                 "zh-Hans": "{points} 分,成为工人"},
    "display.flip": {"en": "Flip it; workers back", "zh-Hant": "翻面;工人返回", "zh-Hans": "翻面;工人返回"},
    "display.last_round": {"en": "Last round!", "zh-Hant": "最後一輪!", "zh-Hans": "最后一轮!"},
    "display.you_win": {"en": "You win!", "zh-Hant": "你贏了!", "zh-Hans": "你赢了!"},
    "display.shared_win_you": {"en": "Shared win!", "zh-Hant": "並列獲勝!", "zh-Hans": "并列获胜!"},
    "display.seat_wins": {"en": "Seat {seat} wins", "zh-Hant": "{seat} 號座位獲勝", "zh-Hans": "{seat} 号座位获胜"},
    "display.shared_win": {"en": "Shared win", "zh-Hant": "並列獲勝", "zh-Hans": "并列获胜"},
    "display.score": {"en": "Score {score}: {points} pt", "zh-Hant": "總分 {score}:{points} 分",
                      "zh-Hans": "总分 {score}:{points} 分"},
    "display.coins": {"en": "{coins} coins", "zh-Hant": "{coins} 元", "zh-Hans": "{coins} 元"},
    "display.your_turn": {"en": "Your turn: {actions} act.", "zh-Hant": "輪到你:{actions} 個行動",
                          "zh-Hans": "轮到你:{actions} 个行动"},
    "display.money": {"en": "{coins} coins, {points} pt", "zh-Hant": "{coins} 元,{points} 分",
                      "zh-Hans": "{coins} 元,{points} 分"},
    "display.lay_a_card": {"en": "Lay a card", "zh-Hant": "放一張卡", "zh-Hans": "放一张卡"},
    "display.site": {"en": "Site: {card}", "zh-Hant": "工地:{card}", "zh-Hans": "工地:{card}"},
    "display.lay_or_buttons": {"en": "Lay a card or A/B", "zh-Hant": "放卡或按 A/B", "zh-Hans": "放卡或按 A/B"},
    "display.buttons": {"en": "A/B, OK", "zh-Hant": "A/B,OK", "zh-Hans": "A/B,OK"},
    "display.game_over": {"en": "Game over", "zh-Hant": "遊戲結束", "zh-Hans": "游戏结束"},
    "display.title": {"en": "The Builders", "zh-Hant": "The Builders", "zh-Hans": "The Builders"},
    "display.plays": {"en": "Seat {seat} plays", "zh-Hant": "{seat} 號座位行動中", "zh-Hans": "{seat} 号座位行动中"},
    "display.lift": {"en": "Lift {card}", "zh-Hant": "請拿起 {card}", "zh-Hans": "请拿起 {card}"},
    "display.lift_unknown": {"en": "Lift the unknown card", "zh-Hant": "請拿起未知的卡", "zh-Hans": "请拿起未知的卡"},
    "display.take_apprentice": {"en": "Take {card}", "zh-Hant": "拿取 {card}", "zh-Hans": "拿取 {card}"},
    "display.lay_it": {"en": "lay it on your reader", "zh-Hant": "放在你的讀卡器上", "zh-Hans": "放在你的读卡器上"},
    "display.legend_1": {"en": "S stone, W wood,", "zh-Hant": "石 石頭,木 木頭,", "zh-Hans": "石 石头,木 木头,"},
    "display.legend_2": {"en": "K knowledge, T tile", "zh-Hant": "技 技術,瓦 瓦片", "zh-Hans": "技 技术,瓦 瓦片"},
    "display.apprentice_yours": {"en": "{card}: yours. Set up", "zh-Hant": "{card}:是你的。已就位",
                                 "zh-Hans": "{card}:是你的。已就位"},
    "display.apprentice_other": {"en": "Seat {seat}'s: take {card}", "zh-Hant": "那是 {seat} 號座位的:請拿 {card}",
                                 "zh-Hans": "那是 {seat} 号座位的:请拿 {card}"},
    "display.site_chosen": {"en": "{card} chosen: lay the workers to send there",
                            "zh-Hant": "已選 {card}:放上要派遣的工人", "zh-Hans": "已选 {card}:放上要派遣的工人"},
    # refusals, said in a few words (the engine's and the adapter's codes)
    "refusal.not_your_turn": {"en": "Not your turn", "zh-Hant": "還沒輪到你", "zh-Hans": "还没轮到你"},
    "refusal.moved_on": {"en": "Another move came first: look again", "zh-Hant": "期間有新的一步：請再確認",
                         "zh-Hans": "期间有新的一步：请再确认"},
    "refusal.no_actions_left": {"en": "Not enough actions left", "zh-Hant": "剩餘行動不足", "zh-Hans": "剩余行动不足"},
    "refusal.not_face_up": {"en": "That card is not face up: take it from a row",
                            "zh-Hant": "這張卡沒有翻開：請從陳列中拿取", "zh-Hans": "这张卡没有翻开：请从陈列中拿取"},
    "refusal.cannot_afford": {"en": "Not enough coins", "zh-Hant": "錢幣不足", "zh-Hans": "钱币不足"},
    "refusal.worker_busy": {"en": "That worker is on a site until it is finished",
                            "zh-Hant": "這名工人在建築竣工前不能移動", "zh-Hans": "这名工人在建筑竣工前不能移动"},
    "refusal.not_your_worker": {"en": "Not one of your workers", "zh-Hant": "不是你的工人", "zh-Hans": "不是你的工人"},
    "refusal.not_your_site": {"en": "Not one of your sites", "zh-Hant": "不是你的工地", "zh-Hans": "不是你的工地"},
    "refusal.game_over": {"en": "The game is over", "zh-Hant": "遊戲已結束", "zh-Hans": "游戏已结束"},
    "refusal.unknown_tag": {"en": "Unknown card: enroll it", "zh-Hant": "未知的卡：請先登記", "zh-Hans": "未知的卡：请先登记"},
    "refusal.choose_site": {"en": "Lay the site first, then the worker", "zh-Hant": "先放工地，再放工人",
                            "zh-Hans": "先放工地，再放工人"},
    "refusal.finished_card": {"en": "Finished: keep it by you", "zh-Hant": "已竣工：放在你面前",
                              "zh-Hans": "已竣工：放在你面前"},
    "refusal.not_yours": {"en": "That card is another seat's", "zh-Hant": "那是別人的卡", "zh-Hans": "那是别人的卡"},
    "refusal.use_reader": {"en": "Lay the card on your reader", "zh-Hant": "請把卡放在你的讀卡器上",
                           "zh-Hans": "请把卡放在你的读卡器上"},
    "refusal.bad_action": {"en": "Not a move of this game", "zh-Hant": "不是這個遊戲的動作", "zh-Hans": "不是这个游戏的动作"},
    "refusal.bad_amount": {"en": "Take 1, 3 or 6 coins", "zh-Hant": "只能獲得1、3或6元", "zh-Hans": "只能获得1、3或6元"},
    "refusal.not_a_card": {"en": "Not said with a card", "zh-Hant": "這不是用卡做的動作", "zh-Hans": "这不是用卡做的动作"},
    "refusal.nothing_to_void": {"en": "Nothing to undo", "zh-Hant": "沒有可撤銷的", "zh-Hans": "没有可撤销的"},
    "refusal.site_chosen": {"en": "Site chosen: lay the workers", "zh-Hant": "已選工地：放上工人", "zh-Hans": "已选工地：放上工人"},
    "refusal.unknown_card": {"en": "Not a card of this game", "zh-Hant": "不是這個遊戲的卡", "zh-Hans": "不是这个游戏的卡"},
    "refusal.unknown_seat": {"en": "No such seat", "zh-Hant": "沒有這個座位", "zh-Hans": "没有这个座位"},
    "refusal.wrong_card": {"en": "That card cannot do that", "zh-Hant": "這張卡不能這樣用", "zh-Hans": "这张卡不能这样用"},
    # -- the terminal and the page log: one sentence per public event
    "log.table_setup": {"en": "Set up: face up, the buildings {buildings} and the workers {workers}; {apprentices}.",
                        "zh-Hant": "擺設：翻開建築{buildings}，翻開工人{workers}；{apprentices}。",
                        "zh-Hans": "摆设：翻开建筑{buildings}，翻开工人{workers}；{apprentices}。"},
    "log.takes_apprentice": {"en": "{name} takes {card}", "zh-Hant": "{name}拿取{card}", "zh-Hans": "{name}拿取{card}"},
    "log.turn_started": {"en": "Round {round}: {name}'s turn ({actions} actions).",
                         "zh-Hant": "第{round}輪：輪到{name}（{actions}個行動）。",
                         "zh-Hans": "第{round}轮：轮到{name}（{actions}个行动）。"},
    "log.opened": {"en": "{name} starts building the {card}; face up: {turned}.",
                   "zh-Hant": "{name}開始施工{card}；翻開：{turned}。",
                   "zh-Hans": "{name}开始施工{card}；翻开：{turned}。"},
    "log.recruited": {"en": "{name} recruits {card}; face up: {turned}.",
                      "zh-Hant": "{name}招募{card}；翻開：{turned}。", "zh-Hans": "{name}招募{card}；翻开：{turned}。"},
    "log.sent": {"en": "{name} sends {worker} to the {site} for {wage} coins ({balance} left).",
                 "zh-Hant": "{name}派遣{worker}到{site}，支付{wage}元（剩{balance}元）。",
                 "zh-Hans": "{name}派遣{worker}到{site}，支付{wage}元（剩{balance}元）。"},
    "log.sent_dear": {"en": "{name} sends {worker} to the {site} for {cost} actions and {wage} coins ({balance} left).",
                      "zh-Hant": "{name}派遣{worker}到{site}，消耗{cost}個行動，支付{wage}元（剩{balance}元）。",
                      "zh-Hans": "{name}派遣{worker}到{site}，消耗{cost}个行动，支付{wage}元（剩{balance}元）。"},
    "log.finished": {"en": "{name} finishes the {card}: +{coins} coins, {points} points ({total} in all).",
                     "zh-Hant": "{name}的{card}竣工：獲得{coins}元、{points}分（共{total}分）。",
                     "zh-Hans": "{name}的{card}竣工：获得{coins}元、{points}分（共{total}分）。"},
    "log.finished_machine": {"en": "{name} finishes the {card}: {points} points, and a new worker ({total} in all).",
                             "zh-Hant": "{name}的機械{card}竣工：{points}分，成為工人（共{total}分）。",
                             "zh-Hans": "{name}的机械{card}竣工：{points}分，成为工人（共{total}分）。"},
    "log.coin": {"en": "{name} takes 1 coin ({balance} now).", "zh-Hant": "{name}獲得1元（現有{balance}元）。",
                 "zh-Hans": "{name}获得1元（现有{balance}元）。"},
    "log.coins": {"en": "{name} takes {coins} coins ({balance} now).", "zh-Hant": "{name}獲得{coins}元（現有{balance}元）。",
                  "zh-Hans": "{name}获得{coins}元（现有{balance}元）。"},
    "log.bought": {"en": "{name} buys an action for {price} coins.", "zh-Hant": "{name}花{price}元購買一個額外行動。",
                   "zh-Hans": "{name}花{price}元购买一个额外行动。"},
    "log.turn_ended": {"en": "{name} ends the turn with {points} points.", "zh-Hant": "{name}結束回合，共{points}分。",
                       "zh-Hans": "{name}结束回合，共{points}分。"},
    "log.last_round": {"en": "{name} has {points} points: the last round is played out.",
                       "zh-Hant": "{name}已有{points}分：進入最後一輪。", "zh-Hans": "{name}已有{points}分：进入最后一轮。"},
    "log.last_round_blocked": {"en": "Nobody can finish another building: the last round is played out.",
                               "zh-Hant": "沒有人能再完成建築：進入最後一輪。", "zh-Hans": "没有人能再完成建筑：进入最后一轮。"},
    "log.game_over": {"en": "Game over: {name} wins with {score} ({points} points, {coins} coins).",
                      "zh-Hant": "遊戲結束：{name}以{score}分獲勝（{points}分建築，{coins}元）。",
                      "zh-Hans": "游戏结束：{name}以{score}分获胜（{points}分建筑，{coins}元）。"},
    "log.game_over_shared": {"en": "Game over: {names} share the victory with {score}.",
                             "zh-Hant": "遊戲結束：{names}以{score}分並列獲勝。",
                             "zh-Hans": "游戏结束：{names}以{score}分并列获胜。"},
    "log.seat_score": {"en": "  {name}: {score} ({points} points, {coins} coins): {finished}",
                       "zh-Hant": "  {name}:{score} 分({points} 分建築,{coins} 元):{finished}",
                       "zh-Hans": "  {name}:{score} 分({points} 分建筑,{coins} 元):{finished}"},
    "log.undone": {"en": "The table undoes a move ({reason}): {what}", "zh-Hant": "撤銷了一步（{reason}）：{what}",
                   "zh-Hans": "撤销了一步（{reason}）：{what}"},
    "log.undone_plain": {"en": "The table undoes the last move ({reason}).", "zh-Hant": "撤銷了上一步（{reason}）。",
                         "zh-Hans": "撤销了上一步（{reason}）。"},
    "log.adjusted": {"en": "The table corrects {name}'s coins by {delta}.", "zh-Hant": "修正{name}的錢幣：{delta}元。",
                     "zh-Hans": "修正{name}的钱币：{delta}元。"},
    "log.result": {"en": "Game {number}: {name} wins with {score}.", "zh-Hant": "第{number}局：{name}以{score}分獲勝。",
                   "zh-Hans": "第{number}局：{name}以{score}分获胜。"},
    "log.result_shared": {"en": "Game {number}: {names} share the victory with {score}.",
                          "zh-Hant": "第{number}局：{names}以{score}分並列獲勝。",
                          "zh-Hans": "第{number}局：{names}以{score}分并列获胜。"},
    "log.and": {"en": " and ", "zh-Hant": "和", "zh-Hans": "和"},
    # -- the pages (scoreboard, seat, admin)
    "page.title": {"en": "The Builders: Middle Ages", "zh-Hant": "The Builders: Middle Ages",
                   "zh-Hans": "The Builders: Middle Ages"},
    "page.setup": {"en": "Set up the table", "zh-Hant": "擺設桌面", "zh-Hans": "摆设桌面"},
    "page.setup_rows": {"en": "Lay these face up, left to right", "zh-Hant": "由左到右翻開擺放", "zh-Hans": "由左到右翻开摆放"},
    "page.setup_takes": {"en": "{name} takes {card} and lays it on its reader",
                         "zh-Hant": "{name}拿取{card}並放在讀卡器上", "zh-Hans": "{name}拿取{card}并放在读卡器上"},
    "page.legend": {"en": "Workers: S stone · W wood · K knowledge · T tile",
                    "zh-Hant": "工人：石＝石頭 · 木＝木頭 · 技＝技術 · 瓦＝瓦片", "zh-Hans": "工人：石＝石头 · 木＝木头 · 技＝技术 · 瓦＝瓦片"},
    "page.round_n": {"en": "Round {n}", "zh-Hant": "第{n}輪", "zh-Hans": "第{n}轮"},
    "page.turn_of": {"en": "{name}'s turn: {n} actions left", "zh-Hant": "輪到{name}：還有{n}個行動",
                     "zh-Hans": "轮到{name}：还有{n}个行动"},
    "page.last_round": {"en": "Last round", "zh-Hant": "最後一輪", "zh-Hans": "最后一轮"},
    "page.over": {"en": "Game over", "zh-Hant": "遊戲結束", "zh-Hans": "游戏结束"},
    "page.paused": {"en": "Paused", "zh-Hant": "暫停中", "zh-Hans": "暂停中"},
    "page.paused_reason": {"en": "Paused: {reason}", "zh-Hant": "暫停中：{reason}", "zh-Hans": "暂停中：{reason}"},
    "page.coins": {"en": "coins", "zh-Hant": "元", "zh-Hans": "元"},
    "page.points": {"en": "points", "zh-Hant": "分", "zh-Hans": "分"},
    "page.score": {"en": "score", "zh-Hant": "總分", "zh-Hans": "总分"},
    "page.first": {"en": "first player", "zh-Hant": "起始玩家", "zh-Hans": "起始玩家"},
    "page.workers": {"en": "Workers", "zh-Hant": "工人", "zh-Hans": "工人"},
    "page.sites": {"en": "Under construction", "zh-Hant": "施工中", "zh-Hans": "施工中"},
    "page.finished": {"en": "Finished", "zh-Hant": "已竣工", "zh-Hans": "已竣工"},
    "page.needs": {"en": "still needs", "zh-Hant": "還需要", "zh-Hans": "还需要"},
    "page.nothing": {"en": "nothing", "zh-Hant": "無", "zh-Hans": "无"},
    "page.wage": {"en": "wage {n}", "zh-Hant": "派遣費{n}元", "zh-Hans": "派遣费{n}元"},
    "page.gain": {"en": "+{coins} coins, {points}", "zh-Hant": "+{coins}元，{points}",
                  "zh-Hans": "+{coins}元，{points}"},
    "page.machine": {"en": "machine", "zh-Hant": "機械", "zh-Hans": "机械"},
    "page.row_buildings": {"en": "Buildings face up", "zh-Hant": "陳列的建築", "zh-Hans": "陈列的建筑"},
    "page.row_workers": {"en": "Workers face up", "zh-Hant": "陳列的工人", "zh-Hans": "陈列的工人"},
    "page.deck": {"en": "{n} left in the deck", "zh-Hant": "牌堆剩{n}張", "zh-Hans": "牌堆剩{n}张"},
    "page.log": {"en": "Game log", "zh-Hant": "遊戲紀錄", "zh-Hans": "游戏记录"},
    "page.winner": {"en": "{name} wins with {score}", "zh-Hant": "{name}以{score}獲勝", "zh-Hans": "{name}以{score}获胜"},
    "page.shared": {"en": "{names} share the victory", "zh-Hant": "{names}並列獲勝", "zh-Hans": "{names}并列获胜"},
    "page.player": {"en": "Player", "zh-Hant": "玩家", "zh-Hans": "玩家"},
    "page.your_turn": {"en": "Your turn: {n} actions left", "zh-Hant": "輪到你：還有{n}個行動",
                       "zh-Hans": "轮到你：还有{n}个行动"},
    "page.wait_for": {"en": "{name} is playing", "zh-Hant": "{name}行動中", "zh-Hans": "{name}行动中"},
    "page.hint_cards": {"en": "Lay a card of a row on your reader to start building or to recruit; to send a worker, "
                                  "lay your site, then the worker.",
                        "zh-Hant": "把陳列中的卡放在讀卡器上，開始施工或招募；派遣工人時先放工地，再放工人。",
                        "zh-Hans": "把陈列中的卡放在读卡器上，开始施工或招募；派遣工人时先放工地，再放工人。"},
    "page.chosen_site": {"en": "Chosen site: {card}", "zh-Hant": "已選工地：{card}", "zh-Hans": "已选工地：{card}"},
    "page.buttons": {"en": "Your buttons", "zh-Hant": "你的按鈕", "zh-Hans": "你的按钮"},
    "page.your_display": {"en": "Your seat's display", "zh-Hant": "你座位的顯示器", "zh-Hans": "你座位的显示器"},
    "page.sent": {"en": "Done: {what}", "zh-Hant": "完成：{what}", "zh-Hans": "完成：{what}"},
    "page.refused": {"en": "Refused: {why}", "zh-Hant": "被拒絕：{why}", "zh-Hans": "被拒绝：{why}"},
    "page.offline": {"en": "The hub does not answer", "zh-Hant": "主機沒有回應", "zh-Hans": "主机没有回应"},
    "page.scoreboard": {"en": "Scoreboard", "zh-Hant": "記分板", "zh-Hans": "记分板"},
    "page.table": {"en": "Table", "zh-Hant": "牌桌", "zh-Hans": "牌桌"},
    "page.running": {"en": "Running", "zh-Hant": "進行中", "zh-Hans": "进行中"},
    "page.readers": {"en": "Readers", "zh-Hant": "讀卡器", "zh-Hans": "读卡器"},
    "page.pause": {"en": "Pause", "zh-Hant": "暫停", "zh-Hans": "暂停"},
    "page.resume": {"en": "Resume", "zh-Hant": "繼續", "zh-Hans": "继续"},
    "page.reason": {"en": "Reason", "zh-Hant": "原因", "zh-Hans": "原因"},
    "page.new_game": {"en": "New game", "zh-Hant": "新遊戲", "zh-Hans": "新游戏"},
    "page.players": {"en": "Players", "zh-Hant": "玩家人數", "zh-Hans": "玩家人数"},
    "page.seed": {"en": "Seed (empty: random)", "zh-Hant": "種子（留空：隨機）", "zh-Hans": "种子（留空：随机）"},
    "page.name_n": {"en": "Name {n}", "zh-Hant": "名字{n}", "zh-Hans": "名字{n}"},
    "page.start_game": {"en": "Start the game", "zh-Hant": "開始遊戲", "zh-Hans": "开始游戏"},
    "page.corrections": {"en": "Corrections", "zh-Hant": "修正", "zh-Hans": "修正"},
    "page.undo": {"en": "Undo the last move", "zh-Hant": "撤銷上一步", "zh-Hans": "撤销上一步"},
    "page.correct_coins": {"en": "Correct coins", "zh-Hant": "修正錢幣", "zh-Hans": "修正钱币"},
    "page.seat": {"en": "Seat", "zh-Hant": "座位", "zh-Hans": "座位"},
    "page.delta": {"en": "Coins ±", "zh-Hant": "錢幣±", "zh-Hans": "钱币±"},
    "page.done": {"en": "Done", "zh-Hant": "完成", "zh-Hans": "完成"},
    "page.need_reason": {"en": "Give a reason", "zh-Hant": "請填寫原因", "zh-Hans": "请填写原因"},
    "page.nothing_to_undo": {"en": "Nothing to undo", "zh-Hant": "沒有可撤銷的", "zh-Hans": "没有可撤销的"},
    "page.bad": {"en": "Not accepted", "zh-Hant": "未被接受", "zh-Hans": "未被接受"},
    "page.check_field": {"en": "Check “{field}”.", "zh-Hant": "請檢查「{field}」。", "zh-Hans": "请检查“{field}”。"},
    "page.last_move": {"en": "Last move: {move}", "zh-Hant": "上一步：{move}", "zh-Hans": "上一步：{move}"},
    "page.undo_confirm": {"en": "Undo “{move}”? Everyone will see that it was undone.",
                          "zh-Hant": "撤銷「{move}」？所有人都會看到這一步被撤銷。",
                          "zh-Hans": "撤销“{move}”？所有人都会看到这一步被撤销。"},
    "page.undo_yes": {"en": "Yes, undo it", "zh-Hant": "確定撤銷", "zh-Hans": "确定撤销"},
    "page.undo_no": {"en": "Cancel", "zh-Hant": "取消", "zh-Hans": "取消"},
    "page.coins_move": {"en": "coins correction, {name} {delta}", "zh-Hant": "修正錢幣：{name} {delta}",
                        "zh-Hans": "修正钱币：{name} {delta}"},
    "page.seat_links": {"en": "Seat links (keep them private)", "zh-Hant": "座位連結（請保密）",
                        "zh-Hans": "座位链接（请保密）"},
    "page.link": {"en": "link", "zh-Hant": "連結", "zh-Hans": "链接"},
    # the scoreboard's counts, labels and explanations (a "_1" form where one reads otherwise)
    "page.playing": {"en": "playing", "zh-Hant": "行動中", "zh-Hans": "行动中"},
    "page.actions_left": {"en": "{n} actions left", "zh-Hant": "還有{n}個行動", "zh-Hans": "还有{n}个行动"},
    "page.actions_left_1": {"en": "1 action left", "zh-Hant": "還有1個行動", "zh-Hans": "还有1个行动"},
    "page.turn_of_1": {"en": "{name}'s turn: 1 action left", "zh-Hant": "輪到{name}：還有1個行動",
                       "zh-Hans": "轮到{name}：还有1个行动"},
    "page.your_turn_1": {"en": "Your turn: 1 action left", "zh-Hant": "輪到你：還有1個行動", "zh-Hans": "轮到你：还有1个行动"},
    "page.points_unit": {"en": "points", "zh-Hant": "分", "zh-Hans": "分"},
    "page.points_unit_1": {"en": "point", "zh-Hant": "分", "zh-Hans": "分"},
    "page.coins_unit": {"en": "coins", "zh-Hant": "元", "zh-Hans": "元"},
    "page.coins_unit_1": {"en": "coin", "zh-Hant": "元", "zh-Hans": "元"},
    "page.n_points": {"en": "{n} points", "zh-Hant": "{n}分", "zh-Hans": "{n}分"},
    "page.n_points_1": {"en": "1 point", "zh-Hant": "1分", "zh-Hans": "1分"},
    "page.score_line": {"en": "score {score} = {points} + {coin_points} for coins",
                        "zh-Hant": "總分{score}＝{points}＋錢幣折{coin_points}分", "zh-Hans": "总分{score}＝{points}＋钱币折{coin_points}分"},
    "page.score_is": {"en": "Score: points from finished buildings and machines, plus 1 for every 10 coins. "
                            "Ties: more points, then more coins.",
                      "zh-Hant": "總分：已竣工建築與機械的分數，每10元再加1分。平手時比較建築分數，再比較錢幣。",
                      "zh-Hans": "总分：已竣工建筑与机械的分数，每10元再加1分。平手时比较建筑分数，再比较钱币。"},
    "page.last_move_label": {"en": "Last move", "zh-Hant": "上一步", "zh-Hans": "上一步"},
    "page.none_idle": {"en": "none free", "zh-Hant": "沒有空閒的工人", "zh-Hans": "没有空闲的工人"},
    "page.machines": {"en": "Machines", "zh-Hant": "機械", "zh-Hans": "机械"},
    "page.machine_gain": {"en": "machine: {points} pt, then a worker", "zh-Hant": "機械：{points}分，竣工後成為工人",
                          "zh-Hans": "机械：{points}分，竣工后成为工人"},
    "page.needs_all": {"en": "needs", "zh-Hant": "需要", "zh-Hans": "需要"},
    "page.key": {"en": "Key", "zh-Hant": "圖例", "zh-Hans": "图例"},
    "page.target": {"en": "First to {target} points: the round is played out, then the game ends",
                    "zh-Hant": "先達到{target}分：打完這一輪後遊戲結束", "zh-Hans": "先达到{target}分：打完这一轮后游戏结束"},
    "page.last_round_by": {"en": "Last round: {name} reached {points}", "zh-Hant": "最後一輪：{name}已達{points}",
                           "zh-Hans": "最后一轮：{name}已达{points}"},
    "page.last_round_blocked": {"en": "Last round: nobody can finish another building",
                                "zh-Hant": "最後一輪：沒有人能再完成建築", "zh-Hans": "最后一轮：没有人能再完成建筑"},
    "page.rank": {"en": "Rank", "zh-Hant": "名次", "zh-Hans": "名次"},
    "page.points_col": {"en": "Points", "zh-Hant": "建築分", "zh-Hans": "建筑分"},
    "page.coins_col": {"en": "Coins", "zh-Hant": "錢幣", "zh-Hans": "钱币"},
    "page.coin_points": {"en": "Coins → points", "zh-Hant": "錢幣折分", "zh-Hans": "钱币折分"},
    "page.score_col": {"en": "Score", "zh-Hant": "總分", "zh-Hans": "总分"},
    "page.ended_by.points": {"en": "{name} reached {target} points and the round was played out.",
                             "zh-Hant": "{name}達到{target}分，打完該輪後結束。", "zh-Hans": "{name}达到{target}分，打完该轮后结束。"},
    "page.ended_by.blocked": {"en": "Nobody could finish another building.", "zh-Hant": "沒有人能再完成建築。",
                              "zh-Hans": "没有人能再完成建筑。"},
    "page.decided_by.points": {"en": "Level on score: more points from buildings decided.",
                               "zh-Hant": "總分相同：建築分較多者勝。", "zh-Hans": "总分相同：建筑分较多者胜。"},
    "page.decided_by.coins": {"en": "Level on score and points: more coins decided.",
                              "zh-Hant": "總分與建築分相同：錢幣較多者勝。", "zh-Hans": "总分与建筑分相同：钱币较多者胜。"},
    "page.decided_by.shared": {"en": "Level on score, points and coins: the victory is shared.",
                               "zh-Hant": "總分、建築分與錢幣都相同：並列獲勝。", "zh-Hans": "总分、建筑分与钱币都相同：并列获胜。"},
    "page.log_empty": {"en": "Nothing has happened yet.", "zh-Hant": "還沒有任何動作。", "zh-Hans": "还没有任何动作。"},
    "page.cost_actions": {"en": "{n} actions", "zh-Hant": "{n}個行動", "zh-Hans": "{n}个行动"},
    "page.cost_actions_1": {"en": "1 action", "zh-Hant": "1個行動", "zh-Hans": "1个行动"},
    "page.cost_coins": {"en": "{n} coins", "zh-Hant": "{n}元", "zh-Hans": "{n}元"},
    "page.cost_coins_1": {"en": "1 coin", "zh-Hant": "1元", "zh-Hans": "1元"},
    "page.cost_buys": {"en": "{paid} → +{n} action", "zh-Hant": "{paid}→多{n}個行動", "zh-Hans": "{paid}→多{n}个行动"},
    "page.your_rank": {"en": "You placed {rank} of {n}", "zh-Hant": "你在{n}人中排名第{rank}", "zh-Hans": "你在{n}人中排名第{rank}"},
    "type.apprentice": {"en": "Apprentice", "zh-Hant": "學徒", "zh-Hans": "学徒"},
    "type.labourer": {"en": "Labourer", "zh-Hant": "勞工", "zh-Hans": "劳工"},  # ours: not in the rulebook
    "type.craftsman": {"en": "Craftsman", "zh-Hant": "工匠", "zh-Hans": "工匠"},
    "type.master": {"en": "Master", "zh-Hant": "大師", "zh-Hans": "大师"},  # ours: not in the rulebook
    # -- the voice: whose turn, a building finished, the last round, the winner
    "voice.turn": {"en": "{name}'s turn.", "zh-Hant": "輪到{name}。", "zh-Hans": "轮到{name}。"},
    "voice.finished": {"en": "{name} finished the {card}.", "zh-Hant": "{name}的{card}竣工了。",
                       "zh-Hans": "{name}的{card}竣工了。"},
    "voice.last_round": {"en": "Last round: {name} has {points} points.", "zh-Hant": "最後一輪：{name}已有{points}分。",
                         "zh-Hans": "最后一轮：{name}已有{points}分。"},
    "voice.last_round_blocked": {"en": "Last round: after {name}'s turn, nobody can finish another building.",
                                 "zh-Hant": "最後一輪：{name}的回合之後，沒有人能再完成建築。",
                                 "zh-Hans": "最后一轮：{name}的回合之后，没有人能再完成建筑。"},
    "voice.winner": {"en": "{name} wins with {score} points.", "zh-Hant": "{name}以{score}分獲勝。",
                     "zh-Hans": "{name}以{score}分获胜。"},
    "voice.shared": {"en": "{names} share the victory.", "zh-Hant": "{names}並列獲勝。", "zh-Hans": "{names}并列获胜。"},
}


def check(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    return lang


SAID = Words(WORDS, check=check)
seat_name = SAID.seat_name  # a seat's name, or "Seat 3" in `lang`

_COUNTED = re.compile(r"\{(\w+)\} (coin|point|action|worker|card)s\b")
"""A count before an English plural noun: "{coins} coins" says "1 coin" when the count is 1."""


def say(key: str, lang: str = "en", **params: object) -> str:
    """One sentence in `lang`; in English a count of 1 takes the singular ("1 coin", "1 point")."""
    if lang != "en" or not any(is_one(value) for value in params.values()):
        return SAID.say(key, lang, **params)
    template = _COUNTED.sub(lambda m: m.group(0)[:-1] if is_one(params.get(m.group(1))) else m.group(0),
                            WORDS[key]["en"])
    return template.format(**params)


def names_joined(seats: list[int], names: Mapping[int, str], lang: str = "en") -> str:
    return say("log.and", lang).join(seat_name(s, names, lang) for s in seats)


@functools.lru_cache(maxsize=1024)
def card_name(card_id: str | None, lang: str = "en") -> str:
    """A card as people name it: 'Chapel' / '小禮拜堂', 'Crane', 'Craftsman S1T3' / '工匠 石1瓦3'
    (workers print no name, only a type and four outputs); '-' for no card."""
    if card_id is None:
        return say("none", lang)
    if card_id in BUILDINGS and card_id not in CREW:
        return BUILDING_NAMES.get(card_id, {}).get(check(lang), BUILDINGS[card_id].name)
    w = CREW[card_id]
    if w.type == "machine":
        return w.name
    letters = RESOURCE_LETTERS[check(lang)]
    outputs = "".join(f"{letter}{n}" for letter, n in zip(letters, w.output) if n)
    kind = WORDS["type." + w.type][lang]
    return f"{kind} {outputs}" if lang == "en" else f"{kind}（{outputs}）"  # no space beside Chinese


def catalogue() -> dict[str, dict[str, str]]:
    """{lang: {key: template}} and every card's name, for the pages (served as JSON)."""
    cards = [*BUILDINGS, *(w for w in CREW if w not in BUILDINGS)]
    return {lang: {**{key: forms[lang] for key, forms in WORDS.items()},
                   **{f"card.{c}": card_name(c, lang) for c in cards}} for lang in LANGS}

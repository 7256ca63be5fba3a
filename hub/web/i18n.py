"""Words for the pages in English, Traditional and Simplified Chinese.

Card names come from the engine's card data when it is importable; the small tables here
only cover a hub running without it. Event sentences come from the voice narrator when
present (so the page says what the table says aloud), else from the templates below.
"""

from __future__ import annotations

import re
import string
from typing import Any, Callable, Mapping

LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")
SPEECH_LANGS: dict[str, str] = {"en": "en-GB", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}

# Terms follow the rulebooks: Traditional from the Classic rulebook, Simplified from the
# 2000 rule sheet. One word per idea in each language: a round is 輪/轮 (every player's
# character plays once), a turn is 回合 (one character's actions); the crown is 皇冠.
# Chinese sentences put no space between names, numbers and Chinese words.
_FALLBACK_CHARACTERS: dict[str, tuple[str, str, str]] = {
    "assassin": ("Assassin", "刺客", "刺客"),
    "thief": ("Thief", "小偷", "盗贼"),
    "magician": ("Magician", "魔術師", "魔法师"),
    "king": ("King", "國王", "国王"),
    "bishop": ("Bishop", "大主教", "主教"),
    "merchant": ("Merchant", "商人", "商人"),
    "architect": ("Architect", "建築師", "建筑师"),
    "warlord": ("Warlord", "領主", "领主"),
}

DISTRICT_TYPES: dict[str, tuple[str, str, str]] = {
    "noble": ("Noble", "皇家", "贵族"),
    "religious": ("Religious", "宗教", "宗教"),
    "trade": ("Trade", "商業", "商业"),
    "military": ("Military", "軍事", "军事"),
    "unique": ("Unique", "獨特", "特别"),
}
# One letter per type, shown with the colour so a type is never told by colour alone.
TYPE_LETTERS: dict[str, tuple[str, str, str]] = {
    "noble": ("N", "皇", "贵"),
    "religious": ("R", "宗", "宗"),
    "trade": ("T", "商", "商"),
    "military": ("M", "軍", "军"),
    "unique": ("U", "獨", "特"),
}
TYPE_ORDER: tuple[str, ...] = ("noble", "religious", "trade", "military", "unique")

SEAT_LABEL: tuple[str, str, str] = ("Seat {n}", "{n}號座位", "{n}号座位")

UI: dict[str, tuple[str, str, str]] = {
    "title": ("Citadels", "富饒之城", "富饶之城"),
    "round": ("Round", "輪", "轮"),
    "round_n": ("Round {n}", "第{n}輪", "第{n}轮"),
    "seat_n": SEAT_LABEL,
    "phase_setup": ("Waiting for a game", "等待開局", "等待开局"),
    "phase_draft": ("Choosing characters", "選擇角色", "选择角色"),
    "phase_turns": ("Characters play", "角色行動", "角色行动"),
    "phase_over": ("Game over", "遊戲結束", "游戏结束"),
    "gold": ("gold", "金幣", "金币"),
    "cards": ("cards", "手牌", "手牌"),
    "points": ("points", "分", "分"),
    "score": ("Score", "分數", "分数"),
    "city": ("City", "城市", "城市"),
    "crown": ("Crown", "皇冠", "皇冠"),
    "killed": ("Killed", "被刺殺", "被刺杀"),
    "robbed": ("Robbed", "被偷竊", "被偷窃"),
    "reader_offline": ("Reader offline", "讀卡器離線", "读卡器离线"),
    "readers_all_online": ("All readers online", "所有讀卡器在線", "所有读卡器在线"),
    "log": ("Game log", "遊戲記錄", "游戏记录"),
    "log_empty": ("Nothing has happened yet.", "還沒有任何事。", "还没有任何事。"),
    "draft_folded": ("Characters chosen: {n}", "選擇角色：{n}次", "选择角色：{n}次"),
    "deck": ("Deck", "牌堆", "牌堆"),
    "removed": ("Out this round, face up", "本輪正面朝上移除", "本轮正面朝上移除"),
    "complete": ("City complete", "城市完成", "城市完成"),
    "paused": ("Paused", "已暫停", "已暂停"),
    "paused_reason": ("Paused: {reason}", "已暫停：{reason}", "已暂停：{reason}"),
    "paused_reader": ("Paused: the reader at {seat} is offline.", "已暫停：{seat}的讀卡器離線。",
                      "已暂停：{seat}的读卡器离线。"),
    "live": ("Live", "即時", "实时"),
    "reconnecting": ("Reconnecting…", "重新連線中…", "重新连接中…"),
    "speak": ("Speak", "朗讀", "朗读"),
    "language": ("Language", "語言", "语言"),
    "winner": ("Winner", "勝者", "胜者"),
    "tiebreak": ("decided by tie-break", "由平手規則決定", "由平局规则决定"),
    "districts": ("Districts", "建築", "地区"),
    "all_types": ("5 types", "五種", "五种"),
    "completion": ("Complete", "完成", "完成"),
    "uniques": ("Unique", "獨特", "特别"),
    "total": ("Total", "總分", "总分"),
    "player": ("Player", "玩家", "玩家"),
    "key": ("Key", "圖例", "图例"),
    "types_collected": ("{n} of 5 types", "{n}/5種類型", "{n}/5种类型"),
    "chosen": ("chosen", "已選", "已选"),
    "choosing": ("choosing", "選擇中", "选择中"),
    "playing": ("playing", "行動中", "行动中"),
    "now": ("Now", "現在", "现在"),
    # the status sentence: what is happening and who must act
    "st_setup": ("Waiting for a game to start.", "等待開局。", "等待开局。"),
    "st_draft": ("{round}: {seat} is choosing a character ({n} of {total} chosen).",
                 "{round}：{seat}正在選擇角色（已選{n}/{total}）。", "{round}：{seat}正在选择角色（已选{n}/{total}）。"),
    "st_faceup": ("{round}: {seat} is laying out the characters removed face up.",
                  "{round}：{seat}正在翻開正面朝上移除的角色。", "{round}：{seat}正在翻开正面朝上移除的角色。"),
    "st_discard": ("{round}: {seat} is removing a character face down.",
                   "{round}：{seat}正在蓋牌移除一個角色。", "{round}：{seat}正在盖牌移除一个角色。"),
    "st_turn": ("{seat}, the {character}, is playing.", "{seat}（{character}）正在行動。", "{seat}（{character}）正在行动。"),
    "st_keep": ("{seat}, the {character}, is choosing a card to keep.", "{seat}（{character}）正在選擇保留的卡牌。",
                "{seat}（{character}）正在选择保留的卡牌。"),
    "st_toss": ("{seat}, the {character}, is putting cards back.", "{seat}（{character}）正在把卡牌放回。",
                "{seat}（{character}）正在把卡牌放回。"),
    "st_graveyard": ("{seat} may pay 1 gold to take back the destroyed district.",
                     "{seat}可以支付1枚金幣拿回被摧毀的建築。", "{seat}可以支付1枚金币拿回被摧毁的地区。"),
    "st_calling": ("Calling the {character}…", "正在呼叫{character}…", "正在呼叫{character}…"),
    "st_killed": ("The {character} was killed.", "{character}被刺殺了。", "{character}被刺杀了。"),
    "st_robbed": ("The {thief} robs the {character}.", "{thief}偷竊{character}。", "{thief}偷窃{character}。"),
    "st_over": ("Game over: {seat} wins with {score} points!", "遊戲結束：{seat}以{score}分獲勝！",
                "游戏结束：{seat}以{score}分获胜！"),
    # the seat page
    "you_are": ("You are {seat}", "你是{seat}", "你是{seat}"),
    "your_hand": ("Your hand", "你的手牌", "你的手牌"),
    "your_characters": ("Your characters", "你的角色", "你的角色"),
    "your_display": ("Your seat's display", "座位顯示屏", "座位显示屏"),
    "your_choice": ("Your choice", "輪到你選擇", "轮到你选择"),
    "your_turn": ("Your turn: {character}", "你的回合：{character}", "你的回合：{character}"),
    "buttons_offer": ("The buttons offer:", "按鈕可選：", "按钮可选："),
    "wait_for": ("Waiting for {seat}.", "等待{seat}。", "等待{seat}。"),
    "no_choice": ("Nothing to do right now.", "現在不需要做任何事。", "现在不需要做任何事。"),
    "hint_lay_character": ("Lay the character you choose on your reader.", "把你選擇的角色卡放在讀卡器上。",
                           "把你选择的角色卡放在读卡器上。"),
    "hint_lay_faceup": ("Lay each character removed face up on your reader, one at a time.",
                        "把正面朝上移除的角色卡逐一放在讀卡器上。", "把正面朝上移除的角色卡逐一放在读卡器上。"),
    "hint_lay_district_or_button": ("Lay a district card on your reader to build it, or use the buttons.",
                                    "把建築卡放在讀卡器上即可建造，或使用按鈕。", "把地区卡放在读卡器上即可建造，或使用按钮。"),
    "hint_lay_district": ("Lay a district card on your reader to build it.", "把建築卡放在讀卡器上即可建造。",
                          "把地区卡放在读卡器上即可建造。"),
    "hint_lay_card": ("Lay the card on your reader.", "把卡牌放在讀卡器上。", "把卡牌放在读卡器上。"),
    "hint_press_button": ("Choose with the buttons.", "請用按鈕選擇。", "请用按钮选择。"),
    "hint_choose": ("Choose below.", "請在下方選擇。", "请在下方选择。"),
    "hint_one_card": ("One card at a time on the reader.", "讀卡器上一次只放一張卡。", "读卡器上一次只放一张卡。"),
    "hint_wait": ("Nothing to do now: wait for your turn.", "現在不用操作，請等待你的回合。", "现在不用操作，请等待你的回合。"),
    "hint_use_buttons": ("Choose with the buttons on your seat or below.", "請用座位上的按鈕或在下方選擇。",
                         "请用座位上的按钮或在下方选择。"),
    "hint_lift_cards": ("Lift the cards your seat's display names.", "請拿起座位顯示屏上列出的卡牌。",
                        "请拿起座位显示屏上列出的卡牌。"),
    "hint_game_over": ("The game is over.", "遊戲結束。", "游戏结束。"),
    "hand_unknown": ("{n} cards not yet read", "{n}張未讀取的牌", "{n}张未读取的牌"),
    "sent": ("Sent", "已送出", "已发送"),
    "refused": ("Not accepted", "未被接受", "未被接受"),
    "scoreboard": ("Scoreboard", "記分板", "记分板"),
    # refusals a person may see, by code (the code itself is never shown)
    "code_not_your_turn": ("It is not your turn.", "還沒輪到你。", "还没轮到你。"),
    "code_use_reader": ("Lay the card on your reader instead.", "請把卡牌放在讀卡器上。", "请把卡牌放在读卡器上。"),
    "code_paused": ("The game is paused.", "遊戲已暫停。", "游戏已暂停。"),
    "code_cannot_afford": ("Not enough gold.", "金幣不足。", "金币不足。"),
    "code_no_builds_left": ("No more builds this turn.", "本回合不能再建造。", "本回合不能再建造。"),
    "code_must_gather_first": ("Take gold or cards first.", "請先拿金幣或抽牌。", "请先拿金币或抽牌。"),
    "code_duplicate_district": ("You already have that district.", "你已經有這個建築。", "你已经有这个地区。"),
    "code_game_over": ("The game is over.", "遊戲已結束。", "游戏已结束。"),
    "code_not_available": ("That is not available now.", "現在不能這樣做。", "现在不能这样做。"),
    "code_store_failed": ("The game record cannot be saved.", "遊戲記錄無法儲存。", "游戏记录无法保存。"),
    "code_other": ("That move is not allowed now.", "現在不能這樣做。", "现在不能这样做。"),
    # error pages
    "error_403": ("This link does not open this page. Ask the table for a new one.", "此連結無法開啟這個頁面，請向桌邊索取新的連結。",
                  "此链接无法打开这个页面，请向桌边索取新的链接。"),
    "error_404": ("Nothing here, or this seat has no player in this game.", "這裡沒有內容，或這個座位在本局沒有玩家。",
                  "这里没有内容，或这个座位在本局没有玩家。"),
    "error_other": ("Something went wrong. Try again.", "出了點問題，請再試一次。", "出了点问题，请再试一次。"),
    # the admin page
    "admin_title": ("Table admin", "桌面管理", "桌面管理"),
    "table": ("Table", "桌面", "桌面"),
    "pause": ("Pause", "暫停", "暂停"),
    "resume": ("Resume", "繼續", "继续"),
    "reason_pause": ("Reason (pause)", "暫停原因", "暂停原因"),
    "reason_required": ("Reason (required)", "原因（必填）", "原因（必填）"),
    "seed_was": ("This deal's seed was {seed}: the admin page can deal it again.",
                 "本局洗牌的種子是 {seed}：管理頁可以用它重發同一局。", "本局洗牌的种子是 {seed}：管理页可以用它重发同一局。"),
    "card_move": ("Move", "動作", "动作"),
    "card_verb_pick": ("picks", "選擇角色", "选择角色"),
    "card_verb_faceup": ("shows face up", "正面朝上移除", "正面朝上移除"),
    "card_verb_build": ("builds", "建造", "建造"),
    "card_verb_destroy": ("destroys, in the city of seat", "摧毀（在某座位的城市）", "摧毁（在某座位的城市）"),
    "card_target": ("City of seat", "城市所屬座位", "城市所属座位"),
    "card_card": ("Card", "卡牌", "卡牌"),
    "enter_card": ("Enter the card for the seat (its reader cannot read it)", "替座位輸入卡牌（讀卡器讀不到）",
                   "替座位输入卡牌（读卡器读不到）"),
    "enroll": ("Start tag enrollment", "開始登記卡片", "开始登记卡片"),
    "new_game": ("New game", "新遊戲", "新游戏"),
    "players": ("Players", "玩家人數", "玩家人数"),
    "variant": ("Variant", "規則", "规则"),
    "variant_classic7": ("Classic: city complete at 7", "經典：7個建築完成城市", "经典：7个地区完成城市"),
    "variant_classic8": ("Classic: city complete at 8", "經典：8個建築完成城市", "经典：8个地区完成城市"),
    "mode": ("Mode", "模式", "模式"),
    "mode_physical": ("Physical cards", "實體卡牌", "实体卡牌"),
    "mode_digital": ("Digital (hub deals)", "數位（主機發牌）", "数字（主机发牌）"),
    "seed": ("Seed", "隨機種子", "随机种子"),
    "seed_random": ("random", "隨機", "随机"),
    "start_game": ("Start game", "開始遊戲", "开始游戏"),
    "corrections": ("Corrections", "更正", "更正"),
    "void": ("Undo last action", "撤銷上一步", "撤销上一步"),
    "gold_delta": ("Gold ±", "金幣 ±", "金币 ±"),
    "adjust_gold": ("Adjust gold", "調整金幣", "调整金币"),
    "seat": ("Seat", "座位", "座位"),
    "seat_links": ("Seat links", "座位連結", "座位链接"),
    "seat_links_help": ("Each phone scans its own seat's code. Keep these private.",
                        "每支手機掃描自己座位的條碼。請勿公開。", "每部手机扫描自己座位的二维码。请勿公开。"),
    "link": ("link", "連結", "链接"),
    "qr_for": ("QR code for {seat}", "{seat}的條碼", "{seat}的二维码"),
    "running": ("Playing", "進行中", "进行中"),
    "readers": ("Readers", "讀卡器", "读卡器"),
    "live_pages": ("Pages open", "開啟的頁面", "打开的页面"),
    "no_game": ("No game", "沒有遊戲", "没有游戏"),
    "record_not_saved": ("GAME RECORD NOT SAVED", "遊戲記錄未儲存", "游戏记录未保存"),
    "done": ("Done", "完成", "完成"),
    "admin_ok_pause": ("The game is paused.", "遊戲已暫停。", "游戏已暂停。"),
    "admin_ok_resume": ("The game continues.", "遊戲繼續。", "游戏继续。"),
    "admin_ok_game": ("A new game has started.", "新遊戲已開始。", "新游戏已开始。"),
    "admin_ok_void": ("The last action was undone.", "已撤銷上一步。", "已撤销上一步。"),
    "admin_ok_gold": ("Gold corrected.", "金幣已更正。", "金币已更正。"),
    "admin_ok_card": ("Card recorded.", "卡牌已記錄。", "卡牌已记录。"),
    "admin_need_reason": ("Please give a reason.", "請填寫原因。", "请填写原因。"),
    "admin_use_cli": ("Stop the hub and run 'citadels-hub enroll' at the table.", "請停止主機，在桌邊執行 citadels-hub enroll。",
                      "请停止主机，在桌边运行 citadels-hub enroll。"),
    "admin_bad": ("Not accepted: please check the form.", "未被接受：請檢查表單。", "未被接受：请检查表单。"),
    "admin_nothing_to_undo": ("There is nothing to undo.", "沒有可撤銷的動作。", "没有可撤销的动作。"),
    "admin_offline": ("The hub cannot be reached.", "無法連線到主機。", "无法连接到主机。"),
}

# Words for the verbs of an action, so a button reads "Pick Thief" rather than "2 pick thief".
VERBS: dict[str, tuple[str, str, str]] = {
    "faceup": ("Face up", "正面移除", "正面移除"),
    "pick": ("Pick", "選擇", "选择"),
    "discard": ("Remove face down", "蓋牌移除", "盖牌移除"),
    "gold": ("Take 2 gold", "拿2枚金幣", "拿2枚金币"),
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
    "toss": ("Put back", "放回", "放回"),
    "done": ("Done", "完成", "完成"),
    "graveyard": ("Graveyard", "墓地", "墓地"),
    "take": ("take it back", "拿回", "拿回"),
    "pass": ("pass", "放棄", "放弃"),
}

# Sentences for the game log, as a player would tell the game. An empty template keeps
# the event out of the log (its story is told by another event: "builds" says the price).
_EVENT_TEMPLATES: dict[str, tuple[str, str, str]] = {
    "round_started": ("Round {round} begins; {crowned} holds the crown.", "第{round}輪開始，{crowned}持有皇冠。",
                      "第{round}轮开始，{crowned}持有皇冠。"),
    "faceup_removed": ("Out this round, face up: {characters}.", "本輪正面朝上移除：{characters}。",
                       "本轮正面朝上移除：{characters}。"),
    "draft_turn": ("{seat} is choosing a character.", "{seat}正在選擇角色。", "{seat}正在选择角色。"),
    "picked": ("{seat} chose a character.", "{seat}選好了角色。", "{seat}选好了角色。"),
    "called": ("", "", ""),
    "no_answer": ("Nobody was the {character}.", "沒有人選{character}。", "没有人选{character}。"),
    "no_answer_killed": ("The {character} was killed and misses the turn.", "{character}被刺殺，失去回合。",
                         "{character}被刺杀，失去回合。"),
    "revealed": ("{seat} is the {character}.", "{seat}是{character}。", "{seat}是{character}。"),
    "killed": ("The Assassin kills the {character}.", "刺客刺殺了{character}。", "刺客刺杀了{character}。"),
    "robbed_named": ("The Thief robs the {character}.", "{thief}偷竊{character}。", "{thief}偷窃{character}。"),
    "robbery": ("{thief_seat} takes {amount} gold from {victim_seat}.", "{thief_seat}從{victim_seat}拿走{amount}枚金幣。",
                "{thief_seat}从{victim_seat}拿走{amount}枚金币。"),
    "crown": ("{seat} takes the crown.", "{seat}拿到皇冠。", "{seat}拿到皇冠。"),
    "crown_heir": ("{seat} inherits the crown.", "{seat}繼承皇冠。", "{seat}继承皇冠。"),
    "gold_gather": ("{seat} takes {n} gold.", "{seat}拿了{n}枚金幣。", "{seat}拿了{n}枚金币。"),
    "gold_income": ("{seat} collects {n} gold from their districts.", "{seat}從建築收取{n}枚金幣。",
                    "{seat}从地区收取{n}枚金币。"),
    "gold_merchant": ("{seat} gets 1 more gold as the Merchant.", "{seat}身為商人多拿1枚金幣。",
                      "{seat}作为商人多拿1枚金币。"),
    "gold_correction": ("Correction: {seat} {delta} gold.", "更正：{seat}金幣{delta}。", "更正：{seat}金币{delta}。"),
    "gold_laboratory": ("{seat} gets {n} gold at the Laboratory.", "{seat}在實驗室得到{n}枚金幣。",
                        "{seat}在实验室得到{n}枚金币。"),
    "gold_smithy": ("{seat} pays {n} gold at the Smithy.", "{seat}在鐵匠鋪支付{n}枚金幣。", "{seat}在铁匠铺支付{n}枚金币。"),
    "gold_other": ("", "", ""),
    "cards_gain": ("{seat} takes {n} cards into their hand.", "{seat}拿了{n}張手牌。", "{seat}拿了{n}张手牌。"),
    "cards_loss": ("{seat} gives up {n} cards.", "{seat}放棄了{n}張手牌。", "{seat}放弃了{n}张手牌。"),
    "instruct_draw_keep": ("{seat} draws {draw} cards and keeps {keep}.", "{seat}抽{draw}張牌，保留{keep}張。",
                           "{seat}抽{draw}张牌，保留{keep}张。"),
    "instruct_draw": ("", "", ""),  # the cards it brings are told ("takes 2 cards into their hand")
    "instruct_redraw": ("{seat} swaps {draw} cards with the deck.", "{seat}與牌堆交換{draw}張牌。",
                        "{seat}与牌堆交换{draw}张牌。"),
    "built": ("{seat} builds the {district}.", "{seat}建造了{district}。", "{seat}建造了{district}。"),
    "destroyed": ("{warlord_seat} destroys the {district} of {seat}.", "{warlord_seat}摧毀了{seat}的{district}。",
                  "{warlord_seat}摧毁了{seat}的{district}。"),
    "graveyard_taken": ("{seat} takes the {district} back from the Graveyard.", "{seat}用墓地拿回了{district}。",
                        "{seat}用墓地拿回了{district}。"),
    "graveyard_passed": ("", "", ""),
    "swapped": ("{seat} swaps hands with {other}.", "{seat}與{other}交換手牌。", "{seat}与{other}交换手牌。"),
    "completed": ("{seat} completes a city!", "{seat}完成了城市！", "{seat}完成了城市！"),
    "turn_ended": ("", "", ""),
    "round_ended": ("Round {round} ends.", "第{round}輪結束。", "第{round}轮结束。"),
    "game_over": ("Game over: {winner} wins!", "遊戲結束：{winner}獲勝！", "游戏结束：{winner}获胜！"),
    "paused": ("The game is paused.", "遊戲暫停。", "游戏暂停。"),
    "paused_reason": ("The game is paused: {reason}", "遊戲暫停：{reason}", "游戏暂停：{reason}"),
    "paused_reader": ("The game is paused: the reader at {seat} is offline.", "遊戲暫停：{seat}的讀卡器離線。",
                      "游戏暂停：{seat}的读卡器离线。"),
    "resumed": ("The game continues.", "遊戲繼續。", "游戏继续。"),
    "voided": ("Correction: the last action was undone.", "更正：撤銷了上一步。", "更正：撤销了上一步。"),
    "new_game": ("A new game with {players} players.", "新遊戲：{players}位玩家。", "新游戏：{players}位玩家。"),
    "refusal": ("A move by {seat} was not accepted.", "{seat}的動作未被接受。", "{seat}的动作未被接受。"),
    "prompt": ("", "", ""),
    "reader": ("", "", ""),
    "reader_fault": ("The reader at {seat} has a fault.", "{seat}的讀卡器故障。", "{seat}的读卡器故障。"),
    "reader_recovered": ("The reader at {seat} works again.", "{seat}的讀卡器已恢復。", "{seat}的读卡器已恢复。"),
    "store_failed": ("The game record could not be saved!", "遊戲記錄無法儲存！", "游戏记录无法保存！"),
    "enrollment_started": ("Card enrollment started.", "開始登記卡片。", "开始登记卡片。"),
    "correction": ("", "", ""),  # told by the event it caused (voided, gold)
}
_GOLD_INCOME = frozenset({"tax", "income", "king", "bishop", "warlord", "noble", "religious", "military", "trade"})
_SEAT_KEYS = frozenset({"seat", "crowned", "thief_seat", "victim_seat", "warlord_seat", "other", "winner"})
_CARD_KEYS = frozenset({"character", "district"})
_DEFAULT_NAME = re.compile(r"^Seat ([0-9]{1,2})$")
# The table gives a pause reason as an English sentence; the pages word it themselves.
PAUSED_FOR_READER = re.compile(r"^paused: seat ([0-9]{1,2})'s reader is offline$")
PAUSED_BY_TABLE = "paused by the table: "


def pause_reason(text: str | None) -> dict[str, Any]:
    """`{"reader": seat}` for a reader gone offline, else `{"reason": what the admin typed}`."""
    text = str(text or "")
    reader = PAUSED_FOR_READER.match(text)
    if reader:
        return {"reader": int(reader.group(1))}
    reason = text[len(PAUSED_BY_TABLE):] if text.startswith(PAUSED_BY_TABLE) else text
    return {"reason": reason} if reason else {}


def lang_index(lang: str) -> int:
    return LANGS.index(lang) if lang in LANGS else 0


def _title(card_id: str) -> str:
    return card_id.replace("_", " ").title()


def _engine_card_names() -> dict[str, dict[str, str]] | None:
    """`{lang: {card_id: name}}` from the engine's card data (every printing)."""
    try:
        from hub.engine.cards import CHARACTERS, all_districts
    except ImportError:
        return None
    names: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    cards = [(c.id, c.names) for c in CHARACTERS] + [(d.id, d.names) for d in all_districts().values()]
    for card_id, card_names_by_lang in cards:
        for lang in LANGS:
            names[lang][card_id] = card_names_by_lang.get(lang) or card_names_by_lang["en"]
    return names


def card_names() -> dict[str, dict[str, str]]:
    """Names of every known card per language; engine data wins over the fallback."""
    names: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for card_id, words in _FALLBACK_CHARACTERS.items():
        for i, lang in enumerate(LANGS):
            names[lang][card_id] = words[i]
    engine = _engine_card_names()
    if engine:
        for lang in LANGS:
            names[lang].update(engine[lang])
    return names


def type_names() -> dict[str, dict[str, str]]:
    """District type names per language, as the rulebooks print them."""
    return {lang: {k: v[i] for k, v in DISTRICT_TYPES.items()} for i, lang in enumerate(LANGS)}


def _per_lang(table: Mapping[str, tuple[str, str, str]]) -> dict[str, dict[str, str]]:
    return {lang: {k: v[i] for k, v in table.items()} for i, lang in enumerate(LANGS)}


def catalogue() -> dict[str, Any]:
    """Everything the pages need to speak three languages, served once as JSON."""
    return {
        "langs": list(LANGS),
        "speech": SPEECH_LANGS,
        "ui": _per_lang(UI),
        "verbs": _per_lang(VERBS),
        "types": type_names(),
        "type_letters": _per_lang(TYPE_LETTERS),
        "type_order": list(TYPE_ORDER),
        "cards": card_names(),
    }


def is_default_name(seat: int, name: str | None) -> bool:
    """True when the table gave the seat no name (the engine then calls it "Seat 3")."""
    default = _DEFAULT_NAME.match(name or "")
    return not name or (default is not None and int(default.group(1)) == seat)


def seat_label(seat: int, name: str | None, lang: str) -> str:
    """A player's name, or "Seat 3" in the reader's language when the table gave none."""
    return SEAT_LABEL[lang_index(lang)].format(n=seat) if is_default_name(seat, name) else str(name)


def localized_names(names: Mapping[int, str], lang: str) -> dict[int, str]:
    return {seat: seat_label(seat, name, lang) for seat, name in names.items()}


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


def _template_key(kind: str, data: Mapping[str, Any]) -> str:
    """Which sentence tells this event (one kind can read several ways)."""
    if kind == "crown" and data.get("heir"):
        return "crown_heir"
    if kind == "no_answer" and data.get("killed"):
        return "no_answer_killed"
    if kind == "paused":
        if isinstance(data.get("seat"), int) or "reader" in pause_reason(data.get("reason")):
            return "paused_reader"
        return "paused_reason" if pause_reason(data.get("reason")) else "paused"
    if kind == "gold":
        reason = str(data.get("reason", ""))
        if not data.get("delta"):
            return "gold_other"  # "collects 0 gold" is not news
        if reason == "gather":
            return "gold_gather"
        if reason in _GOLD_INCOME:
            return "gold_income"
        return {"merchant": "gold_merchant", "laboratory": "gold_laboratory", "smithy": "gold_smithy",
                "correction": "gold_correction"}.get(reason, "gold_other")
    if kind == "cards":
        if data.get("reason") == "graveyard":
            return "gold_other"
        delta = data.get("delta")
        return "cards_gain" if isinstance(delta, int) and delta > 0 else "cards_loss"
    if kind == "instruct":
        return {"draw_keep": "instruct_draw_keep", "draw": "instruct_draw", "redraw": "instruct_redraw"}.get(
            str(data.get("what")), "gold_other")
    return kind


def sentence(event: Mapping[str, Any], lang: str, seat_names: Mapping[int, str], names: Mapping[str, str]) -> str:
    """What a player would say happened, in `lang`; "" when the log need not say it.

    Never an engine id or code: unknown kinds and unknown cards give "" or a plain name.
    """
    kind, data = event_fields(event)
    i = lang_index(lang)
    template = _EVENT_TEMPLATES.get(_template_key(kind, data))
    if template is None or not template[i]:
        return ""
    values: dict[str, Any] = {"thief": names.get("thief", "Thief")}
    if kind == "paused":
        data = {**data, **pause_reason(data.get("reason"))}
        data.setdefault("seat", data.pop("reader", None))
    for key, value in data.items():
        if key in _SEAT_KEYS and isinstance(value, int):
            values[key] = seat_label(value, seat_names.get(value), lang)
        elif key in _CARD_KEYS and isinstance(value, str):
            values[key] = names.get(value, _title(value))
        elif key == "characters" and isinstance(value, list):
            values[key] = ("、" if i else ", ").join(names.get(str(c), _title(str(c))) for c in value) or "—"
        elif key == "delta" and isinstance(value, int):
            values[key] = f"{value:+d}"
            values["n"] = abs(value)
        else:
            values[key] = value
    text = _FORMATTER.format(template[i], **values)
    return _ONE_CARD.sub("1 card", text) if i == 0 else text


_ONE_CARD = re.compile(r"\b1 cards\b")
fallback_text = sentence  # the name older callers know


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

    `words` is what the page's log shows (written sentences, "" for events the log leaves
    out); `speech` is what the table's voice would say (from the narrator, when it is
    installed), for the page's speak switch. Default seat names are said in each language.
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
                    custom = {s: n for s, n in seat_names.items() if not is_default_name(s, n)}
                    said = " ".join(self._narrate(dict(event), lang, custom))
                except Exception:  # the voice helper must never break the scoreboard
                    said = ""
            if said:
                spoken[lang] = said
            shown[lang] = sentence(event, lang, seat_names, self._names[lang])
        out = {"words": shown}
        if spoken:
            out["speech"] = spoken
        return out

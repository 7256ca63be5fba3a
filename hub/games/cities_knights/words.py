"""Every word Cities & Knights shows or says, in the hub's three languages. The Chinese
follows the source document's terms (骑士, 野蛮人, 进度卡, 城市改善, 大都会, 城墙...)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hub.engine.cities_knights.cards import CARDS

from .page_words import CARD_NAMES_HANT, PAGE

LANGS = ("en", "zh-Hant", "zh-Hans")

W = dict[str, str]
WORDS: dict[str, W] = {
    "seat": {"en": "Seat {seat}", "zh-Hant": "{seat}號座位", "zh-Hans": "{seat}号座位"},
    "and": {"en": " and ", "zh-Hant": "、", "zh-Hans": "、"},
    "list": {"en": ", ", "zh-Hant": "、", "zh-Hans": "、"},
    "limit_of": {"en": "{name} {limit}", "zh-Hant": "{name}{limit}張", "zh-Hans": "{name}{limit}张"},
    "nobody": {"en": "nobody", "zh-Hant": "沒有人", "zh-Hans": "没有人"},
    "colour.green": {"en": "green (science)", "zh-Hant": "綠色（科學）", "zh-Hans": "绿色（科学）"},
    "colour.yellow": {"en": "yellow (trade)", "zh-Hant": "黃色（貿易）", "zh-Hans": "黄色（贸易）"},
    "colour.blue": {"en": "blue (politics)", "zh-Hant": "藍色（政治）", "zh-Hans": "蓝色（政治）"},
    "face.ship": {"en": "the barbarian ship", "zh-Hant": "野蠻人船", "zh-Hans": "野蛮人船"},
    "face.gate": {"en": "the {colour} gate", "zh-Hant": "{colour}城堡", "zh-Hans": "{colour}城堡"},
    "piece.settlement": {"en": "a settlement", "zh-Hant": "一個定居點", "zh-Hans": "一个定居点"},
    "piece.city": {"en": "a city", "zh-Hant": "一座城市", "zh-Hans": "一座城市"},
    "piece.wall": {"en": "a city wall", "zh-Hant": "一道城牆", "zh-Hans": "一道城墙"},
    "ability.aqueduct": {"en": "the aqueduct", "zh-Hant": "渡槽", "zh-Hans": "渡槽"},
    "ability.trading_house": {"en": "the trading house", "zh-Hant": "貿易公司", "zh-Hans": "贸易公司"},
    "ability.fortress": {"en": "the fortress", "zh-Hant": "要塞", "zh-Hans": "要塞"},
    "turn_started": {"en": "{name}'s turn (round {round}).", "zh-Hant": "輪到{name}（第{round}輪）。",
                     "zh-Hans": "轮到{name}（第{round}轮）。"},
    "rolled": {"en": "{name} rolls red {red} and yellow {yellow}: {total}; the event die shows {face}.",
               "zh-Hant": "{name}擲出紅色{red}、黃色{yellow}，共{total}；事件骰子：{face}。",
               "zh-Hans": "{name}掷出红色{red}、黄色{yellow}，共{total}；事件骰子：{face}。"},
    "ship": {"en": "The barbarians advance: {left} steps from Catan (barbarians {barbarians}, knights {knights}).",
             "zh-Hant": "野蠻人前進：距離卡坦還有{left}步（野蠻人{barbarians}，騎士{knights}）。",
             "zh-Hans": "野蛮人前进：距离卡坦还有{left}步（野蛮人{barbarians}，骑士{knights}）。"},
    "arrived": {"en": "The barbarians reach Catan! Every seat confirms its active knights.",
                "zh-Hant": "野蠻人抵達卡坦！每位玩家確認自己現役騎士的力量。",
                "zh-Hans": "野蛮人抵达卡坦！每位玩家确认自己现役骑士的力量。"},
    "attack_won": {"en": "Catan holds: knights {knights} against barbarians {barbarians}.",
                   "zh-Hant": "卡坦守住了：騎士{knights}對野蠻人{barbarians}。",
                   "zh-Hans": "卡坦守住了：骑士{knights}对野蛮人{barbarians}。"},
    "defender": {"en": "{name} is the Defender of Catan: 1 victory point.",
                 "zh-Hant": "{name}成為卡坦守護者：1分。", "zh-Hans": "{name}成为卡坦守护者：1分。"},
    "tied": {"en": "A tie for strongest: {names} each draw a progress card of the colour they choose.",
             "zh-Hant": "最強並列：{names}各自選一種顏色抽一張進度卡。",
             "zh-Hans": "最强并列：{names}各自选一种颜色抽一张进度卡。"},
    "attack_lost": {"en": "The barbarians win: knights {knights} against barbarians {barbarians}. {names} each "
                          "lose a city.",
                    "zh-Hant": "野蠻人獲勝：騎士{knights}對野蠻人{barbarians}。{names}各失去一座城市。",
                    "zh-Hans": "野蛮人获胜：骑士{knights}对野蛮人{barbarians}。{names}各失去一座城市。"},
    "knights_reset": {"en": "Every knight is inactive; the barbarian ship is back at the start.",
                      "zh-Hant": "所有騎士停用；野蠻人船回到起點。", "zh-Hans": "所有骑士停用；野蛮人船回到起点。"},
    "gate": {"en": "{colour_name} gate, red {red}: {names} draw.", "zh-Hant": "{colour_name}城堡，紅色{red}：{names}抽進度卡。",
             "zh-Hans": "{colour_name}城堡，红色{red}：{names}抽进度卡。"},
    "draw_prompt": {"en": "Draw 1 {colour_name}, tap it", "zh-Hant": "抽1張{colour_name}進度卡，感應它",
                    "zh-Hans": "抽1张{colour_name}进度卡，感应它"},
    "draw_short": {"en": "Draw 1 {colour}, tap it", "zh-Hant": "抽1張{colour}卡並感應", "zh-Hans": "抽1张{colour}卡并感应"},
    "plain.green": {"en": "green", "zh-Hant": "綠色", "zh-Hans": "绿色"},
    "plain.yellow": {"en": "yellow", "zh-Hant": "黃色", "zh-Hans": "黄色"},
    "plain.blue": {"en": "blue", "zh-Hant": "藍色", "zh-Hans": "蓝色"},
    "drew": {"en": "{name} draws a {colour_name} progress card.", "zh-Hant": "{name}抽了一張{colour_name}進度卡。",
             "zh-Hans": "{name}抽了一张{colour_name}进度卡。"},
    "vp_card": {"en": "{name} reveals {card}: 1 victory point.", "zh-Hant": "{name}亮出{card}：1分。",
                "zh-Hans": "{name}亮出{card}：1分。"},
    "discarded": {"en": "{name} discards a progress card.", "zh-Hant": "{name}棄掉一張進度卡。",
                  "zh-Hans": "{name}弃掉一张进度卡。"},
    "hand_limit": {"en": "{name} holds {held} progress cards: discard one.",
                   "zh-Hant": "{name}手上有{held}張進度卡：棄掉一張。", "zh-Hans": "{name}手上有{held}张进度卡：弃掉一张。"},
    "deck_empty": {"en": "No card left to draw for {name}.", "zh-Hant": "{name}沒有牌可抽。",
                   "zh-Hans": "{name}没有牌可抽。"},
    "reward": {"en": "{name} draws from the {colour_name} deck.", "zh-Hant": "{name}從{colour_name}牌堆抽牌。",
               "zh-Hans": "{name}从{colour_name}牌堆抽牌。"},
    "played": {"en": "{name} plays {card}.", "zh-Hant": "{name}打出{card}。", "zh-Hans": "{name}打出{card}。"},
    "played_on": {"en": "{name} plays {card} on {target}.", "zh-Hant": "{name}對{target}打出{card}。",
                  "zh-Hans": "{name}对{target}打出{card}。"},
    "affected": {"en": "Affected: {names}.", "zh-Hant": "受影響：{names}。", "zh-Hans": "受影响：{names}。"},
    "took": {"en": "{name} takes a progress card from {victim}.", "zh-Hant": "{name}從{victim}拿走一張進度卡。",
             "zh-Hans": "{name}从{victim}拿走一张进度卡。"},
    "seven": {"en": "A seven: whoever holds more cards than their limit discards half ({limits}).",
              "zh-Hant": "擲出七：手牌超過上限者棄掉一半（{limits}）。", "zh-Hans": "掷出七：手牌超过上限者弃掉一半（{limits}）。"},
    "robber_locked": {"en": "The robber stays put until the barbarians' first attack.",
                      "zh-Hant": "在野蠻人第一次攻擊前，強盜不能移動。", "zh-Hans": "在野蛮人第一次攻击前，强盗不能移动。"},
    "robber_free": {"en": "Move the robber.", "zh-Hant": "移動強盜。", "zh-Hans": "移动强盗。"},
    "production": {"en": "Production on {total}.", "zh-Hant": "{total}點生產。", "zh-Hans": "{total}点生产。"},
    "aqueduct": {"en": "Aqueduct: {names}, if you got nothing, take a resource of your choice.",
                 "zh-Hant": "渡槽：{names}若未獲得資源，可任選一張資源。",
                 "zh-Hans": "渡槽：{names}若未获得资源，可任选一张资源。"},
    "built": {"en": "{name} builds {piece}.", "zh-Hant": "{name}建造了{piece}。", "zh-Hans": "{name}建造了{piece}。"},
    "knight.build": {"en": "{name} places a basic knight.", "zh-Hant": "{name}放置一名基礎騎士。",
                     "zh-Hans": "{name}放置一名基础骑士。"},
    "knight.activate": {"en": "{name} activates a knight.", "zh-Hant": "{name}激活一名騎士。",
                        "zh-Hans": "{name}激活一名骑士。"},
    "knight.promote": {"en": "{name} promotes a knight.", "zh-Hant": "{name}升級一名騎士。",
                       "zh-Hans": "{name}升级一名骑士。"},
    "knight.act": {"en": "{name}'s knight acts and is inactive.", "zh-Hant": "{name}的騎士行動後停用。",
                   "zh-Hans": "{name}的骑士行动后停用。"},
    "knight.chase": {"en": "{name}'s knight chases the robber.", "zh-Hant": "{name}的騎士趕走強盜。",
                     "zh-Hans": "{name}的骑士赶走强盗。"},
    "knight.ousted": {"en": "{name} loses a knight from the board.", "zh-Hant": "{name}的一名騎士離開棋盤。",
                      "zh-Hans": "{name}的一名骑士离开棋盘。"},
    "knight.deserted": {"en": "{name}'s knight deserts.", "zh-Hant": "{name}的騎士逃走了。",
                        "zh-Hans": "{name}的骑士逃走了。"},
    "knight.placed": {"en": "{name} places the deserter.", "zh-Hant": "{name}放置了逃兵。",
                      "zh-Hans": "{name}放置了逃兵。"},
    "knight.not_placed": {"en": "{name} places no knight.", "zh-Hant": "{name}沒有放置騎士。",
                          "zh-Hans": "{name}没有放置骑士。"},
    "improved": {"en": "{name}: {colour_name} city improvement, level {level}.",
                 "zh-Hant": "{name}：{colour_name}城市改善，第{level}級。", "zh-Hans": "{name}：{colour_name}城市改善，第{level}级。"},
    "ability": {"en": "{name} has {ability}.", "zh-Hant": "{name}擁有{ability}。", "zh-Hans": "{name}拥有{ability}。"},
    "metropolis": {"en": "{name} holds the {colour_name} metropolis: 2 victory points.",
                   "zh-Hant": "{name}擁有{colour_name}大都會：2分。", "zh-Hans": "{name}拥有{colour_name}大都会：2分。"},
    "road": {"en": "Longest road: {name}.", "zh-Hant": "最長道路：{name}。", "zh-Hans": "最长道路：{name}。"},
    "pillaged": {"en": "{name} loses a city to the barbarians.", "zh-Hant": "{name}被野蠻人摧毀一座城市。",
                 "zh-Hans": "{name}被野蛮人摧毁一座城市。"},
    "pillaged_sided": {"en": "With no settlement piece left, the city lies on its side: a settlement's point until rebuilt.",
                       "zh-Hant": "沒有剩餘的定居點，城市橫放：重建前按定居點計分。",
                       "zh-Hans": "没有剩余的定居点，城市横放：重建前按定居点计分。"},
    "confirmed": {"en": "{name}: active knights {strength}.", "zh-Hant": "{name}：現役騎士{strength}。",
                  "zh-Hans": "{name}：现役骑士{strength}。"},
    "turn_ended": {"en": "{name} ends the turn with {vp} points.", "zh-Hant": "{name}結束回合，{vp}分。",
                   "zh-Hans": "{name}结束回合，{vp}分。"},
    "game_over": {"en": "{name} wins with {vp} points!", "zh-Hant": "{name}以{vp}分獲勝！",
                  "zh-Hans": "{name}以{vp}分获胜！"},
    "corrected": {"en": "Correction: {name}'s {what} set to {value} ({vp} points).",
                  "zh-Hant": "更正：{name}的{what}改為{value}（{vp}分）。", "zh-Hans": "更正：{name}的{what}改为{value}（{vp}分）。"},
    "what.settlements": {"en": "settlements", "zh-Hant": "定居點", "zh-Hans": "定居点"},
    "what.cities": {"en": "cities", "zh-Hant": "城市", "zh-Hans": "城市"},
    "what.walls": {"en": "city walls", "zh-Hant": "城牆", "zh-Hans": "城墙"},
    "what.defender": {"en": "Defender of Catan points", "zh-Hant": "卡坦守護者分數", "zh-Hans": "卡坦守护者分数"},
    "what.green": {"en": "green improvement level", "zh-Hant": "綠色城市改善等級", "zh-Hans": "绿色城市改善等级"},
    "what.yellow": {"en": "yellow improvement level", "zh-Hant": "黃色城市改善等級", "zh-Hans": "黄色城市改善等级"},
    "what.blue": {"en": "blue improvement level", "zh-Hant": "藍色城市改善等級", "zh-Hans": "蓝色城市改善等级"},
    "undone": {"en": "The last move was undone: {reason}.", "zh-Hant": "上一步已撤銷：{reason}。",
               "zh-Hans": "上一步已撤销：{reason}。"},
    "your_turn": {"en": "Your turn", "zh-Hant": "輪到你", "zh-Hans": "轮到你"},
    "barbarians_at": {"en": "Barbarians: {left} steps", "zh-Hant": "野蠻人：還有{left}步", "zh-Hans": "野蛮人：还有{left}步"},
    "wait": {"en": "Wait", "zh-Hant": "請稍候", "zh-Hans": "请稍候"},
    "not_a_card": {"en": "Not a progress card: lift it", "zh-Hant": "不是進度卡：請拿起", "zh-Hans": "不是进度卡：请拿起"},
    "alchemist_set": {"en": "Alchemist: {red}+{yellow}={total}", "zh-Hant": "煉金術士：{red}+{yellow}={total}",
                      "zh-Hans": "炼金术士：{red}+{yellow}={total}"},
    "event_die": {"en": "event die: {face}", "zh-Hant": "事件骰子：{face}", "zh-Hans": "事件骰子：{face}"},
    "setup_decks_1": {"en": "Shuffle the 3 decks,", "zh-Hant": "三疊進度卡洗勻，", "zh-Hans": "三叠进度卡洗匀，"},
    "setup_decks_2": {"en": "the ship at the start", "zh-Hant": "野蠻人船放在起點", "zh-Hans": "野蛮人船放在起点"},
    "setup_pieces_1": {"en": "Set up: 1 settlement", "zh-Hant": "開局：1個定居點", "zh-Hans": "开局：1个定居点"},
    "setup_pieces_2": {"en": "and 1 city (3 points)", "zh-Hant": "和1座城市（3分）", "zh-Hans": "和1座城市（3分）"},
    "result": {"en": "Game {number}: {name} wins with {vp} points after {rounds} rounds.",
               "zh-Hant": "第{number}局：{name}在{rounds}輪後以{vp}分獲勝。",
               "zh-Hans": "第{number}局：{name}在{rounds}轮后以{vp}分获胜。"},
}

EFFECTS: dict[str, W] = {  # what the players do on the board when a card is played (digest, CSV)
    "alchemist": {"en": "The red and yellow dice are chosen.", "zh-Hant": "紅色與黃色骰子的點數由玩家決定。",
                  "zh-Hans": "红色与黄色骰子的点数由玩家决定。"},
    "crane": {"en": "One city improvement this turn costs one commodity less.",
              "zh-Hant": "本回合一項城市改善少付一張商品。", "zh-Hans": "本回合一项城市改善少付一张商品。"},
    "engineer": {"en": "A city wall is built free.", "zh-Hant": "免費建造一道城牆。", "zh-Hans": "免费建造一道城墙。"},
    "inventor": {"en": "Swap two number tokens, not 2, 12, 6 or 8.", "zh-Hant": "交換兩個數字標記（2、12、6、8除外）。",
                 "zh-Hans": "交换两个数字标记（2、12、6、8除外）。"},
    "irrigation": {"en": "Take 2 grain for each fields hex next to your settlements or cities.",
                   "zh-Hant": "你的定居點或城市旁每塊田地拿2張小麥。", "zh-Hans": "你的定居点或城市旁每块田地拿2张小麦。"},
    "medicine": {"en": "A settlement becomes a city for 2 ore and 1 grain.",
                 "zh-Hant": "以2礦石1小麥把一個定居點升級為城市。", "zh-Hans": "以2矿石1小麦把一个定居点升级为城市。"},
    "mining": {"en": "Take 2 ore for each mountains hex next to your settlements or cities.",
               "zh-Hant": "你的定居點或城市旁每座山脈拿2張礦石。", "zh-Hans": "你的定居点或城市旁每座山脉拿2张矿石。"},
    "printer": {"en": "1 victory point.", "zh-Hant": "1分。", "zh-Hans": "1分。"},
    "road_building": {"en": "Build 2 roads free; report a change of the longest road.",
                      "zh-Hant": "免費建造2條道路；最長道路若有變動請回報。", "zh-Hans": "免费建造2条道路；最长道路若有变动请回报。"},
    "smith": {"en": "Promote up to 2 knights free, and report them.", "zh-Hant": "免費升級至多2名騎士，並回報。",
              "zh-Hans": "免费升级至多2名骑士，并回报。"},
    "commercial_harbor": {"en": "Each opponent trades you a commodity of their choice for one of your resources.",
                          "zh-Hant": "每位對手用一張自選商品換你的一張資源。", "zh-Hans": "每位对手用一张自选商品换你的一张资源。"},
    "master_merchant": {"en": "Look at the target's resources and commodities and take 2.",
                        "zh-Hant": "查看目標的資源與商品並拿走2張。", "zh-Hans": "查看目标的资源与商品并拿走2张。"},
    "merchant": {"en": "Place the merchant next to your settlement or city: 1 victory point while you hold it.",
                 "zh-Hant": "把商人放在你的定居點或城市旁：持有時1分。", "zh-Hans": "把商人放在你的定居点或城市旁：持有时1分。"},
    "merchant_fleet": {"en": "Trade one good of your choice 2:1 until the end of the turn.",
                       "zh-Hant": "本回合內可用2:1交易一種自選貨物。", "zh-Hans": "本回合内可用2:1交易一种自选货物。"},
    "resource_monopoly": {"en": "Name a resource: each opponent gives you up to 2.",
                          "zh-Hant": "指定一種資源：每位對手給你至多2張。", "zh-Hans": "指定一种资源：每位对手给你至多2张。"},
    "trade_monopoly": {"en": "Name a commodity: each opponent gives you 1.",
                       "zh-Hant": "指定一種商品：每位對手給你1張。", "zh-Hans": "指定一种商品：每位对手给你1张。"},
    "bishop": {"en": "Move the robber and take a random card from each player next to its hex.",
               "zh-Hant": "移動強盜，並從該地塊旁的每位玩家隨機拿1張牌。", "zh-Hans": "移动强盗，并从该地块旁的每位玩家随机拿1张牌。"},
    "constitution": {"en": "1 victory point.", "zh-Hant": "1分。", "zh-Hans": "1分。"},
    "deserter": {"en": "The target removes a knight; you may place one like it.",
                 "zh-Hant": "目標移除一名騎士；你可放置一名同等騎士。", "zh-Hans": "目标移除一名骑士；你可放置一名同等骑士。"},
    "diplomat": {"en": "Remove an open road; report a change of the longest road.",
                 "zh-Hant": "移除一條開放道路；最長道路若有變動請回報。", "zh-Hans": "移除一条开放道路；最长道路若有变动请回报。"},
    "intrigue": {"en": "Displace an opponent's knight touching your road; report it if it leaves the board.",
                 "zh-Hant": "驅逐一名接觸你道路的敵方騎士；若離開棋盤請回報。",
                 "zh-Hans": "驱逐一名接触你道路的敌方骑士；若离开棋盘请回报。"},
    "saboteur": {"en": "Players with as many points or more discard half their cards.",
                 "zh-Hant": "分數不低於你的玩家棄掉一半手牌。", "zh-Hans": "分数不低于你的玩家弃掉一半手牌。"},
    "spy": {"en": "Look at the target's progress cards and take one.", "zh-Hant": "查看目標的進度卡並拿走一張。",
            "zh-Hans": "查看目标的进度卡并拿走一张。"},
    "warlord": {"en": "All your knights are activated free.", "zh-Hant": "免費激活你所有的騎士。",
                "zh-Hans": "免费激活你所有的骑士。"},
    "wedding": {"en": "Players with more points each give you 2 cards of their choice.",
                "zh-Hant": "分數比你高的玩家各給你2張自選的牌。", "zh-Hans": "分数比你高的玩家各给你2张自选的牌。"},
}


def say(key: str, lang: str = "en", **params: object) -> str:
    forms = WORDS[key]
    return forms.get(lang, forms["en"]).format(**params)


def setup_lines(first: bool, lang: str = "en") -> list[str]:
    """How a seat sets up, as its display says it: the seat playing first also lays out
    the three progress decks face down and the ship on its start; every seat has
    1 settlement and 1 city on the board (the hub counts 3 points each, digest §2)."""
    decks = [say("setup_decks_1", lang), say("setup_decks_2", lang)] if first else []
    return [*decks, say("setup_pieces_1", lang), say("setup_pieces_2", lang)]


def seat_name(seat: int, names: Mapping[int, str], lang: str = "en") -> str:
    return names.get(seat) or say("seat", lang, seat=seat)


def names_joined(seats: Sequence[int], names: Mapping[int, str], lang: str = "en") -> str:
    return say("and", lang).join(seat_name(s, names, lang) for s in seats) or say("nobody", lang)


def card_name(card: str, lang: str = "en") -> str:
    c = CARDS[card]
    if lang == "en":
        return c.name
    return CARD_NAMES_HANT[c.slug] if lang == "zh-Hant" else c.name_zh.rstrip("?")


def colour_name(colour: str, lang: str = "en") -> str:
    return say(f"colour.{colour}", lang)


def event_sentences(event: Mapping[str, Any], names: Mapping[int, str], lang: str = "en") -> list[str]:
    """One public event in words ([] for what needs none)."""
    if event.get("to") is not None:
        return []
    kind = str(event.get("kind"))
    seat = event.get("seat")
    name = seat_name(seat, names, lang) if isinstance(seat, int) and seat else say("nobody", lang)
    colour = event.get("colour")
    p: dict[str, Any] = {**event, "name": name}
    if isinstance(colour, str) and colour:
        p["colour_name"] = colour_name(colour, lang)
    if kind == "rolled":
        face = say("face.ship", lang) if event["event"] == "ship" else say(
            "face.gate", lang, colour=colour_name(event["event"], lang))
        return [say("rolled", lang, **{**p, "face": face})]
    if kind == "ship":
        out = [say("ship", lang, **{**p, "left": event["steps"] - event["position"]})]
        return out + ([say("arrived", lang)] if event["arrived"] else [])
    if kind == "attack":
        if event["won"]:
            out = [say("attack_won", lang, **p)]
            if event.get("defender"):
                out.append(say("defender", lang, name=seat_name(event["defender"], names, lang)))
            if event.get("tied"):
                out.append(say("tied", lang, names=names_joined(event["tied"], names, lang)))
            return out
        return [say("attack_lost", lang, **{**p, "names": names_joined(event["losers"], names, lang)})]
    if kind == "gate":
        return [say("gate", lang, **{**p, "names": names_joined(event["drawers"], names, lang)})]
    if kind in ("vp_card", "played"):
        p["card"] = card_name(event["card"], lang)
        if kind == "played" and event.get("target"):
            out = [say("played_on", lang, **{**p, "target": seat_name(event["target"], names, lang)})]
        else:
            out = [say(kind, lang, **p)]
        if kind == "played":
            out.append(EFFECTS[event["slug"]].get(lang, EFFECTS[event["slug"]]["en"]))
        if kind == "played" and event.get("affected") is not None:
            out.append(say("affected", lang, names=names_joined(event["affected"], names, lang)))
        return out
    if kind == "took":
        return [say("took", lang, **{**p, "victim": seat_name(event["victim"], names, lang)})]
    if kind == "seven":
        limits = say("list", lang).join(say("limit_of", lang, name=seat_name(int(s), names, lang), limit=v)
                                        for s, v in event["limits"].items())
        return [say("seven", lang, limits=limits), say("robber_free" if event["robber"] else "robber_locked", lang)]
    if kind == "production":
        out = [say("production", lang, **p)]
        if event["aqueducts"]:
            out.append(say("aqueduct", lang, names=names_joined(event["aqueducts"], names, lang)))
        return out
    if kind == "built":
        return [say("built", lang, **{**p, "piece": say(f"piece.{event['piece']}", lang)})]
    if kind == "knight":
        return [say(f"knight.{event['change']}", lang, **p)]
    if kind == "ability":
        return [say("ability", lang, **{**p, "ability": say(f"ability.{event['ability']}", lang)})]
    if kind == "corrected":
        return [say("corrected", lang, **{**p, "what": say(f"what.{event['what']}", lang)})]
    if kind == "undone":
        return [say("undone", lang, reason=event.get("reason") or "–")]
    if kind == "game_over":
        winner = event["winner"]
        return [say("game_over", lang, name=seat_name(winner, names, lang), vp=dict(event["points"]).get(winner, dict(event["points"]).get(str(winner))))]
    if kind == "pillaged" and event.get("sided"):
        return [say(kind, lang, **p), say("pillaged_sided", lang)]
    if kind in ("turn_started", "drew", "discarded", "hand_limit", "deck_empty", "reward", "improved",
                "metropolis", "road", "pillaged", "confirmed", "turn_ended", "knights_reset"):
        return [say(kind, lang, **p)]
    return []


SPOKEN = frozenset({"rolled", "ship", "attack", "gate", "played", "vp_card", "metropolis", "pillaged", "game_over"})
"""What the voice says (issue 30): the roll and its event, the barbarians' approach and the
attack's outcome, the cards to draw, a card played, a metropolis, the winner."""


def speech(event: Mapping[str, Any], lang: str, names: Mapping[int, str]) -> list[str]:
    return event_sentences(event, names, lang) if event.get("kind") in SPOKEN else []


def catalogue() -> dict[str, dict[str, str]]:
    """Every template by language, and each card's name (``card.<kind>``): the pages' words."""
    out = {lang: {key: forms.get(lang, forms["en"]) for key, forms in (*WORDS.items(), *PAGE.items())}
           for lang in LANGS}
    for card in CARDS.values():
        for lang in LANGS:
            out[lang][f"card.{card.kind}"] = card_name(card.id, lang)
            out[lang][f"effect.{card.kind}"] = EFFECTS[card.slug][lang]
            out[lang][f"when.{card.kind}"] = PAGE[f"when.{card.when}"][lang]
    return out

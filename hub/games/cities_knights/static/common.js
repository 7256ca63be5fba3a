/* Cities & Knights' page helpers, over the hub's (Hub.el, .live, .init, .frame): its words
   in the reader's language (/api/i18n's "cities-knights"), the dice (red, yellow, the event
   die as a shape and colour with its word), the barbarian track, points by source,
   improvements with levels and metropolises, knights, progress cards, the status sentence. */
"use strict";

const CK = (() => {
  const C = Hub;
  const COLOURS = ["green", "yellow", "blue"];
  const SOURCES = ["settlements", "cities", "metropolises", "longest_road", "defender", "merchant", "progress"];

  function words() {
    const all = (C.catalogue && C.catalogue["cities-knights"]) || {};
    return all[C.lang] || all.en || {};
  }

  /* A phrase in the reader's language with {placeholders} filled in (English if missing). */
  function t(key, values) {
    const en = ((C.catalogue && C.catalogue["cities-knights"]) || {}).en || {};
    let text = words()[key] || en[key] || "";
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }

  const kind = (id) => String(id || "").slice(0, 3);
  const card = (id) => t("card." + kind(id)) || id;
  const seatName = (v, seat) => {
    const s = ((v && v.seats) || []).find((x) => x.seat === seat);
    return s && s.name && s.name !== "Seat " + seat ? s.name : t("seat", { seat });
  };

  /* The event die's face: a shape and a colour (a ship, or a gate of a colour) and its word. */
  function eventFace(face) {
    const word = t("event." + face);
    return C.el("span", { class: "ck-event ck-face-" + face, title: word, "aria-label": word },
      C.el("i", { class: "shape", "aria-hidden": "true" }), C.el("span", { class: "word", text: word }));
  }

  /* A die: its colour as a square, its number on it, its word for readers. */
  function die(colour, n) {
    return C.el("span", { class: "ck-die ck-die-" + colour, title: t("page." + colour), "aria-label": t("page." + colour) + " " + n },
      C.el("b", { text: String(n) }));
  }

  /* The dice just rolled; before this turn's roll, the last roll of the story (`history`)
     with who rolled it and when. */
  function dice(v, history) {
    let d = v.dice;
    const box = C.el("section", { id: "dice", class: "ck-panel ck-dice" }, C.el("h2", { text: t("page.dice") }));
    if (!d) {
      box.append(C.el("p", { class: "dim", text: t("page.no_roll") }));
      const last = [...(history || [])].reverse().find((e) => e.kind === "rolled");
      if (!last) return box;
      d = { red: last.red, yellow: last.yellow, event: last.event, total: last.total };
      box.classList.add("earlier");
      box.append(C.el("p", { id: "last-roll", class: "dim", text: t("page.last_roll", { name: seatName(v, last.seat), round: last.round }) }));
    }
    box.append(C.el("div", { class: "ck-dice-row" }, die("red", d.red), die("yellow", d.yellow),
      C.el("span", { class: "ck-total", text: t("page.total", { n: d.total }) }), eventFace(d.event)));
    return box;
  }

  /* The barbarian track: seven steps, the ship on its step, strength against the knights'. */
  function track(v) {
    const b = v.barbarians;
    const steps = [];
    for (let i = 0; i <= b.steps; i++) {
      steps.push(C.el("li", { class: "step" + (i === b.position ? " ship" : "") + (i === b.steps ? " catan" : ""),
        "data-step": String(i) }, i === b.position ? C.el("i", { class: "boat", "aria-hidden": "true" }) : null));
    }
    const left = b.steps - b.position;
    const stronger = b.knights >= b.strength;
    return C.el("section", { id: "barbarians", class: "ck-panel ck-barbarians" },
      C.el("h2", { text: t("page.barbarians") + C.colon() + (left > 1 ? t("page.ship_left", { left }) : left === 1 ? t("page.ship_left_1") : t("page.ship_here")) }),
      C.el("ol", { class: "ck-track", "aria-hidden": "true" }, steps),
      C.el("p", { class: "ck-strength" },
        C.el("span", { id: "barbarian-strength", class: "ck-barb", text: t("page.strength_barbarians", { n: b.strength }) }),
        C.el("span", { class: stronger ? "vs good" : "vs bad", text: stronger ? " ≤ " : " > " }),
        C.el("span", { id: "knight-strength", class: "ck-kn", text: t("page.strength_knights", { n: b.knights }) })),
      C.el("p", { class: "dim", text: [t("page.attacks", { n: b.attacks }), t(b.robber_free ? "page.robber_free" : "page.robber_locked")].join(" · ") }));
  }

  /* Before the first move, how the table is set up: the first seat's decks and ship, every seat's pieces. */
  function setup(v) {
    if (!v.setup) return null;
    return C.el("section", { id: "setup", class: "ck-panel ck-setup" }, C.el("h2", { text: t("page.setup") }),
      C.el("p", { class: "decks", text: t("page.setup_decks", { name: seatName(v, v.setup.first) }) }),
      C.el("p", { class: "pieces", text: t("page.setup_pieces") }));
  }

  /* A seat's points by source: only the sources that give it something. */
  function sources(s) {
    return C.el("ul", { class: "ck-sources" }, SOURCES.filter((k) => s.sources[k]).map((k) =>
      C.el("li", { "data-source": k }, C.el("span", { text: t("source." + k) }), " ", C.el("b", { text: String(s.sources[k]) }))));
  }

  /* A seat's pieces on the board: settlements, cities and walls; a city the barbarians
     pillaged with no settlement piece left lies on its side (it scores as a settlement and
     is rebuilt first), said beside the cities. */
  function pieces(s) {
    const line = t("page.pieces", { settlements: s.settlements, cities: s.cities, walls: s.walls });
    return s.sided ? line + (C.lang === "en" ? " · " : "·") + t("page.sided", { n: s.sided }) : line;
  }

  /* Improvements per colour: level as five pips, the metropolis marked. */
  function improvements(v, s) {
    return C.el("ul", { class: "ck-improvements" }, COLOURS.map((c) => {
      const level = s.improvements[c] || 0;
      const pips = [];
      for (let i = 1; i <= 5; i++) pips.push(C.el("i", { class: "pip" + (i <= level ? " on" : "") }));
      const metro = (s.metropolises || []).includes(c);
      return C.el("li", { class: "ck-imp ck-" + c, "data-colour": c },
        C.el("span", { class: "colour-name", text: t("plain." + c) }),
        C.el("span", { class: "pips", "aria-hidden": "true" }, pips),
        C.el("span", { class: "lv", text: t("page.level", { n: level }) }),
        metro ? C.el("span", { class: "ck-metro", text: "★ " + t("page.metropolis") }) : null);
    }));
  }

  /* Knights: "strong active", as chips (active ones filled). */
  function knights(s) {
    if (!s.knights.length) return C.el("span", { class: "dim", text: t("page.no_knights") });
    return C.el("span", { class: "chips ck-knights" }, s.knights.map((k) => knightChip(k)));
  }
  const knightWord = (token) => t("knight.word", { level: t("knight." + token[0]), state: t("knight." + token[1]) });
  const knightChip = (token) => C.el("span", { class: "chip ck-knight " + (token[1] === "a" ? "active" : "inactive"),
    "data-token": token, text: knightWord(token) });

  function pendingWords(v, p) {
    if (!p) return "";
    return t("pending." + p.kind, { colour: p.kind === "draw" ? t("plain." + p.about) : "" });
  }

  /* One sentence: the round, whose turn, who must decide what. */
  function status(v) {
    if (!v || !v.seats) return "";
    if (v.winner) return t("page.over") + " · " + winnerText(v);
    const parts = [t("page.round_n", { n: v.round }), t("page.turn_of", { name: seatName(v, v.turn) })];
    if (v.pending) parts.push(t("page.waits", { name: seatName(v, v.pending.seat), what: pendingWords(v, v.pending) }));
    return parts.join(" · ");
  }

  function winnerText(v) {
    const s = (v.seats || []).find((x) => x.seat === v.winner) || {};
    return t("page.winner", { name: seatName(v, v.winner), vp: s.vp });
  }

  function pauseText(v) {
    return v.paused ? C.pauseText({ ...v, pause: v.pause || v.paused_for || {} }) : null;
  }

  /* The results: rank by points, each seat's points by source. */
  function results(v) {
    if (!v.winner) return null;
    const seats = [...v.seats].sort((a, b) => b.vp - a.vp || a.seat - b.seat);
    const head = ["page.rank", "page.player", "page.vp_col", ...SOURCES.map((k) => "source." + k)];
    return C.el("table", { class: "ck-results" },
      C.el("thead", {}, C.el("tr", {}, head.map((h) => C.el("th", { text: t(h) })))),
      C.el("tbody", {}, seats.map((s, i) => C.el("tr", { "data-seat": String(s.seat), class: s.seat === v.winner ? "first" : "" },
        C.el("td", { text: String(i + 1) }), C.el("td", { class: "who", text: seatName(v, s.seat) }),
        C.el("td", { class: "score", text: String(s.vp) }), SOURCES.map((k) => C.el("td", { text: String(s.sources[k]) }))))));
  }

  const eventText = (e) => (e.words && (e.words[C.lang] || e.words.en)) || "";

  /* A button's words: what it reports or does ("I built a city", "Play Spy on Bo"). */
  function label(v, action) {
    const [, verb, ...args] = action.split(" ");
    const colour = (c) => t("plain." + c);
    if (verb === "roll") {
      if (args.length === 3) return t("do.roll_dice", { red: args[0], yellow: args[1], event: t("event." + args[2]) });
      if (args.length === 1) return t("do.roll_event", { event: t("event." + args[0]) });
      return t("do.roll");
    }
    if (verb === "play") {
      if (args.length === 3) return t("do.play_dice", { card: card(args[0]), red: args[1], yellow: args[2] });
      if (args.length === 2) return t("do.play_on", { card: card(args[0]), name: seatName(v, Number(args[1])) });
      return t("do.play", { card: card(args[0]) });
    }
    if (["draw", "discard", "take"].includes(verb)) return t("do." + verb, { card: card(args[0]) });
    if (verb === "reward") return t("do.reward", { colour: colour(args[0]) });
    if (verb === "pillage") return t("do.pillage_" + args[0]);
    if (verb === "desert") return t("do.desert", { knight: knightWord(args[0]) });
    if (verb === "build") return t("do.build_" + args[0]);
    if (verb === "knight") {
      const token = args[1] ? (args[1].length === 1 ? args[1] + (args[0] === "activate" ? "i" : "a") : args[1]) : "1i";
      return t("do.knight_" + args[0], { knight: t("knight." + token[0]) });
    }
    if (verb === "oust") return t("do.oust", { name: seatName(v, Number(args[0])), knight: knightWord(args[1]) });
    if (verb === "improve") {
      const me = (v.seats || []).find((s) => s.seat === Number(action.split(" ")[0])) || { improvements: {} };
      return t("do.improve", { colour: colour(args[0]), level: (me.improvements[args[0]] || 0) + 1 });
    }
    if (verb === "road") return args[0] === "0" ? t("do.road_none") : t("do.road", { name: seatName(v, Number(args[0])) });
    return t("do." + verb) || verb;
  }

  const dress = () => C.dress(t("page.title"));

  return { t, card, kind, seatName, eventFace, die, dice, track, setup, sources, pieces, improvements, knights, knightChip, status,
    pauseText, results, eventText, label, dress, pendingWords, winnerText, COLOURS, SOURCES };
})();

/* A Builders seat's page: whose turn and the pause in the sticky header; the seat's coins,
   points and score; what to do now; its light and what happened at the seat, in the page's
   language; its buttons, each with what it costs (disabled, with why, while the game is
   paused); its workers, machines and sites; both face-up rows; at the end its rank and
   how its score was made. Cards are laid on the seat's reader: the page says how. */
"use strict";

(() => {
  const C = Hub;
  const B = Builders;
  const mySeat = Hub.page().seat;
  let news = { key: "", events: [] };

  function label(action) {
    const [, verb, ...args] = action.split(" ");
    if (verb === "coins") return args[0] === "1" ? B.t("display.coins_1") : B.t("display.coins_n", { n: args[0], actions: { "3": 2, "6": 3 }[args[0]] });
    if (verb === "open" || verb === "recruit") return B.t("display." + verb, { card: B.card(args[0]) });
    if (verb === "send") return B.t("display.send", { worker: B.card(args[0]), site: B.card(args[1]) });
    return B.t("display." + verb);
  }

  /* What a button costs, in words: "2 actions", "5 coins → +1 action", "1 action · 4 coins". */
  function costText(cost) {
    if (!cost) return "";
    const parts = [];
    if (cost.actions) parts.push(B.counted("page.cost_actions", cost.actions));
    if (cost.coins) parts.push(B.counted("page.cost_coins", cost.coins));
    const paid = parts.join(" · ");
    return cost.gains ? B.t("page.cost_buys", { paid, n: cost.gains }) : paid;
  }

  /* The turn, as the page tells what happened at the seat: it changes when the turn moves. */
  const turnKey = (v) => [v.round, v.pending ? v.pending.seat : "", v.result ? "over" : ""].join("|");

  function noteNews(message) {
    const key = turnKey(message.view || {});
    if (key !== news.key) news = { key, events: [] };
    news.events = [...news.events, ...(message.events || []).filter((e) => e.seat === mySeat && e.kind !== "turn_started")].slice(-3);
  }

  /* "At your seat": the light in the page's words and what happened there in the page's
     language (the seat's display keeps its own short English lines). */
  function atSeat(v, display) {
    const led = display && display.led ? String(display.led) : "";
    const colour = led ? C.t("led_" + led) : "";
    const light = colour ? C.t("led", { colour }) : "";
    const lines = news.key === turnKey(v) ? news.events.map(B.eventText).filter((x) => x) : [];
    if (!light && !lines.length) return null;
    return C.el("div", { id: "display", class: "display" },
      C.el("span", { class: "led", "data-led": led || "off", role: "img", "aria-label": light, title: light }),
      C.el("div", { class: "lines" }, C.el("div", { class: "title", text: C.t("at_your_seat") }),
        light ? C.el("div", { class: "light", text: light }) : null,
        lines.map((line) => C.el("div", { class: "news", text: line }))));
  }

  function prompt(v, mine) {
    if (v.result) return B.resultText(v);
    if (v.paused) return C.t("paused_wait");
    if (mine) return B.counted("page.your_turn", v.actions_left);
    return v.pending ? B.t("page.wait_for", { name: B.seatName(v, v.pending.seat) }) : "";
  }

  /* At the end: this seat's rank and how its score was made. */
  function myResult(v) {
    const me = v.result && (v.result.seats || []).find((s) => s.seat === mySeat);
    if (!me) return null;
    return C.el("section", { id: "my-result", class: "b-result" },
      C.el("h2", { text: B.t("page.your_rank", { rank: me.rank, n: v.result.seats.length }) }),
      C.el("p", { text: B.t("page.score_line", { score: me.score, points: me.points, coin_points: me.coin_points ?? Math.floor(me.coins / 10) }) }),
      C.el("p", { class: "dim", text: B.endedText(v) }),
      C.el("p", { class: "dim", text: B.t("page.score_is") }));
  }

  function render(v, { busy, feedback, send }) {
    B.dress();
    const you = v.you || {};
    const me = (v.seats || []).find((s) => s.seat === mySeat) || { workers: [], sites: [], finished: [], coins: 0, points: 0, score: 0 };
    const mine = Boolean(v.pending && v.pending.seat === mySeat && !v.result);
    const options = you.options || [];
    const costs = you.costs || {};
    const workers = me.workers.filter((w) => !B.isMachine(w));
    const machines = me.workers.filter(B.isMachine);
    C.frame(B.status(v), B.pauseText(v));
    document.body.classList.toggle("my-turn", mine && !v.paused);
    const r = v.rows || { buildings: [], workers: [] };
    const main = document.getElementById("main");
    main.replaceChildren(C.el("section", { class: "you b-seat" },
      C.el("h2", { id: "who", text: B.seatName(v, mySeat) }),
      C.el("div", { id: "mine", class: "nums" },
        C.el("span", {}, C.el("b", { text: String(me.coins) }), " ", B.counted("page.coins_unit", me.coins)), " · ",
        C.el("span", {}, C.el("b", { text: String(me.points) }), " ", B.counted("page.points_unit", me.points)), " · ",
        C.el("span", { class: "dim", title: B.t("page.score_is") }, B.t("page.score") + " " + me.score)),
      myResult(v),
      C.el("div", { id: "prompt", class: "prompt", "aria-live": "polite" },
        mine && !v.paused ? B.pips(v.actions_left) : null, prompt(v, mine)),
      mine && !v.paused && you.hint === "lay_card_or_button" ? C.el("div", { id: "hint", class: "hint", text: B.t("page.hint_cards") }) : null,
      you.chosen_site ? C.el("div", { class: "hint", text: B.t("page.chosen_site", { card: B.card(you.chosen_site) }) }) : null,
      atSeat(v, you.display),
      options.length ? C.el("div", { class: "options-label", text: B.t("page.buttons") }) : null,
      options.length ? C.el("div", { id: "options", class: "options b-options" }, options.map((action) => {
        const button = C.el("button", { type: "button", class: "option", "data-action": action, disabled: busy || v.paused,
          title: v.paused ? C.t("paused_wait") : "" },
        C.el("span", { class: "what", text: label(action) }),
        costText(costs[action]) ? C.el("span", { class: "cost", text: costText(costs[action]) }) : null);
        button.addEventListener("click", () => send(action));
        return button;
      })) : null,
      options.length && v.paused ? C.el("p", { class: "b-why", text: C.t("paused_wait") }) : null,
      C.el("div", { id: "feedback", class: "feedback " + (feedback ? feedback[0] : ""), role: "status", text: feedback ? feedback[1] : "" }),
      C.el("h3", { text: B.t("page.workers") }),
      workers.length ? C.el("ul", { class: "chips" }, workers.map(B.worker)) : C.el("p", { class: "dim", text: B.t("page.none_idle") }),
      machines.length ? C.el("h3", { text: B.t("page.machines") }) : null,
      machines.length ? C.el("ul", { class: "chips" }, machines.map(B.worker)) : null,
      me.sites.length ? C.el("h3", { text: B.t("page.sites") }) : null,
      me.sites.length ? C.el("ul", { class: "sites" }, me.sites.map(B.site)) : null,
      me.finished.length ? C.el("h3", { text: B.t("page.finished") }) : null,
      me.finished.length ? C.el("ul", { class: "chips" }, me.finished.map((b) => C.el("li", { class: "chip done" },
        B.card(b.id) + " · ", C.el("b", { text: B.counted("page.n_points", b.points) })))) : null,
      v.result ? null : C.el("div", { class: "b-rows" },
        C.el("section", { id: "row-buildings" }, C.el("h2", { text: B.t("page.row_buildings") }), C.el("ul", {}, r.buildings.map(B.building))),
        C.el("section", { id: "row-workers" }, C.el("h2", { text: B.t("page.row_workers") }), C.el("ul", { class: "chips" }, r.workers.map(B.worker)))),
      B.key()),
    C.el("p", { class: "foot" }, C.el("a", { href: "/", text: B.t("page.scoreboard") })));
  }

  C.seatPage({ draw: render, t: B.t, label: (v, action) => label(action), heard: noteNews });
})();

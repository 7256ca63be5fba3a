/* A Cities & Knights seat's page: the status and the pause in the sticky header; the
   seat's points by source, improvements and knights; its own progress cards, each with
   what it does and when it may be played; what to do now; its buttons, each saying what it
   reports or does (disabled, with why, while the game is paused). Progress cards are laid
   on the seat's reader; the page says how. */
"use strict";

(() => {
  const C = Hub;
  const K = CK;
  const mySeat = Hub.page().seat;

  /* One progress card of the hand: name, colour, what it does, when it may be played. */
  function handCard(v, c, playable) {
    return C.el("li", { class: "ck-card ck-" + c.colour + (playable ? " playable" : ""), "data-id": c.id },
      C.el("div", { class: "head" }, C.el("i", { class: "swatch", "aria-hidden": "true" }),
        C.el("b", { class: "card-name", text: K.card(c.id) }),
        C.el("span", { class: "colour", text: K.t("plain." + c.colour) }),
        playable ? C.el("span", { class: "badge now", text: K.t("page.playable_now") }) : null),
      C.el("p", { class: "effect", text: K.t("effect." + K.kind(c.id)) }),
      C.el("p", { class: "when", text: K.t("when." + K.kind(c.id)) }));
  }

  /* Physical dice (a roll with its numbers) and the Alchemist's red and yellow are chosen
     with pickers, not 144 buttons; the action sent is one of the seat's options. */
  const isDiceOption = (a) => { const p = a.split(" "); return (p[1] === "roll" && (p.length === 5 || p.length === 3)) || (p[1] === "play" && p.length === 5); };
  /* A picker keeps its choice across the page's redraws (every live message redraws it). */
  const picked = {};
  const picker = (id, values, words) => {
    const select = C.el("select", { id }, values.map((x) => C.el("option", { value: String(x), text: words ? words(x) : String(x),
      selected: picked[id] === String(x) })));
    select.addEventListener("change", () => { picked[id] = select.value; });
    return select;
  };
  const DIE = [1, 2, 3, 4, 5, 6];

  function diceEntry(v, options, { busy, send }) {
    const rolls = options.filter((a) => a.split(" ")[1] === "roll" && a.split(" ").length === 5);
    if (!rolls.length) return null;
    const faces = [...new Set(rolls.map((a) => a.split(" ")[4]))];
    const chosen = () => [mySeat, "roll", document.getElementById("enter-red").value, document.getElementById("enter-yellow").value,
      document.getElementById("enter-event").value].join(" ");
    const button = C.el("button", { id: "enter-dice", type: "button", disabled: busy || Boolean(v.paused), text: K.t("do.roll_dice",
      { red: "…", yellow: "…", event: "…" }) });
    const relabel = () => { button.textContent = K.label(v, chosen()); };
    const form = C.el("div", { id: "dice-entry", class: "ck-entry" }, C.el("h3", { text: K.t("page.enter_dice") }),
      C.el("label", {}, K.t("page.red") + " ", picker("enter-red", DIE)),
      C.el("label", {}, K.t("page.yellow") + " ", picker("enter-yellow", DIE)),
      C.el("label", {}, K.t("page.event_die") + " ", picker("enter-event", faces, (f) => K.t("event." + f))), button);
    form.addEventListener("change", relabel);
    button.addEventListener("click", () => { if (rolls.includes(chosen())) send(chosen()); });
    setTimeout(relabel, 0);
    return form;
  }

  /* After an Alchemist at a table with its own dice: red and yellow lie as the Alchemist set
     them (shown, not chosen again); the event die alone is rolled, and its face picked here. */
  function eventEntry(v, options, { busy, send }) {
    const rolls = options.filter((a) => a.split(" ")[1] === "roll" && a.split(" ").length === 3);
    if (!rolls.length || !v.alchemist) return null;
    const faces = rolls.map((a) => a.split(" ")[2]);
    const chosen = () => [mySeat, "roll", document.getElementById("enter-event").value].join(" ");
    const button = C.el("button", { id: "enter-dice", type: "button", disabled: busy || Boolean(v.paused) });
    const relabel = () => { button.textContent = K.label(v, chosen()); };
    const form = C.el("div", { id: "dice-entry", class: "ck-entry alchemist-set" }, C.el("h3", { text: K.t("page.alchemist_set") }),
      C.el("div", { id: "set-dice", class: "ck-dice-row" }, K.die("red", v.alchemist.red), K.die("yellow", v.alchemist.yellow),
        C.el("span", { class: "ck-total", text: K.t("page.total", { n: v.alchemist.red + v.alchemist.yellow }) })),
      C.el("label", {}, K.t("page.event_die") + " ", picker("enter-event", faces, (f) => K.t("event." + f))), button);
    form.addEventListener("change", relabel);
    button.addEventListener("click", () => { if (rolls.includes(chosen())) send(chosen()); });
    setTimeout(relabel, 0);
    return form;
  }

  function alchemistEntries(v, options, { busy, send }) {
    const plays = options.filter((a) => a.split(" ")[1] === "play" && a.split(" ").length === 5);
    const cards = [...new Set(plays.map((a) => a.split(" ")[2]))];
    if (!cards.length) return null;
    return C.el("div", { id: "alchemist" }, cards.map((card) => {
      const chosen = () => [mySeat, "play", card, document.getElementById("alc-red-" + card).value,
        document.getElementById("alc-yellow-" + card).value].join(" ");
      const button = C.el("button", { id: "alc-" + card, type: "button", disabled: busy || Boolean(v.paused) });
      const form = C.el("div", { class: "ck-entry", "data-card": card }, C.el("h3", { text: K.t("page.alchemist_dice", { card: K.card(card) }) }),
        C.el("label", {}, K.t("page.red") + " ", picker("alc-red-" + card, DIE)),
        C.el("label", {}, K.t("page.yellow") + " ", picker("alc-yellow-" + card, DIE)), button);
      const relabel = () => { button.textContent = K.label(v, chosen()); };
      form.addEventListener("change", relabel);
      button.addEventListener("click", () => { if (plays.includes(chosen())) send(chosen()); });
      setTimeout(relabel, 0);
      return form;
    }));
  }

  function prompt(v, mine) {
    if (v.winner) return K.t("page.over") + " · " + K.winnerText(v);
    if (v.paused) return K.t("page.paused_wait");
    if (mine) return K.t("page.your_turn", { what: K.pendingWords(v, v.pending) });
    return v.pending ? K.t("page.wait_for", { name: K.seatName(v, v.pending.seat), what: K.pendingWords(v, v.pending) }) : "";
  }

  function render(v, { busy, feedback, send }) {
    if (!v.seats) return;
    K.dress();
    const you = v.you || { hand: [], options: [] };
    const me = v.seats.find((s) => s.seat === mySeat);
    const mine = Boolean(v.pending && v.pending.seat === mySeat && !v.winner);
    const options = you.options || [];
    const playable = new Set(options.filter((a) => a.split(" ")[1] === "play").map((a) => a.split(" ")[2]));
    C.frame(K.status(v), K.pauseText(v));
    document.body.classList.toggle("my-turn", mine && !v.paused);
    const main = document.getElementById("main");
    main.replaceChildren(C.el("section", { class: "you ck-you" },
      C.el("h2", { id: "who", text: K.seatName(v, mySeat) }),
      C.el("div", { id: "mine", class: "ck-mine" }, C.el("b", { class: "vp", text: String(me.vp) }),
        (C.lang === "en" ? " " : "") + K.t("page.points_unit"), K.sources(me)),
      v.winner ? K.results(v) : null,
      K.setup(v),
      C.el("div", { id: "prompt", class: "prompt", "aria-live": "polite", text: prompt(v, mine) }),
      mine && !v.paused && ["draw", "discard", "take"].includes(v.pending.kind)
        ? C.el("div", { id: "hint", class: "hint", text: K.t("page.hint_cards") }) : null,
      C.el("div", { class: "ck-top" }, K.dice(v, []), K.track(v)),
      C.el("h3", { text: K.t("page.your_cards") }),
      you.hand.length ? C.el("ul", { id: "hand", class: "ck-hand" }, you.hand.map((c) => handCard(v, c, playable.has(c.id))))
        : C.el("p", { id: "hand", class: "dim", text: K.t("page.no_cards") }),
      me.vp_cards.length ? C.el("p", { class: "dim", text: K.t("page.vp_cards", { cards: me.vp_cards.map(K.card).join(C.lang === "en" ? ", " : "、") }) }) : null,
      options.length ? C.el("div", { class: "options-label", text: K.t("page.buttons") }) : null,
      diceEntry(v, options, { busy, send }),
      eventEntry(v, options, { busy, send }),
      alchemistEntries(v, options, { busy, send }),
      options.length ? C.el("div", { id: "options", class: "options ck-options" }, options.filter((a) => !isDiceOption(a)).map((action) => {
        const button = C.el("button", { type: "button", class: "option", "data-action": action, disabled: busy || Boolean(v.paused),
          title: v.paused ? K.t("page.paused_wait") : "", text: K.label(v, action) });
        button.addEventListener("click", () => send(action));
        return button;
      })) : null,
      options.length && v.paused ? C.el("p", { id: "why-disabled", class: "ck-why", text: K.t("page.paused_wait") }) : null,
      C.el("div", { id: "feedback", class: "feedback " + (feedback ? feedback[0] : ""), role: "status", text: feedback ? feedback[1] : "" }),
      C.el("h3", { text: K.t("page.improvements") }), K.improvements(v, me),
      C.el("h3", { text: K.t("page.knights") }), K.knights(me),
      C.el("p", { class: "ck-pieces", "data-sided": String(me.sided || 0), text: K.pieces(me) })),
    C.el("p", { class: "foot" }, C.el("a", { href: "/", text: K.t("page.scoreboard") })));
  }

  C.seatPage({ draw: render, t: K.t, label: K.label });
})();

/* A seat's private page: its characters, hand and the pending decision as big buttons. */
"use strict";

(() => {
  const C = Citadels;
  const api = document.body.dataset.api;
  const mySeat = Number(document.body.dataset.seat);
  let view = null;
  let busy = false;
  let refreshing = null;
  let wasMine = null;  // the seat's own decision when last drawn (null: not drawn yet): the cue is for the change
  let news = { key: null, events: [] };  // what happened at this seat while the decision now lasts
  let answeredAt = null;  // the stage (round, phase, character called) the answer the feedback tells was given in

  const SEAT_ARG_VERBS = new Set(["swap", "destroy"]);
  const SEAT_FIELDS = ["seat", "thief_seat", "victim_seat", "other", "warlord_seat"];
  const DISTRICT_VERBS = new Set(["build", "keep", "toss", "lab", "museum"]);  // their argument is a district
  const WHOSE_TURN = new Set(["prompt", "draft_turn", "called", "revealed"]);  // the prompt says these already
  const DRAFT_VERBS = new Set(["pick", "faceup", "discard"]);  // their argument is a character to choose

  const gap = () => (C.lang === "en" ? " " : "");  // no space between Chinese words and names

  function label(v, action) {
    const parts = action.split(" ").slice(1);
    const verb = parts[0];
    const args = parts.slice(1);
    if (verb === "graveyard") return C.verb("graveyard") + C.colon() + C.verb(args[0] || "");
    if (verb === "redraw" && args.length && /^\d+$/.test(args[0])) return C.verb("redraw") + gap() + args[0];
    if (verb === "destroy" && args.length === 2) {
      const owner = C.seatName(v, Number(args[0]));
      return C.verb("destroy") + gap() + C.card(args[1]) + (C.lang === "en" ? " (" + owner + ")" : "（" + owner + "）");
    }
    const words = args.map((a, i) =>
      SEAT_ARG_VERBS.has(verb) && i === 0 && /^\d+$/.test(a) ? C.seatName(v, Number(a)) : C.card(a));
    return [C.verb(verb), ...words].join(gap());
  }

  /* What an option gives, from the hub's `you.gives` ("+2 gold", "draw 2, keep 1"). */
  function givesText(g) {
    if (!g) return "";
    const signed = (n) => (n > 0 ? "+" : "") + String(n);
    const out = [];
    if (g.draw !== undefined) out.push(C.t("gives_draw", { draw: g.draw, keep: g.keep }));
    if (g.take !== undefined) out.push(C.t("gives_swap", { take: g.take, give: -(g.cards || 0) }));
    else if (g.cards) out.push(C.t("gives_cards", { delta: signed(g.cards) }));
    if (g.gold !== undefined) out.push(C.t("gives_gold", { delta: signed(g.gold) }));
    if (g.points) out.push(C.t("gives_points", { delta: signed(g.points) }));
    return C.list(out);
  }

  /* Options the rules allow but that would do nothing are not offered (the engine keeps
     them legal, and the seat's own buttons still cycle through them): a character removed
     face up is held by nobody, so killing or robbing it is wasted; a tax of nothing gives
     nothing, and taken before a build it would lose that build's income (one tax a turn;
     an untaken tax is collected when the turn ends). */
  function worthOffering(v, action, gives) {
    const [, verb, arg] = action.split(" ");
    if ((verb === "kill" || verb === "rob") && (v.faceup_removed || []).includes(arg)) return false;
    return !(verb === "tax" && gives && gives.gold === 0);
  }

  function optionButton(v, action, gives) {
    const [, verb, ...args] = action.split(" ");
    const district = DISTRICT_VERBS.has(verb) ? args[0] : verb === "destroy" ? args[1] : null;
    const facts = district ? C.districtFacts(v, district) : null;
    const about = district ? C.districtAbility(v, district)
      : DRAFT_VERBS.has(verb) && args[0] ? C.characterWord(v, args[0], "ability") : "";
    const button = C.el("button", {
      type: "button", class: "option" + (verb === "end" ? " end" : "") + (facts ? " card t-" + facts.type : ""),
      "data-action": action, "data-verb": verb,
    });
    const head = C.el("span", { class: "what" });
    if (facts) head.append(C.el("span", { class: "type-letter", "aria-hidden": "true", text: C.typeLetter(facts.type) }));
    head.append(label(v, action));
    button.append(head);
    const what = givesText(gives);
    if (what) button.append(C.el("span", { class: "gives", text: what }));
    if (about) button.append(C.el("span", { class: "about", text: about }));
    button.addEventListener("click", () => send(action));
    return button;
  }

  /* What to do with the cards now. The hub says it (`you.hint`) when it knows; else the
     page works it out from the decision, so a player is never left without a word. */
  const CARD_HINTS = { pick: "lay_character", faceup: "lay_faceup", turn: "lay_district_or_button" };

  function hintKey(v, mine) {
    const you = v.you || {};
    if (you.hint) return you.hint;
    if (!mine || !v.pending) return null;
    if (v.mode === "physical") return CARD_HINTS[v.pending.kind] || "press_button";
    return "choose";
  }

  function promptText(v, mine) {
    if (v.phase === "over" || v.result) return C.t("phase_over");
    if (mine) {
      if (v.pending.kind === "turn" && v.calling) return C.t("your_turn", { character: C.card(v.calling.character) });
      return C.t("your_choice");
    }
    if (v.pending) return C.t("wait_for", { seat: C.seatName(v, v.pending.seat) });
    return C.t("no_choice");
  }

  /* The decision now, as the page tells what happened at the seat: whose decision, in which
     round, phase and character's turn. When it moves on, what was said goes. */
  function decisionKey(v) {
    const p = v.pending || {};
    return [v.round, v.phase, p.seat, v.calling ? v.calling.rank : "", v.result ? "over" : ""].join("|");
  }

  const stageKey = (v) => [v.round, v.phase, v.calling ? v.calling.rank : "", v.result ? "over" : ""].join("|");

  /* The answer's feedback ("Sent: Pick Warlord") stays while the game is at the stage the
     answer was given in, and goes once it moves on. That stage is the one of the view the
     button was pressed in, never of a view drawn later: by then the game may have moved on
     (a busy phone fetches its view late), and the old feedback would stay a whole stage. */
  function clearOldFeedback(v) {
    if (answeredAt === null || answeredAt === stageKey(v)) return;
    answeredAt = null;
    const feedback = document.getElementById("feedback");
    feedback.className = "feedback";
    feedback.textContent = "";
  }

  function aboutMe(event) {
    return !WHOSE_TURN.has(event.kind) && SEAT_FIELDS.some((field) => event[field] === mySeat);
  }

  /* A live message's events that concern this seat, kept while the decision lasts. */
  function noteNews(message) {
    const key = decisionKey(message.view || {});
    if (key !== news.key) news = { key, events: [] };
    news.events = [...news.events, ...(message.events || []).filter(aboutMe)].slice(-4);
  }

  function newsText(event) {
    if (event.kind === "refusal") return refusalText(event);
    return C.eventText(event);
  }

  /* "At your seat": the seat's light and what happened there, in the page's language. The
     seat's display shows its own short English lines; the page says the same facts in its
     words (the public log's sentences, a refusal's reason) and drops them once the
     decision moves on. */
  function renderDisplay(v, display) {
    const box = document.getElementById("display");
    const led = display && display.led ? String(display.led) : "";
    const colour = led ? C.t("led_" + led) : "";
    const lines = news.key === decisionKey(v) ? news.events.map(newsText).filter((x) => x) : [];
    box.hidden = !colour && !lines.length;
    if (box.hidden) { box.replaceChildren(); return; }
    const light = colour ? C.t("led", { colour }) : "";
    box.replaceChildren(
      C.el("span", { class: "led", "data-led": led || "off", role: "img", "aria-label": light, title: light }),
      C.el("div", { class: "lines" }, C.el("div", { class: "title", text: C.t("at_your_seat") }),
        light ? C.el("div", { class: "light", text: light }) : null,
        lines.map((line) => C.el("div", { class: "news", text: line }))));
  }

  /* Your turn, unmistakably: the page's colour and title, and when it becomes yours, a
     vibration where the phone allows it and the prompt spoken if this phone speaks (the
     scoreboard's Speak switch). */
  function signalTurn(v, mine) {
    document.body.classList.toggle("my-turn", mine);
    document.title = mine ? "▶ " + promptText(v, true) + " · " + C.t("title") : C.t("title");
    if (mine && wasMine === false) {
      try { if (navigator.vibrate) navigator.vibrate([200, 100, 200]); } catch (err) { /* not allowed here */ }
      if (localStorage.getItem("citadels.speak") === "1" && "speechSynthesis" in window) {
        const said = new SpeechSynthesisUtterance(promptText(v, true));
        said.lang = (C.catalogue && C.catalogue.speech && C.catalogue.speech[C.lang]) || C.lang;
        window.speechSynthesis.speak(said);
      }
    }
    wasMine = mine;
  }

  function characterChip(v, id) {
    const chip = C.el("span", { class: "chip character", "data-id": id, text: C.card(id) });
    const ability = C.characterWord(v, id, "ability");
    return ability ? C.explains(chip, C.card(id), ability) : chip;
  }

  function render(v) {
    view = v;
    const you = v.you || {};
    const me = (v.seats || []).find((s) => s.seat === mySeat) || {};
    const seatLabel = C.t("seat_n", { n: mySeat });
    const name = C.seatName(v, mySeat);
    document.getElementById("who").textContent = name === seatLabel ? seatLabel : name + " · " + seatLabel;
    document.getElementById("mine").textContent = [C.t("n_gold", { n: me.gold ?? "–" }), C.t("n_cards", { n: me.hand ?? "–" }),
      C.t("n_points", { n: me.score ?? 0 }), me.crown ? C.t("crown") : ""].filter((x) => x).join(" · ");
    // the status sentence and the pause banner in the sticky header, as on the scoreboard
    C.frame(C.statusSentence(v), v.paused ? C.pauseText(v) : null);
    renderMyResult(v);
    C.characterStrip(document.getElementById("strip"), v, null, you.characters);
    // while paused nothing is this seat's to do: no "your turn", the buttons wait (and say why)
    const mine = Boolean(v.pending && v.pending.seat === mySeat && !v.result && !v.paused);
    document.getElementById("prompt").textContent = v.paused && !v.result ? C.t("paused_wait") : promptText(v, mine);
    signalTurn(v, mine);
    const hint = hintKey(v, mine);
    const hintBox = document.getElementById("hint");
    const hintText = hint ? C.t("hint_" + hint) : "";
    hintBox.hidden = !hintText;
    hintBox.textContent = hintText;
    hintBox.dataset.hint = hint || "";
    const ability = document.getElementById("ability");
    const abilityText = mine && v.pending.kind === "turn" && v.calling ? C.characterWord(v, v.calling.character, "ability") : "";
    ability.hidden = !abilityText;
    ability.textContent = abilityText;
    renderDisplay(v, you.display);
    clearOldFeedback(v);
    const gives = you.gives || {};
    const offered = (you.options || []).filter((action) => worthOffering(v, action, gives[action]));
    const ending = (action) => (action.split(" ")[1] === "end" ? 1 : 0);  // End turn last
    offered.sort((a, b) => ending(a) - ending(b));
    const optionsLabel = document.getElementById("options-label");
    optionsLabel.hidden = !offered.length;
    optionsLabel.textContent = C.t("buttons_offer");
    document.getElementById("options").replaceChildren(...offered.map((action) => optionButton(v, action, gives[action])));
    if (v.paused) for (const b of document.querySelectorAll("#options button")) { b.disabled = true; b.title = C.t("paused_wait"); }
    document.getElementById("my-characters").replaceChildren(...(you.characters || []).map((id) => characterChip(v, id)));
    const cards = (you.hand || []).map((id) =>
      C.district(typeof id === "object" ? id : { id, ...C.districtFacts(v, id) }, v));
    const unknown = (you.hand_size ?? cards.length) - cards.length;
    if (unknown > 0) cards.push(C.el("li", { class: "chip", text: C.t("hand_unknown", { n: unknown }) }));
    document.getElementById("hand").replaceChildren(...cards);
    document.getElementById("my-city").replaceChildren(...(me.city || []).map((d) => C.district(d, v)));
  }

  /* At the game over: this seat's place, its score and how it was made. */
  function renderMyResult(v) {
    const box = document.getElementById("my-result");
    const seats = (v.result && v.result.seats) || [];
    const me = seats.find((s) => s.seat === mySeat);
    box.hidden = !me;
    if (!me) { box.replaceChildren(); return; }
    const place = me.seat === v.result.winner ? 1 : 1 + seats.filter((s) => s.score > me.score || s.seat === v.result.winner).length;
    const parts = Object.entries(me.breakdown || {}).filter(([, n]) => n).map(([k, n]) => C.t(k) + " " + n);
    box.replaceChildren(C.el("h2", { text: C.t("your_place", { place, n: seats.length }) }),
      C.el("p", { text: C.t("n_points", { n: me.score }) + (parts.length ? C.colon() + C.list(parts) : "") }));
  }

  /* A refusal in the reader's language: the character's own words when the hub says its
     ability refused the move (result.character: the 2000 Warlord destroys only at the end of
     his turn), else the words for its code (the code itself is never shown). */
  function refusalText(result) {
    const own = result.character ? C.characterWord(view, result.character, "refusal") : "";
    return own || C.t("code_" + result.code) || C.t("code_other");
  }

  /* Readings overlap (a live message's, an answer's): one asked before the reading already
     drawn is dropped, or its late answer would put back a table that has moved on, and
     nothing would ask again (the last reading asked is always drawn). */
  let asked = 0;
  let drawn = 0;

  async function refresh() {
    const mine = ++asked;
    const response = await fetch(api, { cache: "no-store" });
    if (!response.ok) {
      document.getElementById("feedback").textContent = refusalText(await response.json());
      return;
    }
    const data = await response.json();
    if (mine < drawn) return;
    drawn = mine;
    document.body.dataset.eventId = String(data.id);
    render(data.view);
    document.body.dataset.viewId = String(data.id);  // what the page shows (the stream may be ahead)
  }

  function scheduleRefresh() {
    if (refreshing) return;
    refreshing = setTimeout(async () => { refreshing = null; await refresh(); }, 50);
  }

  async function send(action) {
    if (busy) return;
    busy = true;
    const stage = stageKey(view);  // the stage this answer is given in
    const feedback = document.getElementById("feedback");
    for (const b of document.querySelectorAll("#options button")) b.disabled = true;
    try {
      const response = await fetch(api + "/answer", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action }),
      });
      const result = await response.json();
      feedback.className = "feedback " + (result.ok ? "good" : "bad");
      feedback.textContent = result.ok ? C.t("sent") + C.colon() + label(view, action) : C.t("refused") + C.colon() + refusalText(result);
      answeredAt = stage;
    } catch (err) {
      feedback.className = "feedback bad";
      feedback.textContent = C.t("admin_offline");
    } finally {
      busy = false;
      await refresh();
    }
  }

  async function start() {
    await C.init();
    C.onLang(() => view && render(view));
    await refresh();
    C.live((message) => { noteNews(message); scheduleRefresh(); });
  }

  start();
})();

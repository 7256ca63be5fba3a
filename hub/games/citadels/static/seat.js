/* A seat's private page: its characters, hand and the pending decision as big buttons. */
"use strict";

(() => {
  const C = Citadels;
  const api = document.body.dataset.api;
  const mySeat = Number(document.body.dataset.seat);
  let view = null;
  let busy = false;
  let refreshing = null;

  const SEAT_ARG_VERBS = new Set(["swap", "destroy"]);

  function label(v, action) {
    const parts = action.split(" ").slice(1);
    const verb = parts[0];
    const args = parts.slice(1);
    if (verb === "graveyard") return C.verb("graveyard") + C.colon() + C.verb(args[0] || "");
    if (verb === "redraw" && args.length && /^\d+$/.test(args[0])) return C.verb("redraw") + " " + args[0];
    const words = args.map((a, i) =>
      SEAT_ARG_VERBS.has(verb) && i === 0 && /^\d+$/.test(a) ? C.seatName(v, Number(a)) : C.card(a));
    return [C.verb(verb), ...words].join(" ");
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

  function renderDisplay(display) {
    const box = document.getElementById("display");
    const lines = display && Array.isArray(display.text) ? display.text.filter((x) => x) : [];
    box.hidden = !display || (!lines.length && !display.led);
    if (box.hidden) { box.replaceChildren(); return; }
    box.replaceChildren(
      C.el("span", { class: "led", "data-led": display.led || "off", title: display.led || "" }),
      C.el("div", { class: "lines" }, C.el("div", { class: "title", text: C.t("your_display") }),
        lines.map((line) => C.el("div", { text: String(line) }))));
  }

  function render(v) {
    view = v;
    const you = v.you || {};
    const me = (v.seats || []).find((s) => s.seat === mySeat) || {};
    const seatLabel = C.t("seat_n", { n: mySeat });
    const name = C.seatName(v, mySeat);
    document.getElementById("who").textContent = name === seatLabel ? seatLabel : name + " · " + seatLabel;
    document.getElementById("status").textContent =
      (me.gold ?? "–") + " " + C.t("gold") + " · " + (me.hand ?? "–") + " " + C.t("cards") +
      " · " + (me.score ?? 0) + " " + C.t("points") + (me.crown ? " · " + C.t("crown") : "");
    document.getElementById("table-status").textContent = v.paused ? C.pauseText(v) : C.statusSentence(v);
    const mine = Boolean(v.pending && v.pending.seat === mySeat && !v.result);
    document.getElementById("prompt").textContent = promptText(v, mine);
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
    renderDisplay(you.display);
    const options = you.options || [];
    const optionsLabel = document.getElementById("options-label");
    optionsLabel.hidden = !options.length;
    optionsLabel.textContent = C.t("buttons_offer");
    const box = document.getElementById("options");
    box.replaceChildren(...options.map((action) => {
      const button = C.el("button", { type: "button", class: "option", "data-action": action, text: label(v, action) });
      button.addEventListener("click", () => send(action));
      return button;
    }));
    const chars = [...(you.characters || [])];
    document.getElementById("my-characters").replaceChildren(
      ...chars.map((id) => C.el("span", { class: "chip", "data-id": id, text: C.card(id) })));
    const hand = document.getElementById("hand");
    const cards = (you.hand || []).map((id) =>
      (typeof id === "object" ? C.district(id) : C.el("li", { class: "district", "data-id": id, text: C.card(id) })));
    const unknown = (you.hand_size ?? cards.length) - cards.length;
    if (unknown > 0) cards.push(C.el("li", { class: "chip", text: C.t("hand_unknown", { n: unknown }) }));
    hand.replaceChildren(...cards);
    document.getElementById("my-city").replaceChildren(...(me.city || []).map(C.district));
  }

  /* A refusal in the reader's language: the character's own words when the hub says its
     ability refused the move (result.character: the 2000 Warlord destroys only at the end of
     his turn), else the words for its code (the code itself is never shown). */
  function refusalText(result) {
    const own = result.character ? C.characterWord(view, result.character, "refusal") : "";
    return own || C.t("code_" + result.code) || C.t("code_other");
  }

  async function refresh() {
    const response = await fetch(api, { cache: "no-store" });
    if (!response.ok) {
      document.getElementById("feedback").textContent = refusalText(await response.json());
      return;
    }
    const data = await response.json();
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
    C.live(() => scheduleRefresh());
  }

  start();
})();

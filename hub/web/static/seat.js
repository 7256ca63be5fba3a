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
    if (verb === "graveyard") return C.verb("graveyard") + ": " + C.verb(args[0] || "");
    if (verb === "redraw" && args.length && /^\d+$/.test(args[0])) return C.verb("redraw") + " " + args[0];
    const words = args.map((a, i) =>
      SEAT_ARG_VERBS.has(verb) && i === 0 && /^\d+$/.test(a) ? C.seatName(v, Number(a)) : C.card(a));
    return [C.verb(verb), ...words].join(" ");
  }

  function render(v) {
    view = v;
    const you = v.you || {};
    const me = (v.seats || []).find((s) => s.seat === mySeat) || {};
    document.getElementById("who").textContent = (me.name || "#" + mySeat) + " · " + C.t("seat") + " " + mySeat;
    document.getElementById("status").textContent =
      C.t("gold") + " " + (me.gold ?? "–") + " · " + C.t("cards") + " " + (me.hand ?? "–") +
      (me.crown ? " · " + C.t("crown") : "") + (v.paused ? " · " + C.t("paused") : "");
    const options = you.options || [];
    const prompt = document.getElementById("prompt");
    if (options.length) prompt.textContent = C.t("your_choice");
    else if (v.pending) prompt.textContent = C.t("waiting") + ": " + C.seatName(v, v.pending.seat);
    else prompt.textContent = v.phase === "over" ? C.t("phase_over") : C.t("no_choice");
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
    if (unknown > 0) cards.push(C.el("li", { class: "chip", text: unknown + " " + C.t("hand_unknown") }));
    hand.replaceChildren(...cards);
    document.getElementById("my-city").replaceChildren(...(me.city || []).map(C.district));
  }

  async function refresh() {
    const response = await fetch(api, { cache: "no-store" });
    if (!response.ok) {
      document.getElementById("feedback").textContent = (await response.json()).message || response.statusText;
      return;
    }
    const data = await response.json();
    document.body.dataset.eventId = String(data.id);
    render(data.view);
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
      feedback.textContent = result.ok ? C.t("sent") + ": " + label(view, action) : C.t("refused") + ": " + result.message;
    } catch (err) {
      feedback.className = "feedback bad";
      feedback.textContent = String(err);
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

/* The hub's plain seat page, for a game that brings no pages of its own: whose turn it is,
   the seat's own view (``you``: what only this seat sees) and the public view's fields,
   and, on this seat's turn, its options (``you.options``, each an action's text) as buttons
   that send the action, each worded as the game words it (``you.option_words``), else its text. A new game's own seat page starts from here. */
"use strict";

(() => {
  const H = Hub;
  const $ = (id) => document.getElementById(id);
  const { api, seat: mySeat } = Hub.page();
  let view = null;

  async function send(action) {
    try {
      const response = await fetch(api + "/answer", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action }),
      });
      const result = await response.json();
      $("feedback").className = "feedback " + (result.ok ? "good" : "bad");
      $("feedback").textContent = result.ok ? H.t("sent") : H.t("code_" + result.code) || H.t("refused");
    } catch (err) {
      $("feedback").className = "feedback bad";
      $("feedback").textContent = H.t("refused");
    }
    await refresh();
  }

  function render(v) {
    view = v;
    const options = ((v.you || {}).options || []).filter((o) => typeof o === "string");
    const over = v.over || v.result;
    $("who").textContent = H.seatName(v, mySeat);
    $("table-status").textContent = v.paused ? H.pauseText(v) : "";
    $("own").replaceChildren(H.facts(v.you || {}));
    $("table-facts").replaceChildren(H.facts(v));
    $("prompt").textContent = over ? H.t("hint_game_over") : options.length ? H.t("your_choice")
      : v.pending ? H.t("wait_for", { seat: H.seatName(v, v.pending.seat) }) : H.t("no_choice");
    $("options").replaceChildren(...options.map((action) => {
      const words = ((v.you || {}).option_words || {})[action] || {};  // as the seat's display says it
      const button = H.el("button", { type: "button", "data-action": action, text: words[H.lang] || words.en || action });
      button.addEventListener("click", () => send(action));
      return button;
    }));
  }

  async function refresh() {
    const response = await fetch(api, { cache: "no-store" });
    if (response.ok) render((await response.json()).view || {});
  }

  async function start() {
    await H.init();
    H.onLang(() => { if (view) render(view); });
    await refresh();
    H.live(() => refresh());
  }

  start();
})();

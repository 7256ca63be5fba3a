/* The hub's plain scoreboard, for a game that brings no pages of its own: the public
   view's own fields (a pile, a round), the seats with their names and fields, whose turn it
   is (the view's pending), the game log in the game's words (or the events' kinds), and
   the speak switch. A new game's own scoreboard starts from here. */
"use strict";

(() => {
  const H = Hub;
  const $ = (id) => document.getElementById(id);
  let view = null;
  let log = [];
  let speaking = localStorage.getItem("hub.speak") === "1";

  function status(v) {
    if (!v || !v.seats || !v.seats.length) return H.t("st_setup");
    if (v.over || v.result) {
      const winner = v.winner ?? (v.result && v.result.winner);
      return H.t("phase_over") + (winner ? " · " + H.t("winner") + H.colon() + H.seatName(v, winner) : "");
    }
    return v.pending ? H.t("wait_for", { seat: H.seatName(v, v.pending.seat) }) : "";
  }

  function render(v) {
    view = v;
    H.frame(status(v), v.paused ? H.pauseText(v) : null);
    $("table-facts").replaceChildren(H.facts(v));
    $("seats").replaceChildren(...(v.seats || []).map((s) => {
      const turn = v.pending && v.pending.seat === s.seat && !v.over;
      return H.el("article", { class: "seat" + (turn ? " pending" : ""), "data-seat": String(s.seat) },
        H.el("header", {}, H.el("span", { class: "name", text: H.seatName(v, s.seat) })), H.facts(s));
    }));
  }

  function renderLog() {
    const lines = log.map((e) => H.eventText(e)).filter((text) => text);
    $("log").replaceChildren(...(lines.length ? lines.map((text) => H.el("p", { text }))
      : [H.el("p", { class: "dim", text: H.t("log_empty") })]));
  }

  async function loadHistory() {
    try {
      const response = await fetch("/api/history", { cache: "no-store" });
      log = (await response.json()).events || [];
      renderLog();
    } catch (err) {
      /* the live stream reconnects and asks again */
    }
  }

  function speak(events) {
    if (!speaking || !("speechSynthesis" in window)) return;
    for (const e of events) {
      const text = e.speech && (e.speech[H.lang] || e.speech.en);
      if (!text) continue;
      const u = new SpeechSynthesisUtterance(text);
      u.lang = (H.catalogue && H.catalogue.speech[H.lang]) || "en-GB";
      window.speechSynthesis.speak(u);
    }
  }

  async function start() {
    await H.init();
    const toggle = $("speak");
    toggle.checked = speaking;
    toggle.addEventListener("change", () => {
      speaking = toggle.checked;
      localStorage.setItem("hub.speak", speaking ? "1" : "0");
      if (!speaking && "speechSynthesis" in window) window.speechSynthesis.cancel();
    });
    H.onLang(() => { if (view) render(view); renderLog(); });
    let live = false;
    H.live((message) => {
      render(message.view);
      loadHistory();
      if (live && message.events && message.events.length <= 8) speak(message.events);
      live = true;
    });
  }

  start();
})();

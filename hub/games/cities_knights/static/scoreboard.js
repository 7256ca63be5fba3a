/* Cities & Knights' scoreboard: the dice just rolled (the event die's face as a shape with
   its word), the barbarian track with the ship and the barbarians' strength against the
   active knights', every player's points by source, improvements with levels and
   metropolises, knights, walls and the progress cards held (a count: they are secret),
   whose turn (marked and brought into view on a phone), and the log, newest round first. */
"use strict";

(() => {
  const C = Hub;
  const K = CK;
  let history = [];

  function seatCard(v, s) {
    const turn = !v.winner && v.turn === s.seat;
    const deciding = !v.winner && v.pending && v.pending.seat === s.seat && !turn;
    const winner = v.winner === s.seat;
    return C.el("article", { class: "seat ck-seat" + (turn ? " pending" : "") + (deciding ? " deciding" : "") + (winner ? " winner" : ""),
      "data-seat": String(s.seat) },
      C.el("header", {},
        C.el("span", { class: "name", text: K.seatName(v, s.seat) }),
        turn ? C.el("span", { class: "badge now", text: "▶ " + K.t("page.playing") }) : null,
        deciding ? C.el("span", { class: "badge", text: K.pendingWords(v, v.pending) }) : null,
        C.el("span", { class: "score" }, C.el("b", { class: "vp", text: String(s.vp) }), (C.lang === "en" ? " " : "") + K.t("page.points_unit"))),
      K.sources(s),
      C.el("p", { class: "ck-pieces", "data-sided": String(s.sided || 0), text: K.pieces(s) }),
      C.el("h3", { text: K.t("page.improvements") }), K.improvements(v, s),
      C.el("h3", { text: K.t("page.knights") + C.colon() + K.t("page.strength_knights", { n: s.strength }) }), K.knights(s),
      C.el("p", { class: "ck-held", "data-count": String(s.progress_cards),
        text: K.t("page.progress_held", { n: s.progress_cards }) }),
      C.el("p", { class: "dim", text: K.t("page.seven_limit", { n: s.seven_limit }) }));
  }

  /* The log, newest round first; each round's events newest first. */
  function logSections() {
    return C.logByRound(history, K.eventText, (n) => K.t("page.round_n", { n }), K.t("page.log_empty"));
  }

  function render(view, told) {
    history = told;
    if (!view.seats) return;
    K.dress();
    C.frame(K.status(view), K.pauseText(view));
    const seats = C.el("section", { id: "seats", class: "seats" }, view.seats.map((s) => seatCard(view, s)));
    seats.dataset.count = String(view.seats.length);
    const result = view.winner ? C.el("section", { id: "result", class: "ck-panel ck-result" },
      C.el("h2", { id: "winner", text: K.winnerText(view) }), K.results(view)) : null;
    document.getElementById("main").replaceChildren(C.el("div", { class: "board ck-board" },
      C.el("div", { class: "now" }, result, K.setup(view),
        C.el("div", { class: "ck-top" }, K.dice(view, history), K.track(view)), seats,
        C.el("p", { class: "ck-target dim", text: K.t("page.target") })),
      C.el("aside", { class: "side" }, C.el("section", { class: "log" }, C.el("h2", { id: "log-title", text: K.t("page.log") }),
        C.el("div", { id: "log" }, logSections())))));
  }

  C.scoreboard({ draw: render, acting: (v) => (v.winner ? null : v.turn), speakKey: "ck.speak", speakMax: 12 });
})();

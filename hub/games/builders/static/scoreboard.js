/* The Builders' scoreboard: whose turn and the actions left, every player's coins, points,
   workers and sites with what each still needs, the face-up rows, the game log. */
"use strict";

(() => {
  const C = Hub;
  const B = Builders;
  let view = null;
  let log = [];
  let speaking = localStorage.getItem("builders.speak") === "1";

  function seatCard(v, s) {
    const pending = !v.result && v.pending && v.pending.seat === s.seat;
    const winner = v.result && (v.result.winners || []).includes(s.seat);
    return C.el("article", { class: "seat b-seat" + (pending ? " pending" : "") + (winner ? " winner" : ""),
      "data-seat": String(s.seat) },
      C.el("header", {},
        C.el("span", { class: "name", text: B.seatName(v, s.seat) }),
        s.first ? C.el("span", { class: "b-first", text: B.t("page.first") }) : null,
        C.el("span", { class: "score", title: B.t("page.score") },
          C.el("b", { class: "points", text: String(s.points) }), " ", B.t("page.points"))),
      C.el("div", { class: "nums" },
        C.el("span", {}, C.el("b", { class: "coins", text: String(s.coins) }), " ", B.t("page.coins")),
        C.el("span", { class: "dim" }, B.t("page.score") + " " + s.score),
        s.online === false ? C.el("span", { class: "chip offline", text: "×" }) : null),
      C.el("h3", { text: B.t("page.workers") }), C.el("ul", { class: "chips workers" }, s.workers.map(B.worker)),
      s.sites.length ? C.el("h3", { text: B.t("page.sites") }) : null,
      s.sites.length ? C.el("ul", { class: "sites" }, s.sites.map(B.site)) : null,
      s.finished.length ? C.el("h3", { text: B.t("page.finished") }) : null,
      s.finished.length ? C.el("ul", { class: "chips finished" },
        s.finished.map((b) => C.el("li", { class: "chip done", "data-id": b.id, text: B.card(b.id) + " " + b.points }))) : null);
  }

  /* Before the first move of a physical game: how to lay out the table (the apprentice
     each seat takes, the face-up rows in order). */
  function setup(v) {
    const s = v.setup;
    if (!s) return null;
    return C.el("section", { id: "setup", class: "b-setup" }, C.el("h2", { text: B.t("page.setup") }),
      C.el("p", { text: B.t("page.setup_rows") + ": " + s.buildings.map(B.card).join(", ") + " · " +
        s.workers.map(B.card).join(", ") }),
      C.el("ul", {}, Object.entries(s.apprentices).map(([seat, id]) => C.el("li", { "data-seat": seat,
        text: B.t("page.setup_takes", { name: B.seatName(v, Number(seat)), card: B.card(id) }) }))));
  }

  function rows(v) {
    const r = v.rows || { buildings: [], workers: [] };
    const d = v.decks || {};
    return C.el("div", { class: "b-rows" },
      C.el("section", { id: "row-buildings" }, C.el("h2", { text: B.t("page.row_buildings") + " · " + B.t("page.deck", { n: d.buildings ?? 0 }) }),
        C.el("ul", {}, r.buildings.map(B.building))),
      C.el("section", { id: "row-workers" }, C.el("h2", { text: B.t("page.row_workers") + " · " + B.t("page.deck", { n: d.workers ?? 0 }) }),
        C.el("ul", { class: "chips" }, r.workers.map(B.worker)),
        C.el("p", { id: "legend", class: "dim", text: B.t("page.legend") })));
  }

  function result(v) {
    if (!v.result) return null;
    const seats = [...v.result.seats].sort((a, b) => a.rank - b.rank);
    return C.el("section", { id: "result", class: "b-result" }, C.el("h2", { id: "winner", text: B.resultText(v) }),
      C.el("table", {}, C.el("thead", {}, C.el("tr", {}, [B.t("page.player"), B.t("page.score"), B.t("page.points"),
        B.t("page.coins")].map((h) => C.el("th", { text: h })))),
        C.el("tbody", {}, seats.map((s) => C.el("tr", { "data-seat": String(s.seat) },
          C.el("td", { text: B.seatName(v, s.seat) }), C.el("td", { class: "score", text: String(s.score) }),
          C.el("td", { text: String(s.points) }), C.el("td", { text: String(s.coins) }))))));
  }

  function render() {
    if (!view) return;
    B.dress();
    const main = document.getElementById("main");
    // the status sentence and the pause banner live in the hub's sticky header
    C.frame(B.status({ ...view, paused: false }), view.paused ? B.status(view) : null);
    main.replaceChildren(C.el("div", { class: "board" },
      C.el("div", { class: "now" },
        result(view), setup(view), rows(view),
        C.el("section", { id: "seats", class: "seats" }, (view.seats || []).map((s) => seatCard(view, s)))),
      C.el("aside", { class: "side" }, C.el("section", { class: "log" }, C.el("h2", { id: "log-title", text: B.t("page.log") }),
        C.el("ul", { id: "log" }, log.map(B.eventText).filter((x) => x).map((x) => C.el("li", { text: x })))))));
  }

  function speak(events) {
    if (!speaking || !("speechSynthesis" in window)) return;
    for (const e of events) {
      const said = e.speech && (e.speech[C.lang] || e.speech.en);
      if (said) {
        const u = new SpeechSynthesisUtterance(said);
        u.lang = { en: "en-GB", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN" }[C.lang];
        speechSynthesis.speak(u);
      }
    }
  }

  async function loadHistory() {
    const response = await fetch("/api/history", { cache: "no-store" });
    if (response.ok) log = (await response.json()).events || [];
  }

  async function start() {
    await C.init();
    const box = document.getElementById("speak");
    if (box) {
      box.checked = speaking;
      box.addEventListener("change", () => { speaking = box.checked; localStorage.setItem("builders.speak", speaking ? "1" : "0"); });
    }
    const first = await (await fetch("/api/public", { cache: "no-store" })).json();
    view = first.view;
    await loadHistory();
    render();
    C.onLang(render);
    C.live(async (message) => {
      const restarted = (message.events || []).some((e) => e.kind === "new_game" || e.kind === "voided" || e.kind === "correction");
      view = message.view;
      if (restarted) await loadHistory();
      else log = log.concat((message.events || []).filter((e) => e.words));
      speak(message.events || []);
      render();
    });
  }

  start();
})();

/* Public scoreboard: what is happening now, every seat's running score, the whole game log. */
"use strict";

(() => {
  const C = Citadels;
  const DRAFT_KINDS = new Set(["draft_turn", "picked"]);
  let view = null;
  let history = null;
  let speaking = localStorage.getItem("citadels.speak") === "1";
  let shownPending = null;
  let lastUserScroll = 0;

  function characterChip(v, id) {
    let cls = "chip";
    let mark = "";
    if (v.killed === id) { cls += " killed"; mark = " ✝"; }
    if (v.robbed === id) { cls += " robbed"; mark += " ✋"; }
    return C.el("span", { class: cls, "data-id": id, title: mark ? (v.killed === id ? C.t("killed") : C.t("robbed")) : "" },
      C.card(id) + mark);
  }

  /* What the seat is doing now, in a word: choosing, chosen, playing. */
  function seatState(v, s, pending) {
    if (pending) return C.el("span", { class: "badge now", text: "▶ " + (v.phase === "draft" ? C.t("choosing") : C.t("playing")) });
    if (v.phase === "draft" && s.chosen > 0) return C.el("span", { class: "badge chosen", text: "✓ " + C.t("chosen") });
    return null;
  }

  function seatCard(v, s, winner) {
    const pending = !v.result && v.pending && v.pending.seat === s.seat;
    const card = C.el("article", {
      class: "seat" + (pending ? " pending" : "") + (winner === s.seat ? " winner" : ""),
      "data-seat": String(s.seat),
      "aria-current": pending ? "true" : null,
    });
    card.append(C.el("header", {},
      C.el("span", { class: "name", text: C.seatName(v, s.seat) }),
      s.crown ? C.el("img", { class: "crown", src: "/static/icon.svg", alt: C.t("crown"), title: C.t("crown") }) : null,
      seatState(v, s, pending),
      C.el("span", { class: "score", title: C.t("score") },
        C.el("b", { class: "points", text: String(s.score ?? 0) }), " ", C.t("points"))));
    const got = new Set((s.city || []).map((d) => d.type)).size;
    card.append(C.el("div", { class: "nums" },
      C.el("span", { title: C.t("gold") }, C.el("i", { class: "coin", "aria-label": C.t("gold") }),
        C.el("b", { class: "gold", text: String(s.gold) })),
      C.el("span", { title: C.t("cards") }, C.el("i", { class: "cardback", "aria-label": C.t("cards") }),
        C.el("b", { class: "hand-size", text: String(s.hand) })),
      C.el("span", { class: "collected", title: C.t("types_collected", { n: got }) }, C.typeMarks(s.city))));
    const city = C.el("ul", { class: "city" });
    for (const id of s.characters || []) city.append(C.el("li", { class: "character" }, characterChip(v, id)));
    if (s.complete) city.append(C.el("li", { class: "chip done", text: C.t("complete") }));
    if (s.online === false) city.append(C.el("li", { class: "chip offline", text: C.t("reader_offline") }));
    for (const d of s.city || []) city.append(C.district(d, v));
    if (city.childElementCount) card.append(city);
    return card;
  }

  function renderResult(v) {
    const box = document.getElementById("result");
    const r = v.result;
    box.hidden = !r;
    box.replaceChildren();
    if (!r) return;
    box.append(C.el("h2", { id: "winner" }, C.t("winner") + C.colon() + C.seatName(v, r.winner) +
      (r.tiebreak ? (C.lang === "en" ? " (" + C.t("tiebreak") + ")" : "（" + C.t("tiebreak") + "）") : "")));
    const keys = ["districts", "all_types", "completion", "uniques"];
    const table = C.el("table");
    table.append(C.el("thead", {}, C.el("tr", {}, C.el("th", { text: C.t("player") }), C.el("th", { text: C.t("total") }),
      keys.map((k) => C.el("th", { text: C.t(k) })))));
    const body = C.el("tbody");
    const rows = [...(r.seats || [])].sort((a, b) => b.score - a.score);
    for (const s of rows) {
      const b = s.breakdown || {};
      body.append(C.el("tr", { class: s.seat === r.winner ? "winner" : "", "data-seat": String(s.seat) },
        C.el("td", { text: C.seatName(v, s.seat) }),
        C.el("td", { class: "score", text: String(s.score) }),
        keys.map((k) => C.el("td", { text: String(b[k] ?? 0) }))));
    }
    table.append(body);
    box.append(table);
    /* The deal's seed, kept secret while the game ran, is told once it is over: the admin
       can deal the same game again with it. */
    if (v.seed !== null && v.seed !== undefined) {
      box.append(C.el("p", { id: "seed", class: "seed", text: C.t("seed_was", { seed: String(v.seed) }) }));
    }
  }

  function tableInfo(v) {
    const parts = [];
    if (v.round) parts.push(C.t("round_n", { n: v.round }));
    if (v.deck !== undefined && v.deck !== null) parts.push(C.t("deck") + " " + v.deck);
    if ((v.faceup_removed || []).length) {
      parts.push(C.t("removed") + C.colon() + C.list(v.faceup_removed.map((id) => C.card(id))));
    }
    if ((v.seats || []).length && (v.seats || []).every((s) => s.online !== false)) parts.push(C.t("readers_all_online"));
    document.getElementById("table-info").textContent = parts.join(" · ");
  }

  /* Bring the seat that must act into view when it changes, unless the reader is scrolling. */
  function showPending(v) {
    const seat = v.pending && !v.result ? v.pending.seat : null;
    if (seat === shownPending) return;
    shownPending = seat;
    if (seat === null || Date.now() - lastUserScroll < 8000) return;
    const node = document.querySelector(`#seats .seat[data-seat="${seat}"]`);
    if (node && node.scrollIntoView) node.scrollIntoView({ block: "nearest" });
  }

  function render(v) {
    view = v;
    document.getElementById("status").textContent = C.statusSentence(v);
    const paused = document.getElementById("paused");
    paused.hidden = !v.paused;
    paused.textContent = v.paused ? C.pauseText(v) : "";
    const winner = v.result ? v.result.winner : null;
    document.getElementById("seats").replaceChildren(...(v.seats || []).map((s) => seatCard(v, s, winner)));
    renderResult(v);
    tableInfo(v);
    document.getElementById("key").replaceChildren(C.el("span", { class: "label", text: C.t("key") }), C.typeKey());
    showPending(v);
  }

  /* The whole game, newest round first; each round's draft chatter folded into one line. */
  function renderLog() {
    const box = document.getElementById("log");
    const events = ((history && history.events) || []).filter((e) => C.eventText(e));
    if (!events.length) { box.replaceChildren(C.el("p", { class: "dim", text: C.t("log_empty") })); return; }
    const rounds = new Map();
    for (const e of events) {
      const r = e.round || 0;
      if (!rounds.has(r)) rounds.set(r, []);
      rounds.get(r).push(e);
    }
    const sections = [];
    for (const [r, list] of [...rounds.entries()].sort((a, b) => b[0] - a[0])) {
      const draft = list.filter((e) => DRAFT_KINDS.has(e.kind));
      const told = list.filter((e) => !DRAFT_KINDS.has(e.kind)).reverse();
      const items = told.map((e) => C.el("li", { "data-kind": e.kind, text: C.eventText(e) }));
      const picks = draft.filter((e) => e.kind === "picked").length;
      if (picks) {
        items.push(C.el("li", { class: "folded" }, C.el("details", {},
          C.el("summary", { text: C.t("draft_folded", { n: picks }) }),
          C.el("ul", {}, draft.filter((e) => e.kind === "picked").map((e) => C.el("li", { text: C.eventText(e) }))))));
      }
      sections.push(C.el("section", { class: "round", "data-round": String(r) },
        C.el("h3", { text: r ? C.t("round_n", { n: r }) : C.t("phase_setup") }), C.el("ul", {}, items)));
    }
    box.replaceChildren(...sections);
  }

  let historyTimer = null;
  async function loadHistory() {
    historyTimer = null;
    try {
      const response = await fetch("/api/history", { cache: "no-store" });
      if (!response.ok) return;
      history = await response.json();
      document.body.dataset.historyId = String(history.id);
      renderLog();
    } catch (err) {
      /* the live stream reconnects and asks again */
    }
  }

  function scheduleHistory() {
    if (!historyTimer) historyTimer = setTimeout(loadHistory, 200);
  }

  function speak(events) {
    if (!speaking || !("speechSynthesis" in window)) return;
    const speechLang = (C.catalogue && C.catalogue.speech[C.lang]) || "en-GB";
    for (const e of events) {
      const text = e.speech && (e.speech[C.lang] || e.speech.en);
      if (!text) continue;
      const u = new SpeechSynthesisUtterance(text);
      u.lang = speechLang;
      window.speechSynthesis.speak(u);
    }
  }

  async function start() {
    await C.init();
    const toggle = document.getElementById("speak");
    toggle.checked = speaking;
    toggle.addEventListener("change", () => {
      speaking = toggle.checked;
      localStorage.setItem("citadels.speak", speaking ? "1" : "0");
      if (!speaking && "speechSynthesis" in window) window.speechSynthesis.cancel();
    });
    for (const kind of ["wheel", "touchmove", "keydown"]) {
      window.addEventListener(kind, () => { lastUserScroll = Date.now(); }, { passive: true });
    }
    C.onLang(() => { if (view) render(view); renderLog(); });
    let live = false;
    C.live((message) => {
      render(message.view);
      scheduleHistory();
      // Only speak what happens now, not a backlog replayed after a reconnect.
      if (live && message.events && message.events.length <= 8) speak(message.events);
      live = true;
    });
  }

  start();
})();

/* The Builders' admin page: the table's state, a new game (players, names, seed), pause
   and resume, undo the last move, correct a seat's coins, the seat links. */
"use strict";

(() => {
  const C = Hub;
  const B = Builders;
  const api = document.body.dataset.api;
  const $ = (id) => document.getElementById(id);
  let last = null;
  let answer = null;

  function outcome(path, result) {
    if (result.ok) return B.t("page.done");
    if (result.code === "reason_required" || result.code === "bad_input") return B.t("page.need_reason");
    if (path === "/void" && result.code === "not_available") return B.t("page.nothing_to_undo");
    return B.t("refusal." + result.code) || B.t("page.bad");
  }

  async function post(path, body) {
    try {
      const response = await fetch(api + path, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}),
      });
      const result = await response.json();
      answer = [result.ok ? "good" : "bad", outcome(path, result)];
    } catch (err) {
      answer = ["bad", B.t("page.offline")];
    }
    await status();
  }

  const field = (id, label, attrs) => C.el("label", {}, C.el("span", { text: label + " " }), C.el("input", { id, ...attrs }));

  function build() {
    B.dress();
    const players = C.el("select", { id: "players" }, [2, 3, 4].map((n) => C.el("option", { value: String(n), text: String(n), selected: n === 3 })));
    const names = C.el("div", { id: "names", class: "names" });
    const fillNames = () => {
      const old = [...names.querySelectorAll("input")].map((i) => i.value);
      names.replaceChildren(...Array.from({ length: Number(players.value) }, (_, i) =>
        C.el("input", { maxLength: 24, placeholder: B.t("page.name_n", { n: i + 1 }), value: old[i] || "" })));
    };
    players.addEventListener("change", fillNames);
    const form = C.el("form", { id: "new-game" },
      C.el("label", {}, C.el("span", { text: B.t("page.players") + " " }), players),
      field("seed", B.t("page.seed"), { inputMode: "numeric", maxLength: 18 }), names,
      C.el("button", { type: "submit", text: B.t("page.start_game") }));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      post("/game", { players: Number(players.value), names: [...names.querySelectorAll("input")].map((i) => i.value),
        mode: "physical", seed: seed ? Number(seed) : null });
    });
    const button = (id, text, click) => { const b = C.el("button", { id, type: "button", text }); b.addEventListener("click", click); return b; };
    $("main").replaceChildren(
      C.el("p", { id: "table-status", class: "status-line b-status" }),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.table") }),
        C.el("div", { id: "admin-status", class: "status" }),
        C.el("div", { id: "admin-feedback", class: "feedback", role: "status" }),
        C.el("div", { class: "row" }, C.el("input", { id: "pause-reason", maxLength: 200, placeholder: B.t("page.reason") }),
          button("pause", B.t("page.pause"), () => post("/pause", { reason: $("pause-reason").value })),
          button("resume", B.t("page.resume"), () => post("/resume", {})))),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.new_game") }), form),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.corrections") }),
        C.el("div", { class: "row" }, C.el("input", { id: "void-reason", maxLength: 200, placeholder: B.t("page.reason") }),
          button("void", B.t("page.undo"), () => post("/void", { reason: $("void-reason").value }))),
        C.el("div", { class: "row" }, field("coins-seat", B.t("page.seat"), { type: "number", min: 1, max: 4, value: 1 }),
          field("coins-delta", B.t("page.delta"), { type: "number", min: -50, max: 50, value: 1 }),
          C.el("input", { id: "coins-reason", maxLength: 200, placeholder: B.t("page.reason") }),
          button("coins", B.t("page.correct_coins"), () => post("/correct/coins", {
            seat: Number($("coins-seat").value), delta: Number($("coins-delta").value), reason: $("coins-reason").value })))),
      C.el("section", { class: "panel" }, C.el("h2", { text: B.t("page.seat_links") }), C.el("div", { id: "seat-links", class: "links" })));
    fillNames();
  }

  function render(s) {
    const v = s.view || {};
    const online = Object.entries(s.seats_online || {}).map(([k, on]) => B.seatName(v, Number(k)) + (on ? " ✓" : " ✗"));
    $("table-status").textContent = B.status(v);
    $("admin-status").textContent = [s.paused ? B.t("page.paused") : B.t("page.running"),
      B.t("page.readers") + ": " + (online.join(", ") || "–")].join(" · ");
    const box = $("admin-feedback");
    box.className = "feedback " + (answer ? answer[0] : "");
    box.textContent = answer ? answer[1] : "";
    $("seat-links").replaceChildren(...(s.seat_links || []).map((l) => C.el("figure", {},
      C.el("img", { src: l.qr, alt: B.seatName(v, l.seat) }),
      C.el("figcaption", {}, B.seatName(v, l.seat) + " ", C.el("a", { href: l.url, text: B.t("page.link") })))));
  }

  async function status() {
    const response = await fetch(api + "/status", { cache: "no-store" });
    if (!response.ok) return;
    last = await response.json();
    render(last);
  }

  async function start() {
    await C.init();
    build();
    C.onLang(() => { build(); if (last) render(last); });
    await status();
    C.live(() => status());
  }

  start();
})();

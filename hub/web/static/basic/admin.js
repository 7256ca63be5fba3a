/* The hub's plain admin page, for a game that brings no pages of its own: the table's state,
   pause and resume, the undo of the last action (named, with a reason, asked first), a new
   game (players within the game's seats, names, mode, seed), the seat links. A new game's
   own admin page starts from here. */
"use strict";

(() => {
  const H = Hub;
  const api = document.body.dataset.api;
  const $ = (id) => document.getElementById(id);
  let last = null;
  let linksShown = "";

  function say(ok, text) {
    $("admin-feedback").className = "feedback " + (ok ? "good" : "bad");
    $("admin-feedback").textContent = text;
  }

  async function post(path, body) {
    let result = null;
    try {
      const response = await fetch(api + path, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}),
      });
      result = await response.json();
      say(result.ok, result.ok ? H.t("admin_ok_" + path.slice(1)) || H.t("done") : H.t("code_" + result.code) || H.t("admin_bad"));
    } catch (err) {
      say(false, H.t("admin_offline"));
    }
    await status();
    return result;
  }

  function playerChoices() {
    const game = (H.catalogue && H.catalogue.game) || { seats: [2, 4], default_players: 2 };
    const select = $("players");
    for (let n = game.seats[0]; n <= game.seats[1]; n++) {
      select.append(H.el("option", { value: String(n), text: String(n), selected: n === game.default_players }));
    }
  }

  function nameInputs() {
    const box = $("names");
    const old = [...box.querySelectorAll("input")].map((i) => i.value);
    box.replaceChildren(...Array.from({ length: Number($("players").value) }, (_, i) =>
      H.el("input", { maxLength: H.catalogue.game.name_limit, placeholder: H.t("seat_n", { n: i + 1 }), value: old[i] || "", "data-seat": String(i + 1) })));
  }

  let history = [];
  let historyOf = "";

  /* The last move in the log's words (the history's latest move, the next turn's opening
     left out), or the log's own text for a game that words none. */
  function moveWords(s) {
    const moves = history.filter((e) => e.move);
    const latest = moves.length ? moves[moves.length - 1].move : null;
    const said = moves.filter((e) => e.move === latest).map(H.eventText).filter((x) => x);
    return said.length ? said.join(H.lang === "en" ? " " : "") : s.last_move;
  }

  function renderStatus(s) {
    const v = s.view || {};
    const over = Boolean(v.over || v.result);
    // only the control that applies: Pause while it runs, Resume while paused, neither once over
    $("pause").hidden = Boolean(s.paused || over);
    $("pause-reason").hidden = Boolean(s.paused || over);
    $("resume").hidden = !s.paused;
    $("table-status").textContent = [
      over ? H.t("phase_over") : s.paused ? H.pauseText(v) : H.t("running"),
      v.seats && v.seats.length ? (v.pending ? H.t("wait_for", { seat: H.seatName(v, v.pending.seat) }) : null) : H.t("no_game"),
    ].filter((x) => x).join(" · ");
    $("last-move").textContent = s.last_move ? H.t("admin_last_move", { move: moveWords(s) }) : H.t("code_nothing_to_undo");
    $("undo").disabled = !s.last_move || s.can_undo === false;
    const key = JSON.stringify([s.seat_links, H.lang]);
    if (key !== linksShown) {
      linksShown = key;
      $("seat-links").replaceChildren(...(s.seat_links || []).map((l) => H.el("figure", {},
        H.el("img", { src: l.qr, alt: H.t("qr_for", { seat: H.seatName(v, l.seat) }) }),
        H.el("figcaption", {}, H.seatName(v, l.seat) + " ", H.el("a", { href: l.url, text: H.t("link") })))));
    }
  }

  async function status() {
    const response = await fetch(api + "/status", { cache: "no-store" });
    if (!response.ok) { say(false, H.t("admin_offline")); return; }
    last = await response.json();
    const v = last.view || {};
    const moved = JSON.stringify([last.last_move, v.round, v.pending, v.actions_left, (v.recent || []).length]);
    try {  // the log's words for the last move: read again only when the table moved
      if (moved !== historyOf) {
        const told = await fetch("/api/history", { cache: "no-store" });
        if (told.ok) { history = (await told.json()).events || []; historyOf = moved; }
      }
    } catch (err) { /* the log's own text meanwhile */ }
    renderStatus(last);
  }

  async function start() {
    await H.init();
    playerChoices();
    nameInputs();
    $("players").addEventListener("change", nameInputs);
    $("new-game").addEventListener("submit", (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      post("/game", {
        players: Number($("players").value), names: [...$("names").querySelectorAll("input")].map((i) => i.value),
        mode: $("mode").value, seed: seed ? Number(seed) : null,
      });
    });
    $("pause").addEventListener("click", () => post("/pause", { reason: $("pause-reason").value }));
    $("resume").addEventListener("click", () => post("/resume", {}));
    let confirmed = null;  // the move the question names: refused (moved_on) if another comes first
    $("undo").addEventListener("click", () => {
      if (!$("undo-reason").value.trim()) { say(false, H.t("reason")); $("undo-reason").focus(); return; }
      confirmed = last && last.last_move;
      $("undo-question").textContent = H.t("admin_undo_confirm", { move: moveWords(last) });
      $("undo-confirm").hidden = false;
    });
    $("undo-no").addEventListener("click", () => { $("undo-confirm").hidden = true; });
    $("undo-yes").addEventListener("click", async () => {
      $("undo-confirm").hidden = true;
      const result = await post("/void", { reason: $("undo-reason").value, expected: confirmed });
      if (result && result.ok) $("undo-reason").value = "";
    });
    H.onLang(() => { nameInputs(); linksShown = ""; if (last) renderStatus(last); });
    try { await status(); } finally { $("main").hidden = false; }  // the controls, once they work and show the table
    H.live(() => status());
  }

  start();
})();

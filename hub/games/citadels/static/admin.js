/* Table admin: set up a game, pause/resume, enrol tags, corrections, seat links. */
"use strict";

(() => {
  const C = Citadels;
  const api = document.body.dataset.api;
  const $ = (id) => document.getElementById(id);

  function say(ok, text) {
    const box = $("admin-feedback");
    box.className = "feedback " + (ok ? "good" : "bad");
    box.textContent = text;
  }

  /* What to tell the admin about an answer, in the page's language (never a code). */
  function outcome(path, result) {
    if (result.ok) return C.t("admin_ok_" + path.slice(1)) || C.t("done");
    if (result.code === "use_cli") return C.t("admin_use_cli");
    if (result.code === "reason_required") return C.t("admin_need_reason");
    if (path === "/void" && result.code === "not_available") return C.t("admin_nothing_to_undo");
    return C.t("code_" + result.code) || C.t("admin_bad");
  }

  async function post(path, body) {
    try {
      const response = await fetch(api + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body || {}),
      });
      const result = await response.json();
      say(result.ok, outcome(path, result));
      await status();
      return result;
    } catch (err) {
      say(false, C.t("admin_offline"));
      return { ok: false };
    }
  }

  function nameInputs() {
    const n = Number($("players").value);
    const box = $("names");
    const old = [...box.querySelectorAll("input")].map((i) => i.value);
    box.replaceChildren();
    for (let i = 0; i < n; i++) {
      box.append(C.el("input", { maxLength: 24, placeholder: C.t("seat_n", { n: i + 1 }), value: old[i] || "", "data-seat": String(i + 1) }));
    }
  }

  /* Districts the table entered by hand, until their card is read on the owner's reader:
     a Warlord laying such a card is refused until then (docs/protocol.md). */
  function byHand(v, seats) {
    const entries = Object.entries(seats || {}).filter(([, cards]) => cards.length);
    if (!entries.length) return null;
    return C.t("admin_by_hand") + C.colon() +
      C.list(entries.map(([k, cards]) => C.seatName(v, Number(k)) + " " + C.list(cards.map((id) => C.card(id)))));
  }

  let linksShown = "";
  let last = null;
  function renderStatus(s) {
    const v = s.view || {};
    const online = Object.entries(s.seats_online || {})
      .map(([k, on]) => C.seatName(v, Number(k)) + (on ? " ✓" : " ✗"));
    const phase = v.seats && v.seats.length ? C.t("phase_" + (v.phase || "setup")) : C.t("no_game");
    const parts = [
      s.paused ? C.pauseText(v) : C.t("running"),
      v.round ? C.t("round_n", { n: v.round }) : null,
      phase,
      C.t("readers") + C.colon() + (online.length ? C.list(online) : "–"),
      C.t("live_pages") + C.colon() + s.live_pages,
      s.store_error ? C.t("record_not_saved") : null,
      byHand(v, s.entered_by_hand),
    ];
    $("admin-status").textContent = parts.filter((x) => x).join(" · ");
    $("table-status").textContent = C.statusSentence(v);
    const key = JSON.stringify([s.seat_links, C.lang]);
    if (key !== linksShown) {
      linksShown = key;
      $("seat-links").replaceChildren(...s.seat_links.map((l) => C.el("figure", {},
        C.el("img", { src: l.qr, alt: C.t("qr_for", { seat: C.seatName(v, l.seat) }) }),
        C.el("figcaption", {}, C.seatName(v, l.seat) + " ", C.el("a", { href: l.url, text: C.t("link") })))));
    }
  }

  async function status() {
    const response = await fetch(api + "/status", { cache: "no-store" });
    if (!response.ok) { say(false, C.t("admin_offline")); return; }
    last = await response.json();
    renderStatus(last);
  }

  async function start() {
    await C.init();
    nameInputs();
    variantChoices();
    $("players").addEventListener("change", nameInputs);
    $("edition").addEventListener("change", variantChoices);
    $("new-game").addEventListener("submit", (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      post("/game", {
        players: Number($("players").value),
        names: [...$("names").querySelectorAll("input")].map((i) => i.value),
        edition: $("edition").value,
        variant: $("variant").value,
        mode: $("mode").value,
        seed: seed ? Number(seed) : null,
      });
    });
    $("pause").addEventListener("click", () => post("/pause", { reason: $("pause-reason").value }));
    $("resume").addEventListener("click", () => post("/resume", {}));
    $("enroll").addEventListener("click", () => post("/enroll", {}));
    $("void").addEventListener("click", () => post("/void", { reason: $("void-reason").value }));
    $("gold").addEventListener("click", () => post("/gold", {
      seat: Number($("gold-seat").value), delta: Number($("gold-delta").value), reason: $("gold-reason").value,
    }));
    C.onLang(() => { nameInputs(); cardChoices(); variantChoices(); if (last) renderStatus(last); });
    cardChoices();
    $("card-verb").addEventListener("change", () => { $("card-target-label").hidden = $("card-verb").value !== "destroy"; });
    $("card").addEventListener("click", () => post("/card", {
      seat: Number($("card-seat").value), action: cardAction(), reason: $("card-reason").value,
    }));
    await status();
    C.live(() => status());
  }

  /* The chosen edition's variants (Classic: classic7, classic8; 2000: standard, short), as
     the hub lists them in its catalogue; the first is the edition's default. */
  function variantChoices() {
    const select = $("variant");
    const variants = (C.catalogue.editions || {})[$("edition").value] || [];
    const kept = select.value;
    select.replaceChildren(...variants.map((v) => {
      const option = document.createElement("option");
      option.value = v;
      option.dataset.i18n = "variant_" + v;
      option.textContent = C.t("variant_" + v);
      return option;
    }));
    if (variants.includes(kept)) select.value = kept;
  }

  /* The admin names a card by its name in the page's language; the hub hears the move the
     card would have said on that seat's reader (e.g. "2 build manor"), never shown. */
  function cardChoices() {
    const select = $("card-id");
    const kept = select.value;
    const names = C.catalogue.cards[C.lang] || C.catalogue.cards.en;
    const ids = Object.keys(C.catalogue.cards.en).sort((a, b) => C.card(a).localeCompare(C.card(b), C.lang));
    select.replaceChildren(...ids.map((id) => {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = names[id] || C.card(id);
      return option;
    }));
    if (kept) select.value = kept;
  }

  function cardAction() {
    const seat = Number($("card-seat").value);
    const verb = $("card-verb").value;
    const target = verb === "destroy" ? [Number($("card-target").value)] : [];
    return [seat, verb, ...target, $("card-id").value].join(" ");
  }

  start();
})();

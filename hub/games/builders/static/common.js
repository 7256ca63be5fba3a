/* The Builders' page helpers, over the hub's shared ones (Hub.el, .live, .init):
   its words in the reader's language (/api/i18n's "builders"), cards, resources, sites. */
"use strict";

const Builders = (() => {
  const C = Hub;
  const RESOURCES = ["stone", "wood", "knowledge", "tile"];

  function words() {
    const all = (C.catalogue && C.catalogue.builders) || {};
    return all[C.lang] || all.en || {};
  }

  /* A phrase in the reader's language with {placeholders} filled in (English if missing). */
  function t(key, values) {
    const en = ((C.catalogue && C.catalogue.builders) || {}).en || {};
    let text = words()[key] || en[key] || "";
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }

  const card = (id) => (id ? t("card." + id) || id : "–");
  const seatName = (v, seat) => {
    const s = ((v && v.seats) || []).find((x) => x.seat === seat);
    return s && s.name && s.name !== "Seat " + seat ? s.name : t("seat", { seat });
  };
  const joined = (names) => names.join(C.lang === "en" ? " and " : "和");

  /* Resources as "stone 2 · tile 1" in the reader's words; "nothing" when all are 0. */
  function amounts(a) {
    const parts = RESOURCES.filter((r) => a && a[r]).map((r) => t(r) + " " + a[r]);
    return parts.length ? parts.join(" · ") : t("page.nothing");
  }

  function worker(w) {
    return C.el("li", { class: "chip b-worker", "data-id": w.id, title: t("page.wage", { n: w.wage }) },
      card(w.id) + " (" + w.wage + ")");
  }

  function building(b) {
    const gain = b.kind === "machine" ? t("page.machine") : t("page.gain", { coins: b.coins, points: b.points });
    return C.el("li", { class: "b-building", "data-id": b.id },
      C.el("b", { text: card(b.id) }), " ", C.el("span", { class: "dim", text: gain }),
      C.el("div", { class: "b-needs", text: amounts(b.needs) }));
  }

  function site(s) {
    return C.el("li", { class: "b-site", "data-id": s.id },
      C.el("b", { text: card(s.id) }), " ",
      C.el("span", { class: "dim", text: t("page.needs") + ": " }),
      C.el("span", { class: "b-missing", text: amounts(s.missing) }),
      s.workers.length ? C.el("ul", { class: "chips" }, s.workers.map(worker)) : null);
  }

  /* One sentence: whose turn and how many actions are left, the last round, the end. */
  function status(v) {
    if (!v || !v.seats) return "";
    if (v.paused) return v.pause_reason ? t("page.paused_reason", { reason: v.pause_reason }) : t("page.paused");
    if (v.result) return resultText(v);
    const parts = [t("page.round_n", { n: v.round })];
    if (v.pending) parts.push(t("page.turn_of", { name: seatName(v, v.pending.seat), n: v.actions_left }));
    if (v.last_round) parts.push(t("page.last_round"));
    return parts.join(" · ");
  }

  function resultText(v) {
    const r = v.result;
    const winners = r.winners || [];
    if (winners.length > 1) return t("page.over") + " · " + t("page.shared", { names: joined(winners.map((s) => seatName(v, s))) });
    const best = (r.seats || []).find((s) => s.seat === winners[0]) || {};
    return t("page.over") + " · " + t("page.winner", { name: seatName(v, winners[0]), score: best.score });
  }

  function eventText(e) {
    return (e.words && (e.words[C.lang] || e.words.en)) || "";
  }

  /* The page's title and the stylesheet of The Builders (same origin: the CSP allows it). */
  function dress() {
    document.title = t("page.title");
    const title = document.getElementById("title");
    if (title) title.textContent = t("page.title");
    if (!document.getElementById("builders-css")) {
      document.head.append(C.el("link", { id: "builders-css", rel: "stylesheet", href: "/game/builders.css" }));
    }
  }

  return { t, card, seatName, amounts, worker, building, site, status, resultText, eventText, dress, RESOURCES };
})();

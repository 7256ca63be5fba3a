/* Public scoreboard: renders the whole public view on every live message. */
"use strict";

(() => {
  const C = Citadels;
  let view = null;
  let speaking = localStorage.getItem("citadels.speak") === "1";

  function phaseText(v) {
    if (v.paused) return C.t("paused");
    return C.t("phase_" + (v.phase || "setup"));
  }

  function characterChip(v, id) {
    let cls = "chip";
    let mark = "";
    if (v.killed === id) { cls += " killed"; mark = " ✝"; }
    if (v.robbed === id) { cls += " robbed"; mark += " ✋"; }
    return C.el("span", { class: cls, "data-id": id, title: mark ? (v.killed === id ? C.t("killed") : C.t("robbed")) : "" },
      C.card(id) + mark);
  }

  function seatCard(v, s, winner) {
    const pending = v.pending && v.pending.seat === s.seat;
    const online = s.online !== false;
    const card = C.el("article", {
      class: "seat" + (pending ? " pending" : "") + (winner === s.seat ? " winner" : ""),
      "data-seat": String(s.seat),
    });
    card.append(C.el("header", {},
      C.el("span", { class: "name", text: s.name || "#" + s.seat }),
      s.crown ? C.el("img", { class: "crown", src: "/static/icon.svg", alt: C.t("crown"), title: C.t("crown") }) : null,
      C.el("span", { class: "reader " + (online ? "on" : "off"), text: online ? C.t("online") : C.t("offline") })));
    card.append(C.el("div", { class: "nums" },
      C.el("span", {}, C.el("i", { class: "coin" }), C.el("b", { class: "gold", text: String(s.gold) }), " ", C.t("gold")),
      C.el("span", {}, C.el("i", { class: "cardback" }), C.el("b", { class: "hand-size", text: String(s.hand) }), " ",
        C.t("cards"))));
    const chars = C.el("div", { class: "chips characters" });
    for (const id of s.characters || []) chars.append(characterChip(v, id));
    if (s.complete) chars.append(C.el("span", { class: "chip done", text: C.t("complete") }));
    card.append(chars);
    const city = C.el("ul", { class: "city" });
    for (const d of s.city || []) city.append(C.district(d));
    card.append(city);
    return card;
  }

  function renderResult(v) {
    const box = document.getElementById("result");
    const r = v.result;
    box.hidden = !r;
    box.replaceChildren();
    if (!r) return;
    box.append(C.el("h2", { id: "winner" }, C.t("winner") + ": " + C.seatName(v, r.winner) +
      (r.tiebreak ? " (" + C.t("tiebreak") + ")" : "")));
    const keys = ["districts", "all_types", "completion", "uniques"];
    const table = C.el("table");
    table.append(C.el("tr", {}, C.el("th", { text: C.t("seat") }), C.el("th", { text: C.t("total") }),
      keys.map((k) => C.el("th", { text: C.t(k) }))));
    const rows = [...(r.seats || [])].sort((a, b) => b.score - a.score);
    for (const s of rows) {
      const b = s.breakdown || {};
      table.append(C.el("tr", { class: s.seat === r.winner ? "winner" : "", "data-seat": String(s.seat) },
        C.el("td", { text: C.seatName(v, s.seat) }),
        C.el("td", { class: "score", text: String(s.score) }),
        keys.map((k) => C.el("td", { text: String(b[k] ?? 0) }))));
    }
    box.append(table);
  }

  function render(v) {
    view = v;
    document.getElementById("round").textContent = v.round ?? "–";
    document.getElementById("phase").textContent = phaseText(v);
    document.getElementById("calling").textContent = v.calling ? C.card(v.calling.character) : "–";
    document.getElementById("deck").textContent = v.deck ?? "–";
    const removed = document.getElementById("removed");
    removed.replaceChildren(...(v.faceup_removed || []).map((id) => C.el("span", { class: "chip", text: C.card(id) })));
    if (!removed.childElementCount) removed.textContent = "–";
    const marks = document.getElementById("marks");
    marks.replaceChildren();
    if (v.killed) marks.append(C.el("span", { class: "chip killed" }, C.t("killed") + ": " + C.card(v.killed)));
    if (v.robbed) marks.append(C.el("span", { class: "chip robbed" }, C.t("robbed") + ": " + C.card(v.robbed)));
    const paused = document.getElementById("paused");
    paused.hidden = !v.paused;
    paused.textContent = v.paused ? C.t("paused") + (v.pause_reason ? ": " + v.pause_reason : "") : "";
    const winner = v.result ? v.result.winner : null;
    document.getElementById("seats").replaceChildren(...(v.seats || []).map((s) => seatCard(v, s, winner)));
    renderResult(v);
    const recent = document.getElementById("recent");
    recent.replaceChildren(...[...(v.recent || [])].reverse().map((e) => C.el("li", { text: C.eventText(e) })));
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
    C.onLang(() => view && render(view));
    let live = false;
    C.live((message) => {
      render(message.view);
      // Only speak what happens now, not a backlog replayed after a reconnect.
      if (live && message.events && message.events.length <= 8) speak(message.events);
      live = true;
    });
  }

  start();
})();

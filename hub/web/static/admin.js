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

  async function post(path, body) {
    try {
      const response = await fetch(api + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body || {}),
      });
      const result = await response.json();
      say(result.ok, result.ok ? "OK: " + path.slice(1) : (result.code || "error") + ": " + result.message);
      await status();
      return result;
    } catch (err) {
      say(false, String(err));
      return { ok: false };
    }
  }

  function nameInputs() {
    const n = Number($("players").value);
    const box = $("names");
    const old = [...box.querySelectorAll("input")].map((i) => i.value);
    box.replaceChildren();
    for (let i = 0; i < n; i++) {
      box.append(C.el("input", { maxLength: 24, placeholder: "Seat " + (i + 1), value: old[i] || "", "data-seat": String(i + 1) }));
    }
  }

  let linksShown = "";
  async function status() {
    const response = await fetch(api + "/status", { cache: "no-store" });
    if (!response.ok) { say(false, "status: " + response.status); return; }
    const s = await response.json();
    const online = Object.entries(s.seats_online || {}).map(([k, v]) => k + (v ? "✓" : "✗")).join(" ");
    const v = s.view || {};
    $("admin-status").textContent =
      (s.paused ? "PAUSED" + (s.pause_reason ? " (" + s.pause_reason + ")" : "") : "running") +
      " · round " + (v.round ?? "–") + " · " + (v.phase || "no game") +
      " · readers " + (online || "–") + " · live pages " + s.live_pages +
      (s.store_error ? " · RECORD NOT SAVED: " + s.store_error : "");
    const key = JSON.stringify(s.seat_links);
    if (key !== linksShown) {
      linksShown = key;
      $("seat-links").replaceChildren(...s.seat_links.map((l) => C.el("figure", {},
        C.el("img", { src: l.qr, alt: "QR seat " + l.seat }),
        C.el("figcaption", {}, "Seat " + l.seat + " ", C.el("a", { href: l.url, text: "link" })))));
    }
  }

  async function start() {
    await C.init();
    nameInputs();
    $("players").addEventListener("change", nameInputs);
    $("new-game").addEventListener("submit", (e) => {
      e.preventDefault();
      const seed = $("seed").value.trim();
      post("/game", {
        players: Number($("players").value),
        names: [...$("names").querySelectorAll("input")].map((i) => i.value),
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
    $("card").addEventListener("click", () => post("/card", {
      seat: Number($("card-seat").value), action: $("card-action").value, reason: $("card-reason").value,
    }));
    await status();
    C.live(() => status());
  }

  start();
})();

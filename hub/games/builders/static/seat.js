/* A Builders seat's page: its coins, points, workers and sites, what its display shows,
   and what its buttons offer (coins, buy an action, end the turn) as big buttons. Cards
   are laid on the seat's reader: the page says how. */
"use strict";

(() => {
  const C = Hub;
  const B = Builders;
  const { api, seat: mySeat } = Hub.page();
  let view = null;
  let busy = false;
  let feedback = null;

  function label(action) {
    const [, verb, ...args] = action.split(" ");
    if (verb === "coins") return args[0] === "1" ? B.t("display.coins_1") : B.t("display.coins_n", { n: args[0] });
    if (verb === "open" || verb === "recruit") return B.t("display." + verb, { card: B.card(args[0]) });
    if (verb === "send") return B.t("display.send", { worker: B.card(args[0]), site: B.card(args[1]) });
    return B.t("display." + verb);
  }

  function render() {
    if (!view) return;
    B.dress();
    const v = view;
    const you = v.you || {};
    const me = (v.seats || []).find((s) => s.seat === mySeat) || { workers: [], sites: [], finished: [] };
    const mine = Boolean(v.pending && v.pending.seat === mySeat && !v.result);
    const prompt = v.result ? B.resultText(v) : mine ? B.t("page.your_turn", { n: v.actions_left })
      : v.pending ? B.t("page.wait_for", { name: B.seatName(v, v.pending.seat) }) : "";
    const display = you.display && Array.isArray(you.display.text) ? you.display.text.filter((x) => x) : [];
    const options = you.options || [];
    const main = document.getElementById("main");
    main.replaceChildren(C.el("section", { class: "you b-seat" },
      C.el("h2", { id: "who", text: B.seatName(v, mySeat) }),
      C.el("div", { id: "status", class: "status" },
        me.coins + " " + B.t("page.coins") + " · " + me.points + " " + B.t("page.points") + " · " + B.t("page.score") + " " + me.score),
      C.el("p", { id: "table-status", class: "dim", text: B.status(v) }),
      C.el("div", { id: "prompt", class: "prompt", "aria-live": "polite", text: prompt }),
      mine && you.hint === "lay_card_or_button" ? C.el("div", { id: "hint", class: "hint", text: B.t("page.hint_cards") }) : null,
      you.chosen_site ? C.el("div", { class: "hint", text: B.t("page.chosen_site", { card: B.card(you.chosen_site) }) }) : null,
      display.length ? C.el("div", { id: "display", class: "display" },
        C.el("span", { class: "led", "data-led": you.display.led || "off" }),
        C.el("div", { class: "lines" }, C.el("div", { class: "title", text: B.t("page.your_display") }),
          display.map((line) => C.el("div", { text: String(line) })))) : null,
      options.length ? C.el("div", { class: "options-label", text: B.t("page.buttons") }) : null,
      C.el("div", { id: "options", class: "options b-options" }, options.map((action) => {
        const button = C.el("button", { type: "button", class: "option", "data-action": action, text: label(action), disabled: busy });
        button.addEventListener("click", () => send(action));
        return button;
      })),
      C.el("div", { id: "feedback", class: "feedback " + (feedback ? feedback[0] : ""), role: "status", text: feedback ? feedback[1] : "" }),
      C.el("h3", { text: B.t("page.workers") }), C.el("ul", { class: "chips" }, me.workers.map(B.worker)),
      C.el("h3", { text: B.t("page.sites") }), C.el("ul", { class: "sites" }, me.sites.map(B.site)),
      C.el("h3", { text: B.t("page.finished") }),
      C.el("ul", { class: "chips" }, me.finished.map((b) => C.el("li", { class: "chip done", text: B.card(b.id) })))),
    C.el("p", { class: "foot" }, C.el("a", { href: "/", text: B.t("page.scoreboard") })));
  }

  async function refresh() {
    const response = await fetch(api, { cache: "no-store" });
    if (!response.ok) return;
    const data = await response.json();
    view = data.view;
    document.body.dataset.viewId = String(data.id);
    render();
  }

  async function send(action) {
    if (busy) return;
    busy = true;
    render();
    try {
      const response = await fetch(api + "/answer", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action }),
      });
      const result = await response.json();
      const why = B.t("refusal." + result.code) || B.t("page.bad");
      feedback = result.ok ? ["good", B.t("page.sent", { what: label(action) })] : ["bad", B.t("page.refused", { why })];
    } catch (err) {
      feedback = ["bad", B.t("page.offline")];
    } finally {
      busy = false;
      await refresh();
    }
  }

  async function start() {
    await C.init();
    C.onLang(render);
    await refresh();
    C.live(() => refresh());
  }

  start();
})();

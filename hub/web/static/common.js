/* Shared helpers for every page: language, card names, DOM building, the live stream.
   Plain JS, no build step, nothing from outside the hub. Data is only ever set as text. */
"use strict";

const Citadels = (() => {
  let catalogue = null;
  let lang = "en";
  const langListeners = [];

  function chooseLang() {
    const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("citadels.lang");
    if (asked && ["en", "zh-Hant", "zh-Hans"].includes(asked)) return asked;
    const nav = (navigator.language || "en").toLowerCase();
    if (nav.startsWith("zh")) return /cn|sg|hans/.test(nav) ? "zh-Hans" : "zh-Hant";
    return "en";
  }

  function t(key) {
    const ui = catalogue && (catalogue.ui[lang] || catalogue.ui.en);
    return (ui && ui[key]) || key;
  }

  function title(id) {
    return String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  }

  function card(id, fallback) {
    if (id === null || id === undefined) return "–";
    const names = catalogue && catalogue.cards[lang];
    return (names && names[id]) || fallback || (catalogue && catalogue.cards.en[id]) || title(id);
  }

  function typeName(type) {
    const types = catalogue && catalogue.types[lang];
    return (types && types[type]) || title(type || "");
  }

  function verb(v) {
    const verbs = catalogue && catalogue.verbs[lang];
    return (verbs && verbs[v]) || title(v);
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("data-")) node.setAttribute(k, v);
      else node[k] = v;
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function seatName(view, seat) {
    const s = (view.seats || []).find((x) => x.seat === seat);
    return s ? s.name : "#" + seat;
  }

  function district(d) {
    const item = el("li", { class: "district t-" + (d.type || "unique"), title: typeName(d.type), "data-id": d.id },
      card(d.id, d.name));
    item.append(el("span", { class: "cost", text: d.cost === undefined ? "" : String(d.cost) }));
    return item;
  }

  function eventText(event) {
    if (event.words) return event.words[lang] || event.words.en || "";
    return event.kind || "";
  }

  function applyStatic() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    const select = document.getElementById("lang");
    if (select) select.value = lang;
  }

  function setLang(next) {
    lang = next;
    localStorage.setItem("citadels.lang", next);
    applyStatic();
    for (const fn of langListeners) fn(lang);
  }

  async function init() {
    lang = chooseLang();
    const response = await fetch("/api/i18n");
    catalogue = await response.json();
    applyStatic();
    const select = document.getElementById("lang");
    if (select) select.addEventListener("change", () => setLang(select.value));
  }

  function setConn(state) {
    const conn = document.getElementById("conn");
    if (!conn) return;
    conn.dataset.state = state;
    conn.textContent = state === "live" ? t("live") : t("reconnecting");
  }

  /* Live updates, one connection per browser. A browser opens at most six connections to
     the hub and every EventSource holds one, so the hub's pages open in one browser share a
     single stream: the page holding the Web Lock "citadels-live" opens the EventSource and
     relays every message on the BroadcastChannel "citadels-live"; the others listen. A page
     that is (or becomes) visible takes the lock over (a hidden tab may be frozen by the
     browser), and the page it took it from follows again; when the stream's page closes,
     the lock passes to another page. Whoever opens the stream sends the last id it saw
     (Last-Event-ID: it gets exactly what it missed). A page that joins asks for the last
     message so it can draw at once. Without these APIs each page has its own stream.
     EventSource resumes by itself; if the hub refused us (busy, restarted) we open a new
     stream carrying the last id we saw.
     live(onMessage) calls onMessage({id, view, events}) for every change; returns stop(). */
  function live(onMessage) {
    const NAME = "citadels-live";
    const shared = "locks" in navigator && typeof BroadcastChannel === "function";
    const channel = shared ? new BroadcastChannel(NAME) : null;
    let lastId = null;
    let lastData = null;
    let source = null;
    let stopped = false;
    let leading = !shared;  // without sharing, every page leads its own stream
    let attempt = 0;
    let release = null;

    function receive(data, id) {
      if (id && id === lastId && data === lastData) return;  // a relay of what we have
      if (id) lastId = id;
      lastData = data;
      let message;
      try { message = JSON.parse(data); } catch (err) { return; }
      setConn("live");
      document.body.dataset.eventId = String(message.id);
      onMessage(message);
    }

    function state(next) {
      setConn(next);
      if (channel) channel.postMessage({ state: next });
    }

    function open() {
      if (stopped || !leading || source) return;
      const url = lastId === null ? "/events" : "/events?last_event_id=" + encodeURIComponent(lastId);
      const mine = new EventSource(url);
      source = mine;
      mine.onopen = () => state("live");
      mine.onmessage = (e) => {
        receive(e.data, e.lastEventId);
        if (channel) channel.postMessage({ data: e.data, id: e.lastEventId });
      };
      mine.onerror = () => {
        state("lost");
        if (mine.readyState === EventSource.CLOSED && source === mine) {
          source = null;
          setTimeout(open, 2000);
        }
      };
    }

    function follow() {
      leading = false;
      if (source) source.close();
      source = null;
    }

    function lead(steal) {
      const mine = ++attempt;  // a newer request makes an older one give the lock straight back
      navigator.locks.request(NAME, steal ? { steal: true } : {}, () => new Promise((resolve) => {
        if (stopped || mine !== attempt) { resolve(); return; }
        release = resolve;
        leading = true;
        open();
      })).catch(() => {
        // another page took the stream over: follow it, and queue for the lock again
        if (mine !== attempt) return;
        follow();
        if (!stopped) lead(false);
      });
    }

    if (!shared) {
      open();
      return () => { stopped = true; if (source) source.close(); };
    }
    channel.onmessage = (e) => {
      const m = e.data || {};
      if (m.hello) {
        if (source && lastData !== null) channel.postMessage({ data: lastData, id: lastId });
      } else if (m.state) {
        setConn(m.state);
      } else if (typeof m.data === "string") {
        receive(m.data, m.id);
      }
    };
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !leading && !stopped) lead(true);
    });
    lead(document.visibilityState === "visible");
    channel.postMessage({ hello: true });
    return () => {
      stopped = true;
      follow();
      if (release) release();
      channel.close();
    };
  }

  return {
    init, t, card, typeName, verb, el, seatName, district, eventText, live, setConn,
    onLang: (fn) => langListeners.push(fn),
    get lang() { return lang; },
    get catalogue() { return catalogue; },
  };
})();

// The console's script: live updates, the time slider, and sending what a person clicks.
// Pages are rendered by the server; this swaps in fragments rendered the same way and sends
// actions and judging forms to the public API (session cookie + X-CSRF-Token). Words come
// from the page's message catalogue (#messages), never from here.
"use strict";

(() => {
  const messages = JSON.parse(document.getElementById("messages").textContent || "{}");
  const t = (id, values) =>
    (messages[id] || id).replace(/%\((\w+)\)s/g, (_, key) => (values && key in values ? values[key] : ""));
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  // The API answers in the page's language (refusals, narration, problem details).
  const language = document.documentElement.lang || "en";
  const status = document.getElementById("live-status");
  const say = (text) => { if (status) status.textContent = text; };

  async function api(method, url, body) {
    const response = await fetch(url, {
      method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": csrf,
                 "Accept-Language": language },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try { data = await response.json(); } catch (_) { data = null; }
    return { status: response.status, data };
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A problem+json answer as lines a person reads: the rule ids and texts of a refusal, the
  // fields of a malformed request, else the detail.
  function problemLines(answer) {
    const problem = answer.data || {};
    const lines = [];
    for (const v of problem.violations || []) lines.push(`${v.rule}: ${v.message}`);
    const walk = (value, path) => {
      if (Array.isArray(value) && value.every((x) => typeof x === "string")) lines.push(`${path}: ${value.join(" ")}`);
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(problem.errors, "");
    if (problem.conflict) lines.push(JSON.stringify(problem.conflict));
    if (!lines.length && problem.detail) lines.push(problem.detail);
    return { title: problem.title || t("Failed: %(status)s", { status: answer.status }), lines };
  }

  function showProblem(box, answer) {
    const { title, lines } = problemLines(answer);
    box.replaceChildren(el("strong", "", title));
    const list = el("ul");
    for (const line of lines) list.append(el("li", "", line));
    box.append(list);
    box.hidden = false;
  }

  // Links to printed documents carry the reader's time zone: their times read as local times.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const link of document.querySelectorAll("a[data-time-zone]")) {
    if (!zone) break;
    const url = new URL(link.href, location.href);
    url.searchParams.set("tz", zone);
    link.href = url.toString();
  }

  // The round clocks count down between fragments (J-TIME-2): each running clock carries when
  // it ends; the server's fragments correct them whenever they come.
  setInterval(() => {
    for (const clock of document.querySelectorAll(".clock[data-ends-at]")) {
      const left = Math.max(0, Math.round((Date.parse(clock.dataset.endsAt) - Date.now()) / 1000));
      clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    }
  }, 1000);

  // ------------------------------------------------------------------ the tables
  const tablesBox = document.getElementById("tables");
  if (tablesBox) {
    const filters = document.getElementById("table-filters");
    const query = () => new URLSearchParams(new FormData(filters)).toString();
    const refresh = async () => {
      const response = await fetch(`${tablesBox.dataset.fragment}?${query()}`, { credentials: "same-origin" });
      if (response.ok) tablesBox.innerHTML = await response.text();
    };
    filters.addEventListener("submit", (event) => {
      event.preventDefault();
      history.replaceState(null, "", `?${query()}`);
      refresh();
    });
    const live = new EventSource(tablesBox.dataset.live);
    live.addEventListener("hello", () => say(t("Live")));
    live.addEventListener("changed", () => { say(t("Live")); refresh(); });
    live.onerror = () => say(t("Connection lost: reconnecting…"));
  }

  // ------------------------------------------------------------------ one match
  const matchBox = document.getElementById("match");
  if (!matchBox) return;
  const matchId = matchBox.dataset.match;
  const frame = () => matchBox.querySelector(".match-frame");
  let head = Number(frame().dataset.head);
  let following = frame().dataset.live === "true";
  let loading = null;

  async function load(at) {
    const url = at ? `${matchBox.dataset.fragment}?at=${at}` : matchBox.dataset.fragment;
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) { say(t("Failed: %(status)s", { status: response.status })); return; }
    // A live reload keeps what the user opened (a group of actions, a zone): the board
    // changes under them, their place in it does not.
    const html = await response.text();
    // What has the focus when the board is replaced, not when it was asked for: a control
    // focused while the fragment was on its way (the slider during a live reload) keeps it.
    const focused = document.activeElement && document.activeElement.id;
    const key = (details) => details.id || details.querySelector("summary").textContent;
    const opened = new Set([...matchBox.querySelectorAll("details[open]")].map(key));
    const typed = keepTyping();
    matchBox.innerHTML = html;
    for (const details of matchBox.querySelectorAll("details")) {
      if (opened.has(key(details))) details.open = true;
    }
    typed();
    head = Number(frame().dataset.head);
    following = frame().dataset.live === "true";
    history.replaceState(null, "", at && !following ? `?at=${at}` : location.pathname);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    say(following ? t("Following live") : t("Viewing seq %(seq)s of %(head)s", { seq: frame().dataset.seq, head }));
  }

  // What a person is naming in a paper game's forms (cards chosen, a search typed, a flip's
  // answer, the choices asked for) stays when the board is reloaded under them.
  function keepTyping() {
    const pickers = [...matchBox.querySelectorAll(".card-picker")].map((picker) => ({
      id: picker.id, chosen: picker.querySelector(".card-chosen").innerHTML,
      query: picker.querySelector(".card-search").value }));
    const flips = [...matchBox.querySelectorAll(".paper input[type=radio]:checked")].map((r) => [r.name, r.value]);
    const asked = [...matchBox.querySelectorAll(".paper-options")].map((box) => [box.closest("form").id, box.innerHTML]);
    return () => {
      for (const kept of pickers) {
        const picker = document.getElementById(kept.id);
        if (!picker) continue;
        picker.querySelector(".card-chosen").innerHTML = kept.chosen;
        const search = picker.querySelector(".card-search");
        search.value = kept.query;
        filterOptions(search);
      }
      for (const [name, value] of flips) {
        const radio = [...matchBox.querySelectorAll("input[type=radio]")].find((r) => r.name === name && r.value === value);
        if (radio) radio.checked = true;
      }
      const now = frame().dataset.head;
      for (const [id, html] of asked) {
        const form = document.getElementById(id);
        const box = form && form.querySelector(".paper-options");
        // choices asked for on the board shown still: the same question's answer
        if (box && html.includes(`data-head="${now}"`)) box.innerHTML = html;
      }
    };
  }

  // After a send: the forms that sent it are empty again (the reports went with it too).
  function clearSent(control) {
    const form = control.closest("form");
    const pickers = [...matchBox.querySelectorAll(".card-picker[data-report]"),
                     ...(form ? form.querySelectorAll(".card-picker") : [])];
    for (const picker of pickers) {
      picker.querySelector(".card-chosen").replaceChildren();
      picker.querySelector(".card-search").value = "";
    }
    const box = form && form.querySelector(".paper-options");
    if (box) box.replaceChildren();
  }

  // Fragments are fetched one at a time; the newest request wins.
  function show(at) {
    loading = (loading || Promise.resolve()).then(() => load(at));
    return loading;
  }

  let sliderTimer = null;
  matchBox.addEventListener("input", (event) => {
    if (event.target.id !== "seq-slider") return;
    const value = Number(event.target.value);
    document.getElementById("seq-readout").textContent = t("Viewing seq %(seq)s of %(head)s", { seq: value, head });
    clearTimeout(sliderTimer);
    sliderTimer = setTimeout(() => show(value >= head ? null : value), 120);
  });

  matchBox.addEventListener("click", (event) => {
    const link = event.target.closest("a[href^='?']");
    if (link) {
      event.preventDefault();
      const at = new URLSearchParams(link.getAttribute("href").slice(1)).get("at");
      show(at && Number(at) < head ? Number(at) : null);
      return;
    }
    const button = event.target.closest("button.act");
    if (button) { act(button); return; }
    const opener = event.target.closest("[data-open]");
    if (opener) openForm(opener);
  });

  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select, dialog") || event.altKey || event.ctrlKey || event.metaKey) return;
    const seq = Number(frame().dataset.seq);
    if (event.key === "[") show(Math.max(1, seq - 1));
    else if (event.key === "]") show(seq + 1 >= head ? null : seq + 1);
    else return;
    event.preventDefault();
  });

  async function act(button) {
    const action = JSON.parse(button.dataset.action);
    const declared = document.getElementById("declared");
    if (declared && "declared" in action && declared.value.trim()) {
      try { action.declared = JSON.parse(declared.value); }
      catch (error) { say(t("Declared steps must be a JSON list.")); declared.focus(); return; }
    }
    const coins = document.getElementById("coins");
    const flips = coins && coins.value.trim()
      ? coins.value.trim().split(/[\s,]+/).map((c) => (/^h/i.test(c) ? "heads" : /^t/i.test(c) ? "tails" : c))
      : null;
    await send(Number(button.dataset.seat), withReports(action), flips, button);
  }

  // Sends one action; afterwards the focus goes back to the control used (refocus).
  async function send(seat, action, coins, control) {
    const refusal = document.getElementById("refusal");
    const body = { seat, action, expected_seq: head };
    if (coins && coins.length) body.coins = coins;
    const returnTo = control.id || null;
    const form = control.closest("form.paper-ask, form.paper-send");
    const fromForm = form ? form.id : null;
    say(t("Sending…"));
    const answer = await api("POST", `/v1/matches/${matchId}/actions`, body);
    if (answer.status === 201) {
      say(t("Logged"));
      clearSent(control);
      await show(null);
      refocus(returnTo, fromForm);
      return;
    }
    say(t("Refused"));
    showProblem(refusal, answer);
    refusal.focus();
  }

  // The control used, if the new board still has it; else, for a paper form's choice, that
  // form's first card search (to name the next card). Anything else the focus keeper
  // (console-keys.js) has already put back in the control's place.
  function refocus(id, formId) {
    const shown = (node) => node && !node.disabled && node.getClientRects().length;
    const same = id && document.getElementById(id);
    const form = formId && document.getElementById(formId);
    const search = form && form.querySelector(".card-search");
    if (shown(same)) same.focus();
    else if (shown(search)) search.focus();
  }

  // ------------------------------------------------------------------ card pickers
  // Cards are named by searching their names (any language: the options carry each name's
  // key, written as the server's card_names.name_key writes it): a paper game's forms, and a
  // judge's deck check (whose picker asks the server for the cards as the name is typed).
  const nameKey = (text) => text.replace(/[’‘ʼ`´]/g, "'").normalize("NFKD").replace(/\p{M}/gu, "")
    .replace(/\s+/g, "").toLowerCase();
  // "?": a card the judge did not look at (a reveal of the deck, in order): null in the body.
  const picked = (picker) => [...picker.querySelectorAll(".card-chosen [data-card]")]
    .map((b) => (b.dataset.card === "?" ? null : b.dataset.card));

  function filterOptions(search) {
    const query = nameKey(search.value);
    for (const option of search.closest(".card-picker").querySelectorAll(".card-option")) {
      option.parentElement.hidden = !query || !option.dataset.keys.split(" ").some((key) => key.includes(query));
    }
  }

  function choose(option) {
    addChosen(option.closest(".card-picker"), option.dataset.card, option.firstChild.textContent.trim());
  }

  function addChosen(picker, card, name) {
    const chosen = picker.querySelector(".card-chosen");
    const max = Number(picker.dataset.max || 1);
    if (max === 1) chosen.replaceChildren();
    else if (chosen.children.length >= max) return;
    const remove = el("button", "chosen", `${name} ✕`);
    remove.type = "button";
    remove.dataset.card = card;
    remove.setAttribute("aria-label", t("Remove %(card)s", { card: name }));
    const item = el("li");
    item.append(remove);
    chosen.append(item);
    const search = picker.querySelector(".card-search");
    search.value = "";
    filterOptions(search);
    search.focus();
    changed(picker);
  }

  // A judging form previewed before a card was added or taken away is previewed again.
  function changed(picker) {
    const form = picker.closest("dialog form");
    if (form && form.dataset.previewed) resetPreview(form);
  }

  // A picker with a data-url: its options are the server's answer for what is typed.
  async function fetchOptions(search) {
    const picker = search.closest(".card-picker");
    const typed = search.value.trim();
    const options = picker.querySelector(".card-options");
    if (!typed) { options.replaceChildren(); return; }
    const response = await fetch(`${picker.dataset.url}?q=${encodeURIComponent(typed)}`, { credentials: "same-origin" });
    if (!response.ok || search.value.trim() !== typed) return;    // a newer search is on its way
    options.innerHTML = await response.text();
    filterOptions(search);
  }

  const fetchTimers = new WeakMap();
  document.addEventListener("input", (event) => {
    const search = event.target;
    if (!search.classList.contains("card-search")) return;
    filterOptions(search);
    if (!search.closest(".card-picker").dataset.url) return;
    clearTimeout(fetchTimers.get(search));
    fetchTimers.set(search, setTimeout(() => fetchOptions(search), 150));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !event.target.classList.contains("card-search")) return;
    event.preventDefault();   // Enter takes the first card shown, never sends the form
    const first = [...event.target.closest(".card-picker").querySelectorAll(".card-option")]
      .find((o) => !o.parentElement.hidden);
    if (first) choose(first);
  });
  document.addEventListener("click", (event) => {
    const option = event.target.closest(".card-option");
    if (option) { choose(option); return; }
    const unseen = event.target.closest(".add-unseen");
    if (unseen) { addChosen(document.getElementById(unseen.dataset.picker), "?", t("a card not looked at")); return; }
    const chosen = event.target.closest(".card-chosen button");
    if (chosen) {
      const picker = chosen.closest(".card-picker");
      chosen.parentElement.remove();
      picker.querySelector(".card-search").focus();
      changed(picker);
    }
  });

  // The reports of every seat's "also seen" pickers, added to the action sent.
  function withReports(action) {
    for (const picker of matchBox.querySelectorAll(".card-picker[data-report]")) {
      const cards = picked(picker);
      if (!cards.length) continue;
      const seat = picker.closest(".paper").dataset.seat;
      action[picker.dataset.report] = { ...(action[picker.dataset.report] || {}), [seat]: cards };
    }
    return action;
  }

  matchBox.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches(".paper-send, .paper-ask")) return;
    event.preventDefault();
    const seat = Number(form.closest(".paper").dataset.seat);
    const control = form.querySelector("button[type=submit]");
    if (form.matches(".paper-send")) {
      const action = { type: form.dataset.type };
      for (const picker of form.querySelectorAll(".card-picker[data-field]")) {
        let cards = picked(picker);
        if (!cards.length) continue;
        // the whole hand: the cards it names too (the Active and Bench come from it)
        const along = (picker.dataset.with || "").split(" ").filter(Boolean).flatMap((f) => [action[f] || []].flat());
        cards = [...along, ...cards];
        action[picker.dataset.field] = "one" in picker.dataset ? cards[0] : cards;
      }
      for (const field of form.querySelectorAll("select[data-field]")) action[field.dataset.field] = Number(field.value);
      const flip = form.querySelector("input[type=radio]:checked");
      await send(seat, withReports(action), flip ? [flip.value] : null, control);
      return;
    }
    const query = new URLSearchParams();
    for (const picker of form.querySelectorAll(".card-picker[data-param]")) {
      for (const card of picked(picker)) query.append(picker.dataset.param, card);
    }
    const box = form.querySelector(".paper-options");
    box.replaceChildren();
    const response = await fetch(`${form.dataset.url}?${query}`, { credentials: "same-origin" });
    box.innerHTML = response.ok ? await response.text() : "";
    if (!response.ok) { showProblem(box, { status: response.status, data: null }); return; }
    const first = box.querySelector("button.act, summary");
    if (first) first.focus();
  });

  // Live: every new event of the match; the board follows when it shows the latest seq.
  const stream = new EventSource(`${matchBox.dataset.stream}?last_event_id=${head}`);
  const onEvent = (event) => {
    const seq = Number(event.lastEventId) || 0;
    head = Math.max(head, seq);
    if (following) {
      // The page may have loaded this seq already (its own action): fetch only what is new.
      if (seq > Number(frame().dataset.head)) show(null);
    }
    else {
      const slider = document.getElementById("seq-slider");
      if (slider) slider.max = String(head);
      say(t("New events since: go to the latest to follow live"));
    }
  };
  for (const type of (matchBox.dataset.eventTypes || "").split(" ").filter(Boolean)) {
    stream.addEventListener(type, onEvent);
  }
  stream.onopen = () => say(following ? t("Following live") : t("Live"));
  stream.onerror = () => say(t("Connection lost: reconnecting…"));

  // ------------------------------------------------------------------ the forms
  function openForm(opener) {
    const dialog = document.getElementById(opener.dataset.open);
    if (!dialog) return;
    const form = dialog.querySelector("form");
    form.reset();
    for (const picker of form.querySelectorAll(".card-picker")) {
      picker.querySelector(".card-chosen").replaceChildren();
      if (picker.dataset.url) picker.querySelector(".card-options").replaceChildren();
    }
    form.dataset.dispute = opener.dataset.dispute || "";
    form.dataset.previewed = "";
    const about = opener.dataset.about;
    const set = (name, value) => { const field = form.elements.namedItem(name); if (field && value) field.value = value; };
    set("about_seq", about);
    set("remedy.rewind_to", about ? String(Math.max(1, Number(about) - 1)) : "");
    set("to_seq", opener.dataset.toSeq);
    resetPreview(form);
    for (const shows of form.querySelectorAll("select[data-shows]")) showSeatLists(shows);
    // the recommendation beside the infraction the form starts with
    for (const select of form.querySelectorAll("select[name$='infraction']")) {
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    dialog.showModal();
  }

  function resetPreview(form) {
    form.dataset.previewed = "";
    form.querySelector(".preview").replaceChildren();
    form.querySelector("button[type=submit]").textContent = t("Check first (preview)");
  }

  function collect(form) {
    const included = new Set([...form.querySelectorAll("[data-include]")].filter((c) => c.checked).map((c) => c.dataset.include));
    const body = {};
    for (const field of form.elements) {
      if (field.dataset.type === "found") {   // a deck check: the count found of a listed card
        if (field.closest("[hidden]")) continue;
        const count = Math.max(0, Math.min(60, Number(field.value) || 0));
        body.cards = (body.cards || []).concat(Array(count).fill(field.dataset.card));
        continue;
      }
      if (!field.name) continue;
      const path = field.name.split(".");
      if (path.length > 1 && !included.has(path[0])) continue;
      let value;
      const type = field.dataset.type;
      if (type === "bool") value = field.checked;
      else if (field.value === "") continue;
      else if (type === "int") value = Number(field.value);
      else value = field.value;
      let target = body;
      for (const key of path.slice(0, -1)) target = target[key] = target[key] || {};
      target[path[path.length - 1]] = value;
    }
    for (const picker of form.querySelectorAll(".card-picker[data-field]")) {   // cards named by searching
      const cards = picked(picker);
      if (cards.length) body[picker.dataset.field] = (body[picker.dataset.field] || []).concat(cards);
    }
    return body;
  }

  const eventNames = JSON.parse(matchBox?.dataset.eventNames || "{}");

  // A dry run's answer in words: what would happen (the narration, in the page's language) and,
  // for a penalty, the guidelines' recommendation and the escalation (J-PENALTY-2). Never the
  // events' JSON.
  function previewEvents(box, answer) {
    box.replaceChildren(el("p", "", t("This preview appended nothing.")));
    const list = el("ul", "preview-lines");
    for (const event of answer.data.events || []) {
      list.append(el("li", "preview-event", eventNames[event.type] || t("An event")));
    }
    for (const line of answer.data.narration || []) list.append(el("li", "", line));
    box.append(list);
    const penalty = answer.data.penalty;
    if (penalty) box.append(penaltyAdvice(penalty));
  }

  function penaltyAdvice(penalty) {
    const box = el("div", "penalty-advice");
    box.append(el("p", "", t("Penalty: %(level)s for %(infraction)s to %(player)s", {
      level: penalty.level_label || penalty.level, infraction: penalty.infraction_label || penalty.infraction,
      player: penalty.player || "" })));
    if (penalty.recommended_level_label) {
      box.append(el("p", "recommended", t("Guidelines recommend: %(level)s", { level: penalty.recommended_level_label })));
    }
    if (penalty.suggested_level_label) {
      box.append(el("p", "escalation", t("Escalation (J-PENALTY-2): earlier standing penalties of this category: %(num)s; suggested level: %(level)s",
        { num: penalty.prior_same_category, level: penalty.suggested_level_label })));
    } else {
      box.append(el("p", "escalation", t("No earlier standing penalty of this category: no escalation.")));
    }
    return box;
  }

  // Before a penalty is previewed: the level the guidelines recommend for the infraction chosen
  // (chosen for the judge, who may change it).
  const adviceData = JSON.parse(document.getElementById("penalty-advice-data")?.textContent || "{}");
  document.addEventListener("change", (event) => {
    const select = event.target.closest("select[name$='infraction']");
    if (select) {
      const form = select.closest("form");
      const level = form.elements.namedItem(select.name.replace(/infraction$/, "level"));
      const recommended = (adviceData.recommended || {})[select.value];
      let note = select.parentElement.querySelector(`.recommendation[data-for="${select.id}"]`);
      if (!note) {
        note = el("p", "recommendation");
        note.dataset.for = select.id;
        select.after(note);
      }
      note.textContent = recommended ? t("Guidelines recommend: %(level)s", { level: (adviceData.levels || {})[recommended] || recommended }) : "";
      if (recommended && level) level.value = recommended;
    }
    const shows = event.target.closest("select[data-shows]");
    if (shows) showSeatLists(shows);
  });

  function showSeatLists(select) {
    const form = select.closest("form");
    for (const set of form.querySelectorAll("[data-deck-seat]")) set.hidden = set.dataset.deckSeat !== select.value;
  }

  document.addEventListener("input", (event) => {
    const form = event.target.closest("dialog form");
    if (form && form.dataset.previewed) resetPreview(form);
  });
  document.addEventListener("click", (event) => {
    const closer = event.target.closest("[data-close]");
    if (closer) closer.closest("dialog").close();
  });

  for (const form of document.querySelectorAll("dialog form")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const url = form.dataset.endpoint.replace("{dispute}", encodeURIComponent(form.dataset.dispute || ""));
      const body = collect(form);
      const box = form.querySelector(".preview");
      const submit = form.querySelector("button[type=submit]");
      if (!form.dataset.previewed) {
        if (form.dataset.preview === "dry_run") {
          const answer = await api("POST", url, { ...body, dry_run: true });
          if (answer.status !== 200) { showProblem(box, answer); return; }
          previewEvents(box, answer);
        } else {
          box.replaceChildren(el("p", "", t("This preview appended nothing.")),
            el("p", "", form.dataset.describe.replace(/%\((\w+)\)s/g, (_, key) => (key in body ? body[key] : ""))));
        }
        form.dataset.previewed = "1";
        submit.textContent = t("Send");
        return;
      }
      const answer = await api("POST", url, body);
      if (answer.status !== 201) { showProblem(box, answer); resetPreview(form); showProblem(box, answer); return; }
      form.closest("dialog").close();
      say(t("Sent"));
      await show(null);
    });
  }
})();

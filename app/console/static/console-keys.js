// Keyboard shortcuts, and the focus kept where it was when the page redraws a part of itself.
// Shortcuts are single keys (listed in the page's help, #keys-help) and never fire while a text
// field, a list or a form has the keyboard; they can be turned off there (WCAG 2.1.4). Words are
// in the page, never here.
"use strict";

(() => {
  const STORE = "referee-console-keys";   // "off": the single-key shortcuts are turned off
  const help = document.getElementById("keys-help");
  const toggle = document.getElementById("keys-enabled");
  const stored = () => { try { return localStorage.getItem(STORE); } catch (_) { return null; } };
  let enabled = stored() !== "off";
  if (toggle) {
    toggle.checked = enabled;
    toggle.addEventListener("change", () => {
      enabled = toggle.checked;
      try { localStorage.setItem(STORE, enabled ? "on" : "off"); } catch (_) { /* private mode */ }
    });
  }

  // ------------------------------------------------------------------ moving the focus
  const FOCUSABLE = "button:not([disabled]), summary, a[href], input:not([type=hidden]):not([disabled]), " +
                    "select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
  const visible = (node) => !!node && node.getClientRects().length > 0;

  function focusOn(node) {
    if (!node) return false;
    if (!node.matches(FOCUSABLE) && !node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");
    node.focus();
    node.scrollIntoView({ block: "nearest" });
    return document.activeElement === node;
  }

  // The first control of a part of the page (a closed group's summary counts), else the part itself.
  function into(part) {
    if (!part) return false;
    const first = [...part.querySelectorAll(FOCUSABLE)].find(visible);
    return focusOn(first || part);
  }

  const section = (headingId, fallback) =>
    (document.getElementById(headingId) || { closest: () => null }).closest("section") ||
    document.querySelector(fallback);

  const targets = {
    a: () => into(document.getElementById("actions")),
    j: () => into(section("judge-heading", ".judge-tools")),
    d: () => into(section("disputes-heading", ".disputes")),
    t: () => focusOn(document.getElementById("timeline")),
    b: () => focusOn(document.querySelector(".board")),
    l: () => { const live = document.getElementById("step-live"); if (live) { live.click(); return true; } return false; },
    f: () => into(document.getElementById("table-filters")),
  };

  function typing(target) {
    return !!(target && target.closest && (target.closest("input, textarea, select, [contenteditable=''], " +
                                                         "[contenteditable=true], dialog[open]")));
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (!enabled || typing(event.target) || document.querySelector("dialog[open]")) return;
    if (event.key === "?") {
      if (!help) return;
      event.preventDefault();
      help.showModal();
      return;
    }
    if (event.shiftKey) return;
    const go = targets[event.key];
    if (go && go()) event.preventDefault();
  });

  // Turned off, no single key is a shortcut: the page's other ones ([ and ], console.js) stop
  // here too, before they are heard. Nothing is prevented: a key still does what the browser does.
  window.addEventListener("keydown", (event) => {
    if (enabled || event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || event.key === " ") return;
    if (!typing(event.target)) event.stopImmediatePropagation();
  }, true);

  const opener = document.getElementById("keys-button");
  if (opener && help) opener.addEventListener("click", () => help.showModal());
  if (help) help.addEventListener("click", (event) => { if (event.target.closest("[data-close-help]")) help.close(); });

  // ------------------------------------------------------------------ keeping the focus
  // The match and the Tables list are redrawn from the server (after an action is sent, a form
  // is sent, or anything happens live): the control that had the focus is replaced by its new
  // self. Find that one (the same action, the same opener, the same link), else its place.
  const remembered = { node: null, key: null };

  function describe(node) {
    if (!node || node === document.body) return null;
    const where = node.closest(".seat-actions, section[id], section[aria-labelledby], aside, .board, #tables, [id]");
    const scope = node.closest(".seat-actions") || where;
    const peers = scope ? [...scope.querySelectorAll(FOCUSABLE)] : [];
    return {
      id: node.id || null,
      tag: node.tagName,
      attrs: ["data-action", "data-seat", "data-open", "data-dispute", "data-about", "data-match", "href"]
        .filter((name) => node.hasAttribute(name)).map((name) => [name, node.getAttribute(name)]),
      summary: node.tagName === "SUMMARY" ? node.textContent.trim() : null,
      scope: scope ? scopeKey(scope) : null,
      self: scope === node,         // a part of the page itself (the board, a section) had the focus
      place: peers.indexOf(node),
    };
  }

  function scopeKey(scope) {
    if (scope.classList.contains("seat-actions")) return `.seat-actions[data-seat="${CSS.escape(scope.dataset.seat || "")}"]`;
    if (scope.id) return `#${CSS.escape(scope.id)}`;
    const label = scope.getAttribute("aria-labelledby");
    if (label) return `[aria-labelledby="${CSS.escape(label)}"]`;
    return scope.classList.contains("board") ? ".board" : scope.tagName.toLowerCase();
  }

  function find(key, root) {
    if (key.id) {
      const same = document.getElementById(key.id);
      if (same && visible(same)) return same;
    }
    if (key.attrs.length) {
      for (const node of root.querySelectorAll(key.tag)) {
        if (key.attrs.every(([name, value]) => node.getAttribute(name) === value)) return openTo(node);
      }
    }
    if (key.summary) {
      const same = [...root.querySelectorAll("summary")].find((s) => s.textContent.trim() === key.summary);
      if (same) return same;
    }
    // Gone (an action used up, a dispute ruled): the control now in its place, else the
    // first one of what it was in: the seat's actions, then any actions, then its part.
    const scope = key.scope && document.querySelector(key.scope);
    if (scope && key.self) return scope;
    if (scope) {
      const peers = [...scope.querySelectorAll(FOCUSABLE)].filter(visible);
      if (peers.length) return peers[Math.min(Math.max(key.place, 0), peers.length - 1)];
    }
    if (key.scope && key.scope.startsWith(".seat-actions")) {
      const actions = document.getElementById("actions");
      if (actions) return [...actions.querySelectorAll(FOCUSABLE)].find(visible) || actions;
    }
    return scope || null;
  }

  // A choice inside a closed group: open the group so the focus can land on it.
  function openTo(node) {
    const group = node.closest("details");
    if (group && !group.open && !node.matches("summary")) group.open = true;
    return node;
  }

  function lost() {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement || !active.isConnected;
  }

  function restore() {
    if (!remembered.key || !lost() || document.querySelector("dialog[open]")) return;
    const root = document.getElementById("main") || document.body;
    const node = find(remembered.key, root);
    if (node) focusOn(node);
  }

  document.addEventListener("focusin", (event) => {
    const node = event.target;
    if (!(node instanceof Element) || node.closest("dialog") || node === document.getElementById("main")) return;
    remembered.node = node;
    remembered.key = describe(node);
  });

  // The redraws: the match (#match) and the Tables list (#tables) have their insides replaced.
  const watched = ["match", "tables"].map((id) => document.getElementById(id)).filter(Boolean);
  if (watched.length && "MutationObserver" in window) {
    const observer = new MutationObserver(() => {
      if (remembered.node && !remembered.node.isConnected) restore();
    });
    for (const part of watched) observer.observe(part, { childList: true, subtree: true });
  }
  // A form's dialog closes (sent or cancelled): the focus goes back to what opened it, which a
  // live redraw may have replaced meanwhile. (`close` does not bubble: caught on the way down.)
  document.addEventListener("close", () => setTimeout(restore, 0), true);

  // ------------------------------------------------------------------ the Tables list, narrow
  // Below a tablet's width each match is a card: every cell carries its column's name.
  function labelCells(table) {
    const names = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.children].forEach((cell, index) => {
        if (cell.hasAttribute("colspan") || !names[index]) return;
        if (cell.getAttribute("data-label") !== names[index]) cell.setAttribute("data-label", names[index]);
      });
    }
  }
  const tables = document.getElementById("tables");
  if (tables) {
    const label = () => { for (const table of tables.querySelectorAll("table.list")) labelCells(table); };
    label();
    new MutationObserver(label).observe(tables, { childList: true });
  }
})();

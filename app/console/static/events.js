// The event screen (app/console/events.py): the round's tables fetched again every few
// seconds, rendered by the server as the page was (console.js counts the clocks down between).
(() => {
  "use strict";
  const box = document.getElementById("event-tables-live");
  if (!box) return;
  const refresh = async () => {
    if (document.hidden) return;
    try {
      const response = await fetch(box.dataset.fragment, { credentials: "same-origin" });
      if (response.ok) box.innerHTML = await response.text();
    } catch (error) {
      // offline for a moment: the next round of polling tries again
    }
  };
  setInterval(refresh, 5000);
})();

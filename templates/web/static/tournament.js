/* The tournaments on the floor's pages: each panel replaced as its stream sends it, and
   every countdown (the level's time left, the next break) run by the page itself from the
   seconds the server gave, so a screen shows the clock to the second between events. */
(function () {
  "use strict";
  var started = Date.now();

  function shown(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + two(m) + ":" + two(r) : m + ":" + two(r);
  }

  function mark(within) {
    within.querySelectorAll("[data-countdown]").forEach(function (item) {
      item.setAttribute("data-from", String(Date.now()));
    });
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-countdown]").forEach(function (item) {
      var given = parseFloat(item.getAttribute("data-countdown"));
      if (isNaN(given) || item.getAttribute("data-running") !== "yes") { return; }
      var from = parseFloat(item.getAttribute("data-from") || String(started));
      var left = given - (now - from) / 1000;
      item.textContent = shown(left);
      item.classList.toggle("ending", left <= 60);
    });
  }

  function place(holder, data) {
    var name = data.tournament;
    var found = Array.prototype.filter.call(
      holder.querySelectorAll("[data-tournament]"),
      function (item) { return item.getAttribute("data-tournament") === name; }
    )[0];
    var before = found ? found.className.indexOf("move-due") >= 0 : false;
    var box = document.createElement("div");
    box.innerHTML = data.html || "";
    var made = box.firstElementChild;
    if (!made) {
      if (found) { found.remove(); }
      return;
    }
    mark(made);
    if (made.className.indexOf("move-due") >= 0 && !before) {
      made.classList.add("just-now");
    }
    if (found) { found.replaceWith(made); } else { holder.appendChild(made); }
    var empty = holder.querySelector(".t-empty");
    if (empty) { empty.hidden = true; }
  }

  function listen(holder) {
    var source = new EventSource(holder.getAttribute("data-tournament-stream"));
    source.addEventListener("tournament", function (message) {
      place(holder, JSON.parse(message.data));
    });
  }

  mark(document);
  setInterval(tick, 250);
  if (window.EventSource) {
    document.querySelectorAll("[data-tournament-stream]").forEach(listen);
  }
})();

// Live updates: each table as it changes, from the server's event stream.
// The server renders every fragment (autoescaped), so nothing here builds HTML from data.
(function () {
  "use strict";
  var root = document.querySelector("[data-stream]");
  if (!root || !window.EventSource) {
    return;
  }
  // A table's list of hands, when its hand ended or another began: the page's own
  // list, fetched again; failing that, a link to reload it.
  function refreshHistory(data) {
    var history = document.querySelector("[data-history]");
    if (!history || history.getAttribute("data-history") === data.history) {
      return;
    }
    history.setAttribute("data-history", data.history);
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (answer) {
        return answer.ok ? answer.text() : Promise.reject(answer.status);
      })
      .then(function (text) {
        var page = new DOMParser().parseFromString(text, "text/html");
        var fresh = page.querySelector("[data-history]");
        var now = document.querySelector("[data-history]");
        if (fresh && now) {
          now.replaceWith(document.adoptNode(fresh));
        }
      })
      .catch(function () {
        var stale = document.querySelector("[data-history] .stale");
        if (stale) {
          stale.hidden = false;
        }
      });
  }
  function onTable(message) {
    var data = JSON.parse(message.data);
    refreshHistory(data);
    var selector = "[data-table=\"" + CSS.escape(data.table) + "\"]";
    var old = root.querySelector(selector);
    if (old && old.getAttribute("data-last") === String(data.last)) {
      return;
    }
    var holder = document.createElement("div");
    holder.innerHTML = data.html;
    var fresh = holder.firstElementChild;
    if (!fresh) {
      return;
    }
    var before = old ? Number(old.getAttribute("data-rulings")) : 0;
    var after = Number(fresh.getAttribute("data-rulings"));
    if (after > before) {
      var first = fresh.querySelector(".rulings > li");
      if (first) {
        first.classList.add("fresh");
      }
    }
    if (old) {
      var typing = old.querySelector("input[name=text]");
      var kept = fresh.querySelector("input[name=text]");
      if (typing && kept) {
        kept.value = typing.value;
      }
      var focused = typing && document.activeElement === typing;
      old.replaceWith(fresh);
      if (focused && kept) {
        kept.focus();
      }
    } else if (root.hasAttribute("data-append")) {
      var empty = root.querySelector(".empty");
      if (empty) {
        empty.remove();
      }
      root.appendChild(fresh);
    }
    document.querySelectorAll("input[name=after]").forEach(function (input) {
      input.value = data.last;
    });
  }
  // A stream the room refused (it holds as many as it takes) is not asked for again by
  // the browser: ask again after the half minute its Retry-After says.
  function listen() {
    var source = new EventSource(root.getAttribute("data-stream"));
    source.addEventListener("table", onTable);
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) {
        window.setTimeout(listen, 30000);
      }
    });
  }
  listen();
})();

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
  // The floor's filters: a tile or a call at a table of another game or area is not shown.
  function wanted(element) {
    return ["game", "area"].every(function (key) {
      var chosen = root.getAttribute("data-" + key);
      return !chosen || element.getAttribute("data-" + key) === chosen;
    });
  }
  document.querySelectorAll("select[data-filter]").forEach(function (select) {
    select.addEventListener("change", function () {
      select.form.submit();
    });
  });
  // The floor's queue: a table's calls and rulings replace those it had, oldest first;
  // one that has not changed stays as it is (a new one is marked fresh).
  var queue = document.getElementById("floor-queue");
  function remember(item) {
    item.floormanHtml = item.outerHTML;
  }
  if (queue) {
    Array.prototype.forEach.call(queue.children, remember);
  }
  function refreshQueue(data) {
    if (!queue || data.queue === undefined) {
      return;
    }
    var selector = "[data-table=\"" + CSS.escape(data.table) + "\"]";
    var before = {};
    queue.querySelectorAll(selector).forEach(function (item) {
      before[item.getAttribute("data-item")] = item;
    });
    var holder = document.createElement("ol");
    holder.innerHTML = data.queue;
    Array.prototype.slice.call(holder.children).forEach(function (item) {
      if (!wanted(item)) {
        return;
      }
      var id = item.getAttribute("data-item");
      var kept = before[id];
      delete before[id];
      if (kept && kept.floormanHtml === item.outerHTML) {
        return;
      }
      remember(item);
      if (!kept) {
        item.classList.add("fresh");
        item.querySelectorAll(".ruling").forEach(function (ruling) {
          ruling.classList.add("fresh");
        });
      }
      if (kept) {
        kept.replaceWith(item);
      } else {
        queue.appendChild(item);
      }
    });
    Object.keys(before).forEach(function (id) {
      before[id].remove();
    });
    var items = Array.prototype.slice.call(queue.children);
    items.sort(function (a, b) {
      var x = a.getAttribute("data-at") || "";
      var y = b.getAttribute("data-at") || "";
      return x < y ? -1 : x > y ? 1 : 0;
    });
    items.forEach(function (item) {
      queue.appendChild(item);
    });
    var count = document.querySelector(".queue-count");
    if (count) {
      count.textContent = String(items.length);
    }
    var empty = document.querySelector(".queue-empty");
    if (empty) {
      empty.hidden = items.length > 0;
    }
    showAges();
  }
  // How long each call has waited, in minutes, beside the time it was raised.
  function showAges() {
    var now = Date.now();
    document.querySelectorAll(".age[data-at]").forEach(function (age) {
      var at = Date.parse(age.getAttribute("data-at"));
      if (isNaN(at)) {
        return;
      }
      if (!age.hasAttribute("data-clock")) {
        age.setAttribute("data-clock", age.textContent);
      }
      var minutes = Math.max(0, Math.floor((now - at) / 60000));
      age.textContent = age.getAttribute("data-clock") + " · " + minutes + " min";
    });
  }
  if (queue) {
    showAges();
    window.setInterval(showAges, 30000);
  }
  function onTable(message) {
    var data = JSON.parse(message.data);
    refreshHistory(data);
    refreshQueue(data);
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
    } else if (root.hasAttribute("data-append") && wanted(fresh)) {
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

// The station by touch and by keyboard: the number pad types the amount, the keys
// press the commonest buttons (the page's hint lists those its table offers now). Every button is a plain form button without this.
(function () {
  "use strict";
  if (!document.body.classList.contains("station")) {
    return;
  }
  // The amount the keys type: the seat to act's pad, else the menu's.
  function amountInput(within) {
    return (within || document).querySelector("[data-pad] input[name=amount]");
  }
  function showKeys() {
    document.querySelectorAll("[data-pad] .keys[hidden]").forEach(function (keys) {
      keys.hidden = false;
      var input = amountInput(keys.closest("[data-pad]"));
      if (input) {
        input.setAttribute("inputmode", "none");
      }
    });
  }
  function typeKey(key, within) {
    var input = amountInput(within);
    if (!input) {
      return;
    }
    if (input.dataset.typed !== "yes") {
      input.value = "";
      input.dataset.typed = "yes";
    }
    if (key === "C") {
      input.value = "";
    } else if (key === "⌫") {
      input.value = input.value.slice(0, -1);
    } else if (input.value.length < 18) {
      input.value += key;
    }
  }
  function press(selector) {
    var button = document.querySelector(selector);
    if (button) {
      button.click();
      return true;
    }
    return false;
  }
  showKeys();
  new MutationObserver(showKeys).observe(document.body, { childList: true, subtree: true });
  document.addEventListener("click", function (event) {
    var key = event.target.closest && event.target.closest("[data-pad] .key");
    if (key) {
      typeKey(key.getAttribute("data-key"), key.closest("[data-pad]"));
    }
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var field = "input:not([type=checkbox]):not([type=radio]), textarea, select";
    if (target && target.matches && target.matches(field)) {
      return;
    }
    var key = event.key.toLowerCase();
    var done = false;
    // A draw's own keys (p stands pat, 1 to 5 draws that many) while it is the draw.
    var shortcut = /^[0-9p]$/.test(key) && document.querySelector("button[data-shortcut='" + key + "']");
    if (shortcut) {
      shortcut.click();
      done = true;
    } else if (/^[0-9]$/.test(key) && amountInput()) {
      typeKey(key);
      done = true;
    } else if (key === "backspace" && amountInput() && target === document.body) {
      typeKey("⌫");
      done = true;
    } else if (key === "enter" && amountInput() && amountInput().dataset.typed === "yes") {
      done = press(".pad:not(.menu-pad) button[type=submit]");
    } else if (key === "f") {
      done = press("button[data-verb=fold]");
    } else if (key === "c") {
      done = press("button[data-verb=check]") || press("button[data-verb=call]");
    } else if (key === "r") {
      done = press("button[data-verb=raise]");
    } else if (key === "b") {
      done = press("button[data-verb=bet]");
    } else if (key === "a") {
      done = press("button[data-verb=allin]");
    } else if (key === "i") {
      done = press("button[data-verb=bring-in]");
    } else if (key === "o") {
      done = press("button[data-verb=complete]");
    }
    if (done) {
      event.preventDefault();
    }
  });
})();

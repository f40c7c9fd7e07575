// Drills in the browser: the time an answer takes (from showing the question to the
// tap), the chip buttons that add to a seat's amount, and the countdown of a timed drill.
(function () {
  "use strict";
  var shown = Date.now();
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector(".answer-form");
    if (!form) { return; }
    shown = Date.now();
    var millis = form.querySelector("input[name=millis]");
    form.addEventListener("submit", function () {
      if (millis) { millis.value = String(Date.now() - shown); }
    });
    form.querySelectorAll(".split-seat").forEach(function (box) {
      var input = box.querySelector("input");
      box.querySelectorAll("button.chip").forEach(function (button) {
        button.addEventListener("click", function () {
          if (button.dataset.clear) { input.value = "0"; return; }
          var now = parseInt(input.value || "0", 10) || 0;
          input.value = String(now + parseInt(button.dataset.add, 10));
        });
      });
    });
    var timer = document.querySelector(".timer[data-limit]");
    if (timer) {
      var limit = parseInt(timer.dataset.limit, 10);
      var tick = function () {
        var left = Math.ceil(limit - (Date.now() - shown) / 1000);
        if (left > 0) {
          timer.textContent = left + " s";
          window.setTimeout(tick, 250);
        } else {
          timer.textContent = "Out of time: this answer counts wrong";
          timer.classList.add("over");
        }
      };
      tick();
    }
  });
})();

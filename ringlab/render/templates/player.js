/* The walkthrough's player: keys, scrubber, play/pause, #step=N.  Plain script, no library. */
(function () {
  "use strict";
  var root = document.documentElement;
  root.className += " js";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var last = steps.length - 1;
  var $ = function (id) { return document.getElementById(id); };
  var scrub = $("scrub"), where = $("where"), play = $("play"), live = $("live");
  var delay = Number(document.body.getAttribute("data-delay-ms")) || 2000;
  var t = -1, timer = null;

  function fromHash() {
    var m = /^#step=(\d+)$/.exec(location.hash);
    return m ? Math.min(Number(m[1]), last) : null;
  }

  function show(n) {
    n = Math.max(0, Math.min(last, n | 0));
    if (n === t) { return; }
    t = n;
    steps.forEach(function (s, i) { s.hidden = i !== t; });
    document.body.setAttribute("data-step", String(t));
    scrub.value = String(t);
    where.textContent = "t = " + t + " / " + last;
    $("first").disabled = $("back").disabled = t === 0;
    $("next").disabled = $("last").disabled = t === last;
    var caption = steps[t].querySelector(".caption");
    live.textContent = caption ? caption.textContent : "";
    if (location.hash !== "#step=" + t) {
      try { history.replaceState(null, "", "#step=" + t); }
      catch (e) { location.replace("#step=" + t); }
    }
    if (t === last) { stop(); }
  }

  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    play.setAttribute("aria-pressed", "false");
    play.textContent = "▶ Play";
  }

  function toggle() {
    if (timer !== null) { stop(); return; }
    if (t === last) { show(0); }
    play.setAttribute("aria-pressed", "true");
    play.textContent = "❚❚ Pause";
    timer = setInterval(function () { show(t + 1); }, delay);
  }

  $("first").onclick = function () { stop(); show(0); };
  $("back").onclick = function () { stop(); show(t - 1); };
  $("next").onclick = function () { stop(); show(t + 1); };
  $("last").onclick = function () { stop(); show(last); };
  play.onclick = toggle;
  scrub.oninput = function () { stop(); show(Number(scrub.value)); };
  window.addEventListener("hashchange", function () {
    var n = fromHash();
    if (n !== null) { show(n); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var tag = e.target && e.target.tagName;
    var native = tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
    if (native || ((tag === "BUTTON" || tag === "SUMMARY") && (e.key === " " || e.key === "Enter"))) {
      return;                       // the control's own keys (the scrubber's arrows, a button's Space)
    }
    var to = { "ArrowRight": t + 1, " ": t + 1, "ArrowLeft": t - 1, "Home": 0, "End": last }[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    stop();
    show(to);
  });
  var start = fromHash();
  show(start === null ? 0 : start);
})();

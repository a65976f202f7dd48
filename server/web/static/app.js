// campaign_app's battle page: forms marked data-live are sent without leaving the page
// (the answer is the page's live part, or one line of error), and the server's event
// stream says when another device or the desktop changed the battle: the live part is
// then fetched again. Without this script every form still works (a normal POST).
"use strict";
(function () {
  var live = document.getElementById("live");
  if (!live) return;
  var battle = live.getAttribute("data-battle");
  var busy = false, again = false;

  function showError(text) {
    var p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = text;
    var old = live.querySelector(":scope > p.error");
    if (old) old.remove();
    live.insertBefore(p, live.firstChild);
  }

  function editing() {
    var a = document.activeElement;
    return a && live.contains(a) && (a.tagName === "SELECT" || a.tagName === "INPUT");
  }

  // What the player has chosen or typed in the live part (a table to roll on, who rolls,
  // typed faces, an opened table) survives a refresh caused by someone else's mark; a
  // control the player has not touched shows the server's new value.
  var CONTROLS = "form select[id], form input[id]:not([type=hidden])";

  function touched(el) {
    if (el.type === "checkbox") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; })
        && !(el.selectedIndex === 0 && !Array.prototype.some.call(el.options, function (o) { return o.defaultSelected; }));
    }
    return el.value !== el.defaultValue;
  }

  function replace(html) {
    var kept = [];
    Array.prototype.forEach.call(live.querySelectorAll(CONTROLS), function (el) {
      if (touched(el)) kept.push([el.id, el.type === "checkbox" ? el.checked : el.value]);
    });
    var open = Array.prototype.map.call(live.querySelectorAll("details[id][open]"), function (d) { return d.id; });
    // this page's last roll (or its one line of error) stays in view: someone else's mark
    // fetched the live part again, it answered nothing this player asked
    var said = live.querySelector(":scope > .rolled, :scope > p.error");
    live.innerHTML = html;
    if (said && !live.querySelector(":scope > .rolled, :scope > p.error")) live.insertBefore(said, live.firstChild);
    open.forEach(function (id) { var d = document.getElementById(id); if (d && live.contains(d)) d.open = true; });
    kept.forEach(function (k) {
      var el = document.getElementById(k[0]);
      if (!el || !live.contains(el)) return;
      if (el.type === "checkbox") { el.checked = k[1]; return; }
      if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === k[1]; })) return;
      el.value = k[1];
    });
  }

  function refresh() {
    if (busy || editing()) { again = true; return; }
    busy = true;
    fetch("/battle/" + battle + "/live", { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (r) { return r.text().then(function (t) { return { ok: r.ok, status: r.status, text: t }; }); })
      .then(function (r) {
        if (r.ok) replace(r.text);
        else if (r.status === 401 || r.status === 403) window.location.reload();  // signed out, or no longer let in
      })
      .catch(function () {})
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }

  live.addEventListener("focusout", function () { if (again) setTimeout(refresh, 50); });

  live.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.hasAttribute("data-live")) return;
    ev.preventDefault();
    var btn = ev.submitter;
    var data = new URLSearchParams(new FormData(form, btn || undefined));
    var action = (btn && btn.getAttribute("formaction")) || form.getAttribute("action");
    busy = true;
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = true; });
    fetch(action, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (r) {
      return r.text().then(function (t) {
        var html = (r.headers.get("content-type") || "").indexOf("text/html") === 0;
        if (html) live.innerHTML = t; else { showError(t); busy = false; refresh(); }
        // an error or a roll's result shows at the top of the live part: bring it into view
        var said = live.querySelector(":scope > .error, :scope > .rolled");
        if (said) said.scrollIntoView({ block: "center" });
      });
    }).catch(function () {
      showError(document.documentElement.lang === "fr" ? "Le serveur ne répond pas : rien n'a été enregistré."
        : document.documentElement.lang === "it" ? "Il server non risponde: non è stato salvato nulla."
        : "The server does not answer: nothing was saved.");
    }).then(function () { busy = false; if (again) { again = false; refresh(); } });
  });

  if (window.EventSource) {
    var es = new EventSource("/battle/" + battle + "/events");
    es.addEventListener("changed", refresh);
    // EventSource reconnects by itself after a drop (the stream's retry: 1000 ms)
  }
})();

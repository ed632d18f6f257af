/**
 * The page's only script, served at /status/assets/live.js: it opens the page's event stream and
 * puts each incident it hears of in place (replaced where shown, added to the open incidents when
 * new, removed when it left the page), and the overall state in the banner. The markup comes escaped from the server (the event's
 * `html`); the page works the same without it, by reloading.
 */
export const LIVE_SCRIPT = `(() => {
  "use strict";
  const url = document.body.dataset.events;
  if (!url || !("EventSource" in window)) return;
  const source = new EventSource(url);
  source.addEventListener("incident", (message) => {
    const incident = JSON.parse(message.data);
    const shown = document.querySelector('[data-incident-id="' + CSS.escape(incident.id) + '"]');
    if (incident.removed) { if (shown) shown.remove(); return; }
    const template = document.createElement("template");
    template.innerHTML = incident.html;
    const node = template.content.firstElementChild;
    if (!node) return;
    if (shown) { shown.replaceWith(node); return; }
    const list = document.getElementById(incident.open ? "open-incidents-list" : "recent-incidents-list");
    if (!list) return;
    const empty = list.querySelector("p.muted");
    if (empty) empty.remove();
    list.prepend(node);
  });
  source.addEventListener("state", (message) => {
    const state = JSON.parse(message.data);
    const banner = document.getElementById("overall");
    if (!banner) return;
    banner.className = "banner s-" + state.state;
    banner.textContent = state.description;
  });
  source.addEventListener("resync", () => { setTimeout(() => location.reload(), Math.random() * 10000); });
  document.body.dataset.live = "connecting";
  source.addEventListener("open", () => { document.body.dataset.live = "open"; });
})();
`;

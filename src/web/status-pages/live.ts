/**
 * The page's only script, served at /status/assets/live.js: it opens the page's event stream and
 * puts each incident it hears of in place (and a maintenance's updates in its list) (replaced where shown, added to the open incidents when
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
  source.addEventListener("maintenance", (message) => {
    const shown = JSON.parse(message.data);
    const list = document.querySelector('[data-maintenance-updates="' + CSS.escape(shown.id) + '"]');
    if (!list) return;
    if (shown.removed) { const article = list.closest("article"); if (article) article.remove(); return; }
    list.replaceChildren(...shown.updates.map((update) => {
      const item = document.createElement("li");
      const status = document.createElement("strong");
      status.textContent = update.status.replace("_", " ");
      const text = document.createElement("p");
      text.textContent = update.description;
      item.append(status, " ", text);
      return item;
    }));
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

// Page-side measurements for the operator app benchmark: times taken in the page, from its own
// clock (performance.now() counts from the navigation's start). The page scripts are strings:
// tsx names functions with a helper the page does not have.
import type { Page } from "playwright-core";

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)]!;

/** From navigation to `selector` on screen, `times` times (a fresh load each, cookie kept). */
export async function navigationToContent(page: Page, url: string, selector: string, times: number) {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForSelector(selector, { timeout: 30_000 });
    ms.push(await page.evaluate("performance.now()"));
  }
  return ms;
}

/** Clicks the list's "Load more" button and times until `count` more rows are in the DOM. */
export function nextPage(page: Page, count: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const rows = () => document.querySelectorAll("[data-testid=check-row]").length;
    const want = rows() + ${Number(count)};
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (rows() >= want) {
        observer.disconnect();
        resolve(performance.now() - t0);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    [...document.querySelectorAll("button")].find((b) => b.textContent.startsWith("Load more")).click();
  })`);
}

/** Starts recording, in the page, the wall-clock time at which a row's state attribute changes. */
export async function watchRowStates(page: Page) {
  await page.evaluate(`(() => {
    const seen = (window.rowStates = []);
    new MutationObserver((records) => {
      for (const record of records)
        if (record.attributeName === "data-state") seen.push({ state: record.target.dataset.state, at: Date.now() });
    }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
  })()`);
}

export const rowStates = (page: Page) => page.evaluate("window.rowStates") as Promise<{ state: string; at: number }[]>;

// Keyboard-only operation in a real browser: focus moves by Tab alone, as a person without a mouse
// moves it, until the focused control is the one named.
import type { Page } from "playwright-core";

/** The accessible name of the focused element, as a person hears it (label, aria-label, or text). */
const FOCUSED_NAME = `(() => {
  const el = document.activeElement;
  if (!el) return "";
  // A label wrapping its control names it by its own text, not the control's (a select's options).
  const label = el.labels?.[0]?.cloneNode(true);
  for (const inner of label ? label.querySelectorAll("select, input, textarea") : []) inner.remove();
  return (el.getAttribute("aria-label") || label?.textContent || el.textContent || "").trim();
})()`;

/** Presses Tab (or Shift+Tab, backwards) until the focused control's name matches `name` (at most 150 presses). */
export async function tabTo(page: Page, name: string | RegExp, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press(key);
    const focused = (await page.evaluate(FOCUSED_NAME)) as string;
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`${key} never reached ${String(name)}`);
}

/** Tabs to the field named `name` and replaces its text by typing `text`. */
export async function typeInto(page: Page, name: string | RegExp, text: string, key: "Tab" | "Shift+Tab" = "Tab") {
  await tabTo(page, name, key);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** Tabs to the control named `name` and presses `key` on it (Space ticks a box, Enter a button). */
export async function pressOn(page: Page, name: string, key = "Space") {
  await tabTo(page, name);
  await page.keyboard.press(key);
}

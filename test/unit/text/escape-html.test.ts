import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../src/text/escape-html.js";

describe("escapeHtml", () => {
  it("escapes the five characters that open markup or end an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  it("leaves other text alone, and escapes an ampersand once", () => {
    expect(escapeHtml("Ünïcode – fine; &amp;")).toBe("Ünïcode – fine; &amp;amp;");
  });
});

import { describe, expect, it } from "vitest";

import { asciiHtml } from "@/lib/ascii-html";

/** What a browser shows for the HTML (numeric and the five named references). */
function shown(html: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
  return html.replace(
    /&(#\d+|amp|lt|gt|quot);/g,
    (_, ref: string) => named[ref] ?? String.fromCodePoint(Number(ref.slice(1))),
  );
}

describe("asciiHtml", () => {
  it.each([
    "© 2026 Breathe Uganda. All rights reserved.",
    "Mon-Fri 8AM-6PM · East Africa Time",
    "Uganda’s “Pearl” — Jinja & the Nile <source> 🦍",
  ])("writes %j in ASCII only, shown as the same text", (text) => {
    const { __html } = asciiHtml(text);
    expect(__html).toMatch(/^[\x00-\x7f]*$/);
    expect(shown(__html)).toBe(text);
  });

  it("escapes markup, so text never becomes an element", () => {
    expect(asciiHtml('<img src=x onerror="alert(1)">').__html).toBe(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;",
    );
  });
});

/**
 * `npm run demo` serves the site on one address and tells the app that same address (SITE_URL):
 * the payment provider's way back, the mails' links and Auth.js all lead to where the browser
 * signed in. With SITE_URL left at its default (localhost) while the server listens on
 * 127.0.0.1, a payer came back to localhost, where their session cookie does not exist.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const pkg = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"),
) as { scripts: Record<string, string> };

describe("npm run demo", () => {
  it("sets SITE_URL to the host and port it listens on", () => {
    const demo = pkg.scripts.demo!;
    const start = demo.slice(demo.lastIndexOf("&&"));
    const host = / -H (\S+)/.exec(start)?.[1];
    const port = / -p (\d+)/.exec(start)?.[1] ?? "3000";
    const siteUrl = /\bSITE_URL=(\S+)/.exec(start)?.[1];
    expect(host).toBeDefined();
    expect(siteUrl).toBe(`http://${host}:${port}`);
  });
});

/**
 * The headers a response leaves the server with, put together as Next does it: the rules of
 * next.config.ts `headers()` whose source matches the path are set first (matched by Next's own
 * matcher), then the route handler's headers are added by Next's own sendResponse, which skips
 * every header a rule has already set. So a route's own Content-Security-Policy only reaches the
 * browser where no rule sets one: the pictures of `/media` must carry theirs alone.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { buildCustomRoute } from "next/dist/server/lib/router-utils/filesystem";
import { sendResponse } from "next/dist/server/send-response";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as serveMedia } from "@/app/media/[...key]/route";
import { contentSecurityPolicy, STORED_FILE_POLICY } from "@/lib/csp";
import { setStorage } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import nextConfig from "@/next.config";

/** The response as it is sent for `pathname`: the config's headers, then the handler's. */
async function sent(pathname: string, response: Response): Promise<Headers> {
  const out = new Map<string, string[]>();
  for (const rule of (await nextConfig.headers?.()) ?? []) {
    if (buildCustomRoute("header", rule).match(pathname) === false) continue;
    for (const { key, value } of rule.headers) out.set(key.toLowerCase(), [value]);
  }
  const res = {
    statusCode: 0,
    statusMessage: "",
    getHeader: (name: string) => out.get(name.toLowerCase()),
    appendHeader(name: string, value: string) {
      out.set(name.toLowerCase(), [...(out.get(name.toLowerCase()) ?? []), value]);
      return res;
    },
    originalResponse: { end() {} },
  };
  // A HEAD request: the body is not piped anywhere.
  await sendResponse({ method: "HEAD" } as never, res as never, response);
  const headers = new Headers();
  for (const [name, values] of out) for (const value of values) headers.append(name, value);
  return headers;
}

/** Every Content-Security-Policy header sent (a browser enforces each of them). */
const policies = (headers: Headers) => headers.get("content-security-policy")?.split(/,\s*/) ?? [];

const SITE_POLICY = contentSecurityPolicy({ dev: process.env.NODE_ENV !== "production" });
const key = "tours/0b0f5e9e-5b1c-4d8e-9a55-2f1b7a0c9d10/media/1700000000000-abc123def456-480.webp";
let base: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), "response-headers-"));
  const storage = createLocalStorage(base);
  setStorage(storage);
  const webp = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#234" } })
    .webp()
    .toBuffer();
  await storage.put(key, webp, "image/webp");
});
afterAll(async () => {
  setStorage(undefined);
  await rm(base, { recursive: true, force: true });
});

const fromMediaRoute = (segments: string[]) =>
  serveMedia(new Request(`http://localhost:3000/media/${segments.join("/")}`), {
    params: Promise.resolve({ key: segments }),
  });

describe("a stored picture served by /media", () => {
  it("carries only its own policy: nothing may run or load, even opened on its own", async () => {
    const headers = await sent(`/media/${key}`, await fromMediaRoute(key.split("/")));
    expect(policies(headers)).toEqual(["default-src 'none'; sandbox"]);
    expect(STORED_FILE_POLICY).toBe("default-src 'none'; sandbox");
    expect(headers.get("content-type")).toBe("image/webp");
    // The site-wide headers that do not weaken it are still there.
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("and so does its 'Not found'", async () => {
    const missing = ["tours", "nothing-here.webp"];
    const headers = await sent(`/media/${missing.join("/")}`, await fromMediaRoute(missing));
    expect(policies(headers)).toEqual(["default-src 'none'; sandbox"]);
  });

  // Next's rules match a path whatever its case; the route only answers the lower-case one.
  it.each(["/media/a/b-480.webp", "/MEDIA/a/b-480.webp", "/Media/x"])(
    "%s gets that policy from the config alone, whoever answers it",
    async (pathname) => {
      expect(policies(await sent(pathname, new Response(null)))).toEqual([STORED_FILE_POLICY]);
    },
  );
});

describe("every other path keeps the policy it had", () => {
  it.each([
    "/",
    "/tours",
    "/tour/gorilla-safari",
    "/media",
    "/media/",
    "/mediakit",
    "/api/admin/tours/x/media",
  ])("%s: the site's policy", async (pathname) => {
    const headers = await sent(pathname, new Response(null));
    expect(policies(headers)).toEqual([SITE_POLICY]);
  });

  it.each([
    "/admin/tours",
    "/customer/bookings",
    "/pay/some-token",
    "/pay/result",
    "/pay",
    "/proposal/some-token",
    "/proposal/some-token/pdf",
  ])("%s: none from the config (the proxy gives it one with a nonce)", async (pathname) => {
    expect(policies(await sent(pathname, new Response(null)))).toEqual([]);
  });
});

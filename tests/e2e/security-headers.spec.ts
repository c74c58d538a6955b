/**
 * Response headers on the production build (docs/security.md): every response has a
 * Content-Security-Policy; the account and sign-in pages get a nonce of their own per response,
 * which every script carries; the full-route-cached public pages keep being served from the
 * cache with the strict policy that needs no nonce. Using the sign-in form and a public form
 * raises no CSP violation. And `next start` alone (no DEMO) has no demo account (part 3).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

import type { APIResponse, Page } from "@playwright/test";

import { DEMO_ACCOUNTS } from "@/db/seed";
import { freePort } from "@/tests/helpers/local-server";

import { expect, test } from "./fixtures";
import { ContactFormPage, PERMITS_QUESTION } from "./pages/contact-form";
import { CustomerAuthPage } from "./pages/customer-auth-page";
import { NewsletterForm } from "./pages/newsletter-form";
import { uniqueEmail } from "./support/visitor";

const REQUIRED = [
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function expectCommonHeaders(response: APIResponse) {
  const headers = response.headers();
  for (const directive of REQUIRED) expect(headers["content-security-policy"]).toContain(directive);
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
}

/** The script-src of a policy, and its nonce if any. */
function scriptSources(policy: string) {
  const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  return { scriptSrc: scriptSrc.trim(), nonce };
}

/** Executable script tags of an HTML page (JSON-LD data blocks are not scripts that run). */
function scriptTags(html: string): string[] {
  return (html.match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => !tag.includes('type="application/ld+json"'),
  );
}

/** Collects CSP violations the page reports, as events and as console errors. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(message.text()))
      fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => {
    const events = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => []);
    return [...fromConsole, ...events];
  };
}

test.describe("a cached public page", () => {
  for (const url of ["/", "/tours", "/tour/gorilla-safari"]) {
    test(`${url} has the strict policy without a nonce and stays cached`, async ({ request }) => {
      await request.get(url);
      const response = await request.get(url);
      expect(response.status()).toBe(200);
      expectCommonHeaders(response);
      const headers = response.headers();
      const { scriptSrc, nonce } = scriptSources(headers["content-security-policy"]!);
      expect(scriptSrc).toBe("script-src 'self' 'unsafe-inline'");
      expect(nonce).toBeUndefined();
      // STALE is the cache's copy too, sent while it is renewed: other tests' bookings refresh
      // the seat counts of /tours and the tour pages at any moment.
      expect(["HIT", "STALE"]).toContain(headers["x-nextjs-cache"]);
    });
  }
});

test.describe("a dynamic page", () => {
  // The account pages, and the pay pages (no sign-in, but money): a nonce policy per response.
  for (const url of ["/customer/auth", "/pay/not-a-real-link"]) {
    test(`${url} gets a new nonce per response, and every script carries it`, async ({
      request,
    }) => {
      const nonces: string[] = [];
      for (let i = 0; i < 2; i++) {
        const response = await request.get(url);
        expect(response.status()).toBe(200);
        expectCommonHeaders(response);
        const { scriptSrc, nonce } = scriptSources(response.headers()["content-security-policy"]!);
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
        const scripts = scriptTags(await response.text());
        expect(scripts.length).toBeGreaterThan(3);
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
        nonces.push(nonce!);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    });
  }

  test("the sign-in redirect of a signed-out visitor has the policy too", async ({ request }) => {
    const response = await request.get("/customer/bookings", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toContain("/customer/auth?callbackUrl=");
    expectCommonHeaders(response);
  });
});

test.describe("a stored picture's address", () => {
  test("/media/... carries the picture's own policy alone, not the site's", async ({ request }) => {
    // No picture by that name: the route's 'Not found' has the same headers as a picture.
    const response = await request.get("/media/tours/no-such-picture-480.webp");
    expect(response.status()).toBe(404);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("no CSP violation", () => {
  test.use({ ownAddress: true });

  test("signing in with the sign-in form", async ({ page, toasts }) => {
    const violations = await watchViolations(page);
    const auth = new CustomerAuthPage(page);
    await auth.goto("?callbackUrl=%2Fcustomer");
    await auth.signIn(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    await toasts.expectToast("Welcome Back!", "You have been signed in successfully");
    await expect(page).toHaveURL(/\/customer$/);
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("sending the contact form and subscribing to the newsletter", async ({ page }, testInfo) => {
    const violations = await watchViolations(page);
    const contact = new ContactFormPage(page);
    await contact.goto();
    await contact.fill({ ...PERMITS_QUESTION, email: uniqueEmail(testInfo, "csp") });
    await contact.send.click();
    await contact.toasts.expectToast("Message Sent!");
    const newsletter = new NewsletterForm(page);
    await newsletter.subscribeWith(uniqueEmail(testInfo, "csp-news"));
    await newsletter.toasts.expectToast("Subscribed!");

    await page.goto("/");
    await expect(page.getByRole("navigation").first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

/* `npm start` alone ------------------------------------------------------------------------- */

test.describe("next start without DEMO", () => {
  // One server of its own, started once (in the desktop project only: it is not about layout).
  test.skip(({ isMobile }) => isMobile, "server behaviour, checked once");
  let server: ChildProcess | undefined;
  test.afterAll(() => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  });

  test("on a fresh embedded database has no demo account and prints no credentials", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const log: string[] = [];
    server = spawn("./node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PGLITE_DIR: path.join(".data", `e2e-nodemo-${Date.now()}`),
        DATABASE_URL: "",
        DEMO: "",
        SITE_URL: baseUrl,
        AUTH_URL: baseUrl,
        AUTH_SECRET: "e2e-only-secret-not-for-production-0123456789",
        RESEND_API_KEY: "",
      },
    });
    for (const stream of [server.stdout, server.stderr])
      stream?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    await expect
      .poll(async () => (await fetch(`${baseUrl}/`).catch(() => null))?.status ?? 0, {
        timeout: 90_000,
      })
      .toBe(200);

    const auth = new CustomerAuthPage(page);
    await page.goto(`${baseUrl}/customer/auth`);
    await expect(auth.signInTab).toBeVisible();
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      await auth.signIn(account.email, account.password);
      await auth.toasts.expectToast("Sign In Failed", "Invalid email or password");
    }
    const output = log.join("");
    for (const account of Object.values(DEMO_ACCOUNTS))
      expect(output).not.toContain(account.password);
    expect(output).not.toMatch(/Demo accounts present|Refusing to start/);
  });
});

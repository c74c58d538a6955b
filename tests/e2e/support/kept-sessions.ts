import { type Cookie, expect, type Page } from "@playwright/test";

/**
 * The session cookies of the accounts this worker has signed in, by email. Signing in is tested
 * where it is the subject (admin.spec.ts, customer.spec.ts, sessions.spec.ts); a test that only
 * needs to be signed in takes the cookies of its worker's earlier sign-in, as a returning browser
 * would, and signs in through the form when there are none or they no longer work (a test signed
 * that session out, or changed the password).
 */
const kept = new Map<string, Cookie[]>();

type SessionJson = { user?: { email?: string | null } } | null;

/** The URL of a page at `path`, as a pattern. */
export const landedOn = (path: string) => new RegExp(`${path.replace(/[/?]/g, "\\$&")}$`);

/** An account that signs in with its email and password. */
export type Account = { email: string; password: string };

/** A sign-in page: opened with a query, then its form filled and sent. */
type SignInPage = {
  goto(query: string): Promise<unknown>;
  signIn(email: string, password: string): Promise<void>;
};

/**
 * Opens `path` signed in as `account`: with the kept cookies when the server still knows their
 * session and the page then lands on `path`, else through `login` opened with `query` (which
 * must bring the browser to `path`), whose cookies are kept.
 */
export async function openSignedIn(
  page: Page,
  account: Account,
  path: string,
  login: SignInPage,
  query: string,
): Promise<void> {
  const landed = landedOn(path);
  const cookies = kept.get(account.email);
  if (cookies) {
    await page.context().addCookies(cookies);
    // Asked of the server first: a page opened with a session that was ended meanwhile can
    // start to render before it redirects to the sign-in.
    const response = await page.request.get("/api/auth/session");
    const session = response.ok() ? ((await response.json()) as SessionJson) : null;
    if (session?.user?.email === account.email) {
      await page.goto(path);
      if (landed.test(page.url())) return;
    }
    kept.delete(account.email);
    await page.context().clearCookies();
  }
  await login.goto(query);
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(landed);
  kept.set(account.email, await page.context().cookies());
}

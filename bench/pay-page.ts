/**
 * The pay page in `npm run bench`: /pay/<token>, what a customer opens from the mailed pay link to
 * pay a confirmed booking, most often on a phone by mobile money. It has the public pages' budgets
 * (client JS <= the floor's + 25 kB, Lighthouse mobile) with one exception: it is kept out of search
 * engines on purpose (robots noindex), so Lighthouse's crawlability audit does not count against
 * its SEO score (NOINDEX_AUDITS).
 *
 * Before the site's bench server starts, bench/pay-page-write.ts makes the booking on its fresh
 * PGlite directory as the public booking wizard stores it (its schema, then createBooking), gives
 * it what staff's confirmation gives it (the quoted total, the balance's due day, booking status
 * confirmed) and mints the link's token with the site's own secret (lib/payments/pay-link.ts), so the page
 * measured is the one the customer gets: the booking, two amounts to choose from and the Pay button.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

/** A tour sold on request that the bench's other measures do not use. */
export const PAY_TOUR = "crater-lakes";
/** The route as the tables show it: its token is new each run (a fresh database). */
export const PAY_ROUTE_LABEL = "/pay/<token>";
/** Lighthouse audits a page that asks not to be indexed fails by design. */
export const NOINDEX_AUDITS = ["is-crawlable"];

/** Makes and confirms the booking on the site's database; returns its pay page, `/pay/<token>`. */
export function writePayBooking(root: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "bench/pay-page-write.ts"],
    { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (result.status !== 0)
    throw new Error(`pay page booking: exit ${result.status}: ${result.stderr.trim().slice(-400)}`);
  const route = result.stdout.trim().split("\n").at(-1) ?? "";
  if (!/^\/pay\/[A-Za-z0-9_-]+$/.test(route))
    throw new Error(`pay page booking: no pay page in its output: ${route.slice(0, 200)}`);
  return route;
}

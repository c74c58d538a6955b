import type { Page, TestInfo } from "@playwright/test";

/**
 * Who a test is, as the server sees it: an email no other test or run uses, and a client address
 * of its own (the actions rate-limit per address; the e2e server trusts one proxy hop, so the
 * X-Forwarded-For the test sends is the client's address).
 */
let counter = 0;
export function uniqueEmail(testInfo: TestInfo, tag: string): string {
  return `${tag}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}-${++counter}@example.com`;
}

export async function ownAddress(page: Page): Promise<void> {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
}

/**
 * The browser becomes a fresh visitor: no cookies. The page is left first, so no request of the
 * signed-in page still on its way (a session refresh) brings a session cookie back after the
 * cookies are cleared.
 */
export async function asFreshVisitor(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

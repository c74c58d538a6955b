import { startMailCapture } from "./mail-capture";

/**
 * Starts the Resend stand-in (./mail-capture) that the web server sends its mails to; the
 * function returned is Playwright's teardown. E2E_MAIL_PORT is set by playwright.config.ts.
 */
export default async function globalSetup() {
  const capture = await startMailCapture(Number(process.env.E2E_MAIL_PORT));
  return () => capture.close();
}

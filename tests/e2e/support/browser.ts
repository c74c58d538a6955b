import { existsSync } from "node:fs";

/**
 * The Chromium the tests drive, always Debian's (no browser is ever downloaded): CHROMIUM_PATH
 * when set, else Debian's `chromium-headless-shell`, else its full `chromium`.
 *
 * The headless shell is the browser Playwright itself runs headless tests in: Blink and V8 without
 * the desktop browser around them. The full browser in headless mode starts, for every new
 * context, a window with its own browser UI (and a renderer for it), which doubles the cost of
 * opening a page on a 2-core host; pages render the same in both.
 */
export function testChromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}

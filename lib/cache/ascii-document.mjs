/**
 * A cached page's HTML made of ASCII only, showing and running exactly as before: outside
 * scripts, every character beyond ASCII becomes a numeric character reference (`’` -> `&#8217;`);
 * inside a <script> (Next's inline RSC payload and JSON-LD, where such characters occur only in
 * string literals) a `\uXXXX` escape of each UTF-16 unit.
 *
 * Why: Next keeps a cached page as a JavaScript string and encodes it to UTF-8 for every
 * response; a string holding one character beyond Latin-1 takes that encoding off its fast path
 * (`npm run bench` measures what a tour page with typed copy costs, beside its ASCII twin).
 * <style> content is left as it is (a character reference means nothing there); the site inlines
 * none.
 */

const NON_ASCII = /[^\x00-\x7f]/;
const RAW_TEXT = /(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)|<style\b[^>]*>[\s\S]*?<\/style\s*>/gi;

const reference = (text) => text.replace(/[^\x00-\x7f]/gu, (c) => `&#${c.codePointAt(0)};`);
const jsEscape = (text) =>
  text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** @param {string} html */
export function asciiDocument(html) {
  if (!NON_ASCII.test(html)) return html;
  let out = "";
  let last = 0;
  for (const match of html.matchAll(RAW_TEXT)) {
    out += reference(html.slice(last, match.index));
    out += match[1] === undefined ? match[0] : match[1] + jsEscape(match[2]) + match[3];
    last = match.index + match[0].length;
  }
  out += reference(html.slice(last));
  // Slices and concatenations of a string that held a character beyond Latin-1 keep its two-byte
  // representation even when every character left is ASCII: only a string made anew from bytes
  // is stored one byte a character, which is what the fast path needs.
  return Buffer.from(out, "latin1").toString("latin1");
}

/**
 * A cache entry as Next sets it, with an App Router page's HTML made ASCII; any other entry as
 * it is.
 */
export function asciiEntry(data) {
  if (data?.kind !== "APP_PAGE" || typeof data.html !== "string") return data;
  const html = asciiDocument(data.html);
  return html === data.html ? data : { ...data, html };
}

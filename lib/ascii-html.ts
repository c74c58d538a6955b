const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text as HTML made of ASCII only: markup characters escaped, every other character a numeric
 * character reference (`©` becomes `&#169;`). The browser shows the same text.
 *
 * Why: Next keeps a cached page as a JavaScript string and encodes it to UTF-8 on every response.
 * One character outside ASCII on a page (the footer's `©` was on every page) takes that encoding
 * off its fast path, and a character outside Latin-1 costs more still: the bench measures both on
 * the framework floor's page (`npm run bench`, "Cached page costs"). For text of our own in the
 * chrome of every page; `dangerouslySetInnerHTML={asciiHtml(text)}` puts it in an element.
 */
export function asciiHtml(text: string): { __html: string } {
  return {
    __html: text
      .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
      .replace(/[^\x00-\x7f]/gu, (c) => `&#${c.codePointAt(0)};`),
  };
}

/** Rendered markup for assertions on what a screen says. */

/** The page's text without tags, entities decoded enough for the assertions. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

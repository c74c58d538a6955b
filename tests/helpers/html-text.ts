/** Rendered markup for assertions on what a screen says. */
import { expect } from "vitest";

/** The page's text without tags, entities decoded enough for the assertions. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** Fails unless `text` says every one of `parts`, naming those it does not say. */
export function expectToSay(text: string, parts: string[]) {
  expect(
    parts.filter((part) => !text.includes(part)),
    text,
  ).toEqual([]);
}

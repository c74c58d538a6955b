/**
 * Comments explain why in their own words and cite only what a clone of the repo contains. A note
 * kept outside the repository (a planning file, a checklist, a ticket number) cannot be opened by
 * the next reader, so this test names every comment that points at one. Decisions worth keeping
 * are records in docs/decisions/, which comments may cite.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SELF = path.relative(ROOT, import.meta.filename);

/** Generated, installed or measured output: not written by hand. */
const SKIPPED_DIRS = new Set([
  ".git",
  ".next",
  ".data",
  "node_modules",
  "public",
  "coverage",
  "out",
  "test-results",
  "playwright-report",
  "blob-report",
  "results",
  "meta",
]);

/** Files that live outside the repository, named anywhere in a file (code, comment or prose). */
const OUTSIDE_FILES: RegExp[] = [
  /\b(?:decisions|style)\.md\b/i,
  /\bproduct-spec\b/i,
  /\badmin[- ]checklist\b/i,
  /(?:\.\.\/|\/work\/)shared\b|\bshared\/spec\b/,
];

/** Ids of outside documents, looked for in comments (and in the docs' prose). */
const OUTSIDE_IDS: RegExp[] = [
  // Checklist and decision ids: 'A54', 'A92-A124', 'A107/A108', 'D14', 'C3'.
  /\b[ACD]\d{1,3}(?:\s*[-–/]\s*[ACD]?\d{1,3})?\b/,
  // Ticket numbers: 'issue 13', "issue 14's", 'issue #7'.
  /\bissues? #?\d+/i,
  // Sections of an outside specification: 'spec 9', 'spec section 4', '(section 8)'.
  /\bspec(?:'s)?\s+\d/i,
  /\bsections? \d+\b/i,
];

type Finding = { file: string; line: number; text: string };

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name), out);
    } else {
      out.push(path.relative(ROOT, path.join(dir, entry.name)));
    }
  }
  return out;
}

/** Every comment of a TypeScript or JavaScript file, with its offset, read through the parser. */
function scriptComments(file: string, text: string): { pos: number; text: string }[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const visit = (node: ts.Node) => {
    const children = node.getChildren(source);
    if (children.length === 0 && node.kind !== ts.SyntaxKind.JsxText) {
      // A token: the comments of the trivia before it, on its line or on lines above (JSX text
      // is text, not trivia).
      const ranges = [
        ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
        ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ];
      for (const range of ranges) seen.set(range.pos, text.slice(range.pos, range.end));
    }
    children.forEach(visit);
  };
  visit(source);
  return [...seen].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ pos, text: comment }));
}

/** Comments of the other formats: one line-comment marker per format, and CSS's block comments. */
function otherComments(file: string, text: string): { pos: number; text: string }[] | null {
  const base = path.basename(file);
  let pattern: RegExp | null = null;
  if (file.endsWith(".css")) pattern = /\/\*[\s\S]*?\*\//g;
  else if (file.endsWith(".sql")) pattern = /--.*$/gm;
  else if (/\.(?:sh|ya?ml|conf)$/.test(file) || base === "run" || base.startsWith(".env")) {
    pattern = /(?:^|\s)#(?!!).*$/gm;
  }
  if (!pattern) return null;
  return [...text.matchAll(pattern)].map((m) => ({ pos: m.index, text: m[0] }));
}

function lineOf(text: string, pos: number): number {
  return text.slice(0, pos).split("\n").length;
}

function findings(): Finding[] {
  const found: Finding[] = [];
  for (const file of walk(ROOT)) {
    if (file === SELF) continue;
    const isScript = /\.[cm]?[jt]sx?$/.test(file) && !file.endsWith(".d.ts");
    const isDoc = file.endsWith(".md");
    const text = readFileSync(path.join(ROOT, file), "utf8");
    // Parsing is the slow part: only a file whose text holds an id somewhere is parsed.
    const mayHoldId = OUTSIDE_IDS.some((pattern) => pattern.test(text));
    const comments = isDoc
      ? [{ pos: 0, text }]
      : isScript
        ? mayHoldId
          ? scriptComments(file, text)
          : []
        : otherComments(file, text);
    if (comments === null) continue;

    for (const pattern of OUTSIDE_FILES) {
      for (const m of text.matchAll(new RegExp(pattern.source, pattern.flags + "g"))) {
        found.push({ file, line: lineOf(text, m.index), text: m[0] });
      }
    }
    for (const comment of comments) {
      for (const pattern of OUTSIDE_IDS) {
        for (const m of comment.text.matchAll(new RegExp(pattern.source, pattern.flags + "g"))) {
          found.push({ file, line: lineOf(text, comment.pos + m.index), text: m[0] });
        }
      }
    }
  }
  return found;
}

describe("comments and docs cite only what the repository holds", () => {
  it("name no file kept outside the repository and no outside id", () => {
    // Each finding on a line of its own: cite the reason in the code's own words instead, or a
    // record of docs/decisions/.
    const list = findings().map((f) => `${f.file}:${f.line}: ${f.text}`);
    expect(list.join("\n")).toBe("");
  });

  it("sees comments, not code that looks like an id", () => {
    const text = [
      "// see A54 and issue 13",
      'const size = "A4"; const url = "%E0%A4%A";',
      "const el = <p>Paper A4 // not a comment</p>;",
      "{/* D14 */}",
    ].join("\n");
    const comments = scriptComments("probe.tsx", text).map((c) => c.text);
    expect(comments).toEqual(["// see A54 and issue 13", "/* D14 */"]);
  });
});

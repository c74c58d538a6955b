/**
 * Each area (the public site, the account, the admin) has a stylesheet of its own whose Tailwind
 * sources are listed by hand with `@source`. A component folder an area renders but its stylesheet
 * does not list would lose its classes in that area only, silently. This walks each area's import
 * graph from its route files and checks that every component file it reaches is scanned by the
 * area's stylesheet.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

const AREAS = [
  { name: "public site", dir: "app/(site)", css: "app/(site)/site.css" },
  { name: "account", dir: "app/customer", css: "app/customer/account.css" },
  { name: "admin", dir: "app/admin", css: "app/admin/admin.css" },
] as const;

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** A module specifier to a repo file, or null for packages. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    `${base}/index.tsx`,
    `${base}/index.ts`,
  ]) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return path.normalize(candidate);
  }
  return null;
}

/** Every repo file reachable from the area's own files through static and dynamic imports. */
function reachable(dir: string): Set<string> {
  const seen = new Set<string>();
  const queue = filesUnder(dir);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(path.join(root, file), "utf8");
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const target = resolveImport(file, match[1]!);
      if (target && /\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return seen;
}

/**
 * The stylesheet's `@source` paths (repo-relative) and its `@source not` exclusions, with those of
 * the repo stylesheets it imports (each path taken from the file that states it, as Tailwind does).
 */
function sourcesOf(css: string): { included: string[]; excluded: string[] } {
  const text = readFileSync(path.join(root, css), "utf8");
  const toRepo = (p: string) => path.normalize(path.join(path.dirname(css), p));
  const included = [...text.matchAll(/^@source\s+"([^"]+)";/gm)].map((m) => toRepo(m[1]!));
  const excluded = [...text.matchAll(/^@source\s+not\s+"([^"]+)";/gm)].map((m) => m[1]!);
  for (const [, imported] of text.matchAll(/^@import\s+"(\.[^"]+\.css)"/gm)) {
    const more = sourcesOf(toRepo(imported!));
    included.push(...more.included);
    excluded.push(...more.excluded);
  }
  return { included, excluded };
}

describe("area stylesheets scan every component their area renders", () => {
  for (const area of AREAS) {
    it(`the ${area.name}`, () => {
      const { included, excluded } = sourcesOf(area.css);
      const components = [...reachable(area.dir)].filter((file) => file.startsWith("components/"));
      // A sanity floor, so a broken walk cannot pass by finding nothing.
      expect(components.length).toBeGreaterThan(5);
      const unscanned = components.filter(
        (file) => !included.some((src) => file === src || file.startsWith(`${src}/`)),
      );
      expect(unscanned, `add these folders to ${area.css} (@source)`).toEqual([]);
      const excludedButUsed = components.filter((file) =>
        excluded.some((pattern) => {
          const [dir, names] = pattern.replace(/^(\.\.\/)+/, "").split("/{");
          if (!names) return file === path.normalize(pattern.replace(/^(\.\.\/)+/, ""));
          return names
            .replace(/}\.tsx$/, "")
            .split(",")
            .some((name) => file === `${dir}/${name}.tsx`);
        }),
      );
      expect(excludedButUsed, `${area.css} leaves out files its area renders`).toEqual([]);
    });
  }
});

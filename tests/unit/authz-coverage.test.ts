/**
 * Everything a client can call is in an authorization matrix: every server action exported from
 * actions/ and every HTTP method a route handler under app/ exports must be the target of an
 * operation in one of the matrix files (tests/integration/*authz-matrix*.test.ts), named
 * "<path>#<export>". A new action or route handler without a matrix row fails here, naming it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The names a module exports as values (export const/function, and export { a, b } lists). */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /^export\s+(?:async\s+)?(?:const|let|function\*?)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(match[1]!);
  // export const { GET, POST } = handlers;
  for (const match of source.matchAll(/^export\s+const\s+\{([^}]+)\}\s*=/gm))
    for (const part of match[1]!.split(",")) names.add(part.split(":").pop()!.trim());
  // export { a, b as c } (from "..."), but not `export type { ... }`
  for (const match of source.matchAll(/^export\s+\{([^}]+)\}/gm))
    for (const part of match[1]!.split(","))
      if (!/^\s*type\s/.test(part)) names.add(part.split(/\s+as\s+/).pop()!.trim());
  names.delete("");
  return [...names];
}

/** Every callable target: "<path>#<export>" of server actions and route handler methods. */
function callableTargets(): string[] {
  const actions = filesUnder("actions", (name) => /\.tsx?$/.test(name)).flatMap((file) => {
    const source = read(file);
    expect(source, `${file} is a "use server" module`).toMatch(/^["']use server["'];?/);
    return exportedNames(source).map((name) => `${file}#${name}`);
  });
  const routes = filesUnder("app", (name) => /^route\.tsx?$/.test(name)).flatMap((file) =>
    exportedNames(read(file))
      .filter((name) => HTTP_METHODS.includes(name))
      .map((name) => `${file}#${name}`),
  );
  return [...actions, ...routes];
}

function matrixText(): string {
  return filesUnder("tests/integration", (name) => /authz-matrix.*\.test\.ts$/.test(name))
    .map(read)
    .join("\n");
}

describe("authorization matrix coverage", () => {
  it("finds the callable surface (actions and route handlers)", () => {
    const targets = callableTargets();
    // A sanity floor, so a broken scan cannot pass by finding nothing.
    expect(targets).toContain("actions/messages.ts#sendMessageAction");
    expect(targets).toContain("app/api/auth/verify/route.ts#GET");
    expect(targets).toContain("app/api/newsletter/unsubscribe/route.ts#POST");
    expect(targets).toContain("app/api/payments/pesapal/ipn/route.ts#POST");
    // A token page's action and route under a route group: public, its link the right.
    expect(targets).toContain("actions/proposals.ts#acceptProposalAction");
    expect(targets).toContain("app/(site)/proposal/[token]/pdf/route.ts#GET");
  });

  it("reads exports of every form", () => {
    expect(
      exportedNames(
        [
          "export const a = x;",
          "export async function b() {}",
          "export const { GET, POST } = handlers;",
          "export { c, d as e };",
          "export type { F } from './f';",
        ].join("\n"),
      ).sort(),
    ).toEqual(["GET", "POST", "a", "b", "c", "e"]);
  });

  it("names every server action <verb><Object>Action, so a call site reads as one", () => {
    const badlyNamed = callableTargets()
      .filter((target) => target.startsWith("actions/"))
      .filter((target) => !/#[a-z][A-Za-z]*[a-z0-9]Action$/.test(target));
    expect(badlyNamed).toEqual([]);
  });

  it("has a matrix operation for every server action and route handler", () => {
    const text = matrixText();
    const missing = callableTargets().filter(
      (target) => !text.includes(`"${target}`) && !text.includes(`\`${target}`),
    );
    expect(missing, "add these to an authorization matrix test").toEqual([]);
  });
});

/**
 * The pay page (/pay/<token>) is opened on a phone, often on a slow mobile connection, to pay by
 * mobile money: its budget is the floor's JavaScript + 25 kB (`npm run bench`). Any client
 * component of the pay pages (app/(site)/pay, components/pay) loads with every visit, so none may
 * pull in `cn()` (clsx and tailwind-merge) or the shadcn ui components built on it; a server
 * component may. A class that depends on a value is written as a plain string.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
const DIRS = ["app/(site)/pay", "components/pay"];

function clientFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file))
    .filter((file) => /^["']use client["']/m.test(readFileSync(path.join(root, file), "utf8")));
}

it("keeps tailwind-merge out of the pay pages' client components", () => {
  const offending = DIRS.flatMap(clientFiles).filter((file) =>
    /from "@\/(lib\/utils|components\/ui\/[^"]+)"/.test(
      readFileSync(path.join(root, file), "utf8"),
    ),
  );
  expect(offending).toEqual([]);
});

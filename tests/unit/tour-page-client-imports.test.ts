/**
 * The client components of the cached tour pages and /tours (components/tours) load with every
 * visit: none may pull in `cn()` (clsx and tailwind-merge, about 9 kB compressed) or the shadcn
 * ui components built on it. A class that depends on a value is written as a plain string there.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

const dir = path.join(import.meta.dirname, "../../components/tours");

it("keeps tailwind-merge out of the tour pages' client components", () => {
  const offending = readdirSync(dir)
    .filter((file) => file.endsWith(".tsx"))
    .filter((file) => /^["']use client["']/m.test(readFileSync(path.join(dir, file), "utf8")))
    .filter((file) =>
      /from "@\/(lib\/utils|components\/ui\/[^"]+)"/.test(readFileSync(path.join(dir, file), "utf8")),
    );
  expect(offending).toEqual([]);
});

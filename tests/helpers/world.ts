/**
 * `const t = openWorld(createWorld);` at the top of a test file: a cloned database (useTestDb)
 * and a world built in it before the file's tests. Read `t.db` and `t.w` inside tests and hooks.
 */
import { beforeAll } from "vitest";

import type { Db } from "@/db";

import { useTestDb } from "./db";

export function openWorld<W>(build: (db: Db) => Promise<W>) {
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const t = useTestDb();
  let world: W | undefined;
  beforeAll(async () => {
    world = await build(t.db);
  });
  return {
    get db() {
      return t.db;
    },
    get w(): W {
      if (world === undefined) {
        throw new Error("openWorld(): the world exists inside tests and hooks only.");
      }
      return world;
    },
  };
}

/** Run by bench/typed-copy.ts on the bench site's database, before its server opens it. */
import path from "node:path";

import { eq } from "drizzle-orm";

import { openPglite } from "@/db";
import { prepareEmbeddedDatabase } from "@/db/prepare";
import { tours } from "@/db/schema";
import { env } from "@/lib/env";

import { TYPED_COPY } from "./typed-copy";

async function main() {
  const handle = await openPglite({ dataDir: path.resolve(env.PGLITE_DIR) });
  try {
    await prepareEmbeddedDatabase(handle, { demo: false });
    for (const [slug, copy] of Object.entries(TYPED_COPY)) {
      const updated = await handle.db
        .update(tours)
        .set({ overview: copy.overview, itinerary: copy.itinerary })
        .where(eq(tours.slug, slug))
        .returning({ id: tours.id });
      if (updated.length !== 1) throw new Error(`no tour ${slug}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

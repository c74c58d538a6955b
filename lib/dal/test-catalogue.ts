import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db";
import { tours } from "@/db/schema";
import { refreshCatalogue } from "@/lib/dal/tours";
import { e2eOutboxEnabled } from "@/lib/env";

/**
 * Renames a tour, then refreshes the catalogue, as the admin's tour editor will: for the Playwright
 * test of the cache's revalidation only. Does nothing (and the route answers 404) unless
 * E2E_OUTBOX=1 and the database is the embedded one.
 */
export async function renameTourForTest(slug: string, title: string): Promise<boolean> {
  if (!e2eOutboxEnabled) return false;
  const db = await getDb();
  const updated = await db
    .update(tours)
    .set({ title, updatedAt: new Date() })
    .where(eq(tours.slug, slug))
    .returning({ id: tours.id });
  if (updated.length === 0) return false;
  refreshCatalogue();
  return true;
}

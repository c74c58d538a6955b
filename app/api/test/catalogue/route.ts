import type { NextRequest } from "next/server";
import { z } from "zod";

import { renameTourForTest } from "@/lib/dal/test-catalogue";
import { e2eOutboxEnabled } from "@/lib/env";

const Rename = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/),
  title: z.string().trim().min(1).max(200),
});

/**
 * POST /api/test/catalogue { slug, title }: renames a tour and refreshes the catalogue's cache.
 * Only for the Playwright web server (E2E_OUTBOX=1, embedded database); 404 everywhere else, so a
 * real deployment never serves it.
 */
export async function POST(request: NextRequest) {
  if (!e2eOutboxEnabled) return new Response("Not Found", { status: 404 });
  const parsed = Rename.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return Response.json({ error: "slug and title are required" }, { status: 400 });
  const renamed = await renameTourForTest(parsed.data.slug, parsed.data.title);
  return renamed ? Response.json({ renamed: true }) : new Response("Not Found", { status: 404 });
}

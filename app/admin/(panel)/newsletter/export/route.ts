import { type NextRequest } from "next/server";

import { streamNewsletterExport } from "@/lib/newsletter/data/subscribers";
import { getCurrentUser } from "@/lib/session";
import { exportFileName } from "@/lib/newsletter/csv";
import { plainResponse } from "@/lib/plain-response";
import { exportParamsSchema } from "@/lib/newsletter/schemas";

/**
 * GET /admin/newsletter/export?q=…&filter=all|active|inactive: the CSV of the active subscribers
 * among those the list shows with that search and filter (all pages), streamed from the database
 * in keyset batches (lib/newsletter/data/subscribers.ts). Order: validate the parameters (400),
 * authenticate (401), authorize (403, staff and admins only), act.
 */
export const dynamic = "force-dynamic";

export async function GET(request: NextRequest): Promise<Response> {
  const parsed = exportParamsSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) return plainResponse(400, "Invalid export parameters.");
  const user = await getCurrentUser();
  if (!user) return plainResponse(401, "Please sign in.");
  if (!user.role) return plainResponse(403, "Staff only.");

  const body = await streamNewsletterExport(parsed.data);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName()}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

import { exportManifestCsv } from "@/lib/departures/data/manifest";
import { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { plainResponse } from "@/lib/plain-response";

/**
 * GET /admin/departures/<id>/manifest.csv: the departure's manifest, one row per traveller
 * (lib/departures/manifest.ts). Order: validate the id (400), authenticate (401) and authorize (403, staff
 * and admins only) in the DAL, load (404), answer the file; the export is in the audit trail.
 */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await params;
  if (!isUuid(id)) return plainResponse(400, "Invalid departure.");
  let exported: Awaited<ReturnType<typeof exportManifestCsv>>;
  try {
    exported = await exportManifestCsv(id);
  } catch (error) {
    if (error instanceof DomainError && error.code === "unauthenticated") {
      return plainResponse(401, "Please sign in.");
    }
    if (error instanceof DomainError && error.code === "forbidden")
      return plainResponse(403, "Staff only.");
    throw error;
  }
  if (!exported) return plainResponse(404, "Departure not found.");
  return new Response(exported.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exported.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

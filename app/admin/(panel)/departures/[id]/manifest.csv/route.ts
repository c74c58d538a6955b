import { exportManifestCsv } from "@/lib/dal/manifest";
import { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";

/**
 * GET /admin/departures/<id>/manifest.csv: the departure's manifest, one row per traveller
 * (lib/manifest.ts). Order: validate the id (400), authenticate (401) and authorize (403, staff
 * and admins only) in the DAL, load (404), answer the file; the export is in the audit trail.
 */
export const dynamic = "force-dynamic";

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await params;
  if (!isUuid(id)) return plain(400, "Invalid departure.");
  let exported: Awaited<ReturnType<typeof exportManifestCsv>>;
  try {
    exported = await exportManifestCsv(id);
  } catch (error) {
    if (error instanceof DomainError && error.code === "unauthenticated") {
      return plain(401, "Please sign in.");
    }
    if (error instanceof DomainError && error.code === "forbidden")
      return plain(403, "Staff only.");
    throw error;
  }
  if (!exported) return plain(404, "Departure not found.");
  return new Response(exported.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exported.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

import type { PdfDocument } from "@/lib/documents/data";
import { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { plainResponse } from "@/lib/plain-response";

/**
 * The two document routes' one order: validate the id (400), authenticate (401) and load within
 * the caller's rights (404: another customer's document reads as missing, never 403) in the DAL
 * (lib/documents/data.ts), answer the PDF. Never cached: it names a payer and their trip.
 */
export async function pdfResponse(
  id: string,
  load: (id: string) => Promise<PdfDocument | null>,
  missing: string,
): Promise<Response> {
  if (!isUuid(id)) return plainResponse(400, `Invalid ${missing.toLowerCase()}.`);
  let document: PdfDocument | null;
  try {
    document = await load(id);
  } catch (error) {
    if (error instanceof DomainError && error.code === "unauthenticated")
      return plainResponse(401, "Please sign in.");
    throw error;
  }
  if (!document) return plainResponse(404, `${missing} not found.`);
  return new Response(Buffer.from(document.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${document.fileName}"`,
      "content-length": String(document.pdf.byteLength),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** A document route's GET: the id from the route's `param`, answered as pdfResponse does. */
export function pdfRoute<K extends string>(
  param: K,
  load: (id: string) => Promise<PdfDocument | null>,
  missing: string,
) {
  return async (
    _request: Request,
    { params }: { params: Promise<Record<K, string>> },
  ): Promise<Response> => pdfResponse((await params)[param], load, missing);
}

import { invoiceFor } from "@/lib/documents/data";

import { pdfResponse } from "@/lib/documents/pdf-response";

/** GET /api/documents/invoice/<bookingId>: the PDF invoice of a confirmed booking (lib/documents/pdf-response.ts). */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ bookingId: string }> },
): Promise<Response> {
  return pdfResponse((await params).bookingId, invoiceFor, "Invoice");
}

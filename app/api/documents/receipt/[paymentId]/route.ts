import { receiptFor } from "@/lib/documents/data";

import { pdfResponse } from "@/lib/documents/pdf-response";

/** GET /api/documents/receipt/<paymentId>: the PDF receipt of a completed payment (lib/documents/pdf-response.ts). */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ paymentId: string }> },
): Promise<Response> {
  return pdfResponse((await params).paymentId, receiptFor, "Receipt");
}

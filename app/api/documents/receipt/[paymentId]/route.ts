import { receiptFor } from "@/lib/documents/data";

import { pdfRoute } from "@/lib/documents/pdf-response";

/** GET /api/documents/receipt/<paymentId>: the PDF receipt of a completed payment (lib/documents/pdf-response.ts). */
export const dynamic = "force-dynamic";

export const GET = pdfRoute("paymentId", receiptFor, "Receipt");

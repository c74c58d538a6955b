import { invoiceFor } from "@/lib/documents/data";

import { pdfRoute } from "@/lib/documents/pdf-response";

/** GET /api/documents/invoice/<bookingId>: the PDF invoice of a confirmed booking (lib/documents/pdf-response.ts). */
export const dynamic = "force-dynamic";

export const GET = pdfRoute("bookingId", invoiceFor, "Invoice");

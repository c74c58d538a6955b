import { checkAvailability } from "@/lib/resellers/api";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { availabilityCheckSchema } from "@/lib/resellers/schemas";

/** POST /octo/availability (OCTO): a product's departures in a date range, or by id, with seats. */
export const dynamic = "force-dynamic";

export const POST = octoRoute(async ({ request, reseller, caps }) =>
  checkAvailability(reseller, caps, await readBody(request, availabilityCheckSchema)),
);

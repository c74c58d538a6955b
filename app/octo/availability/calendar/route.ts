import { availabilityCalendar } from "@/lib/resellers/api";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { availabilityCalendarSchema } from "@/lib/resellers/schemas";

/** POST /octo/availability/calendar (OCTO): the days a product departs, with seats, in a range. */
export const dynamic = "force-dynamic";

export const POST = octoRoute(async ({ request, reseller, caps }) =>
  availabilityCalendar(reseller, caps, await readBody(request, availabilityCalendarSchema)),
);

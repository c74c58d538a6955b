import { bookingAnswer } from "@/lib/resellers/api";
import { confirm } from "@/lib/resellers/data/bookings";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { confirmationSchema } from "@/lib/resellers/schemas";

/** POST /octo/bookings/:uuid/confirm (OCTO): the reservation confirmed, its hold cleared. */
export const dynamic = "force-dynamic";

export const POST = octoRoute<{ uuid: string }>(async ({ request, reseller, caps, params }) =>
  bookingAnswer(
    await confirm(reseller, params.uuid, await readBody(request, confirmationSchema)),
    caps,
  ),
);

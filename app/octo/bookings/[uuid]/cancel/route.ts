import { bookingAnswer } from "@/lib/resellers/api";
import { cancel } from "@/lib/resellers/data/bookings";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { cancellationSchema } from "@/lib/resellers/schemas";

/** POST /octo/bookings/:uuid/cancel (OCTO): the same cancellation as DELETE /octo/bookings/:uuid. */
export const dynamic = "force-dynamic";

export const POST = octoRoute<{ uuid: string }>(async ({ request, reseller, caps, params }) => {
  const body = await readBody(request, cancellationSchema);
  return bookingAnswer(await cancel(reseller, params.uuid, body.reason), caps);
});

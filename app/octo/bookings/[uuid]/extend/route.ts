import { bookingAnswer } from "@/lib/resellers/api";
import { extend } from "@/lib/resellers/data/bookings";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { extendSchema } from "@/lib/resellers/schemas";

/** POST /octo/bookings/:uuid/extend (OCTO): a running hold extended by expirationMinutes. */
export const dynamic = "force-dynamic";

export const POST = octoRoute<{ uuid: string }>(async ({ request, reseller, caps, params }) => {
  const body = await readBody(request, extendSchema);
  return bookingAnswer(await extend(reseller, params.uuid, body.expirationMinutes), caps);
});

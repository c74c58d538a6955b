import { bookingAnswer } from "@/lib/resellers/api";
import { cancel, getResellerBooking, update } from "@/lib/resellers/data/bookings";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { cancellationSchema, updateSchema } from "@/lib/resellers/schemas";

/**
 * /octo/bookings/:uuid (OCTO), the caller's own bookings only (another's: INVALID_BOOKING_UUID).
 * - GET: the booking.
 * - PATCH: an update (reference, contact, notes, travellers, departure, a hold's expiry).
 * - DELETE: a cancellation (a hold any time, a confirmed booking within the departure's cutoff).
 */
export const dynamic = "force-dynamic";

type Params = { uuid: string };

export const GET = octoRoute<Params>(async ({ reseller, caps, params }) =>
  bookingAnswer(await getResellerBooking(reseller, params.uuid), caps),
);

export const PATCH = octoRoute<Params>(async ({ request, reseller, caps, params }) =>
  bookingAnswer(await update(reseller, params.uuid, await readBody(request, updateSchema)), caps),
);

export const DELETE = octoRoute<Params>(async ({ request, reseller, caps, params }) => {
  const body = await readBody(request, cancellationSchema);
  return bookingAnswer(await cancel(reseller, params.uuid, body.reason), caps);
});

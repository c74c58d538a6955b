import { bookingAnswer } from "@/lib/resellers/api";
import { listResellerBookings, reserve } from "@/lib/resellers/data/bookings";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { reservationSchema } from "@/lib/resellers/schemas";

/**
 * /octo/bookings (OCTO).
 * - POST: a reservation, ON_HOLD until utcExpiresAt (expirationMinutes, 30 by default); the seats
 *   are taken at once from the departure's pool (none for a test-mode key).
 * - GET ?resellerReference= or ?supplierReference=: the caller's bookings with it (neither: 400).
 */
export const dynamic = "force-dynamic";

export const POST = octoRoute(async ({ request, reseller, caps }) =>
  bookingAnswer(await reserve(reseller, await readBody(request, reservationSchema)), caps),
);

export const GET = octoRoute(async ({ request, reseller, caps }) => {
  const query = new URL(request.url).searchParams;
  const views = await listResellerBookings(reseller, {
    resellerReference: query.get("resellerReference") ?? undefined,
    supplierReference: query.get("supplierReference") ?? undefined,
  });
  return views.map((v) => bookingAnswer(v, caps));
});

/**
 * A private trip's request sent through the public wizard's action: the browser is sent to the
 * request's confirmation page (/booking/requested/<token>). Answers the booking that page shows.
 */
import { submitBookingAction } from "@/actions/bookings";
import { REQUEST_PAGE_PATH, verifyRequestPage } from "@/lib/bookings/request-link";

import { expectRedirect, redirectTarget } from "./fake-request";

export async function requestedBookingId(run: () => Promise<unknown>): Promise<string> {
  const location = await expectRedirect(run);
  if (!location.startsWith(`${REQUEST_PAGE_PATH}/`)) {
    throw new Error(`expected the request's confirmation page, was sent to ${location}`);
  }
  const link = verifyRequestPage(location.slice(REQUEST_PAGE_PATH.length + 1));
  if (!link) throw new Error(`the confirmation page's token does not verify: ${location}`);
  return link.bookingId;
}

/** The public wizard's action on `form`, a private trip's request: the booking it went to. */
export function sendRequest(form: FormData): Promise<string> {
  return requestedBookingId(() => submitBookingAction(undefined, form));
}

/**
 * The public wizard's answer to a private trip's request: `{ status: "requested" }` when the
 * browser is sent to the request's confirmation page, else the action's refusal as it answered.
 */
export async function requestAnswer(form: FormData): Promise<{ status: string }> {
  try {
    return await submitBookingAction(undefined, form);
  } catch (error) {
    if (redirectTarget(error)?.startsWith(`${REQUEST_PAGE_PATH}/`)) return { status: "requested" };
    throw error;
  }
}

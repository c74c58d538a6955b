/**
 * Moving a booking to another departure of its tour (the staff Edit dialog): the same schema
 * checks the browser's form and the server action. The version is only compared with the
 * database, never written.
 */
import { z } from "zod";

import { isUuid } from "@/lib/ids";

export const bookingMoveSchema = z.object({
  bookingId: z.string().refine(isUuid, "Unknown booking."),
  version: z.string().regex(/^\d{1,20}$/, "Reload the booking and try again."),
  departureId: z.string().refine(isUuid, "Choose a departure."),
});
export type BookingMoveInput = z.output<typeof bookingMoveSchema>;

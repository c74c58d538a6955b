"use server";

import { customerAction } from "@/lib/action";
import { PROFILE_SAVES_PER_ACCOUNT } from "@/lib/accounts/customer-limits";
import { saveMyTravellers } from "@/lib/bookings/data/travellers";
import { travellersSchema } from "@/lib/bookings/schemas/travellers";

/**
 * Traveller details in My Bookings (the booking's View Details dialog). The caller is resolved by
 * customerAction and checked again by the DAL, which saves only on the caller's own booking and
 * only until the trip starts.
 */

const SAVE_FAILED = {
  title: "Save Failed",
  message: "Failed to save traveller details. Please try again.",
};

export const saveTravellerDetailsAction = customerAction(
  travellersSchema,
  async (data) => {
    await saveMyTravellers(data);
  },
  {
    name: "saveTravellerDetails",
    rateLimit: [
      {
        scope: "traveller-details:account",
        keys: (_, { customer }) => [customer.userId],
        limits: PROFILE_SAVES_PER_ACCOUNT,
      },
    ],
    success: {
      title: "Traveller Details Saved",
      message: "Your travellers' details have been saved.",
    },
    failure: SAVE_FAILED,
    errors: {
      not_found: { title: "Save Failed", message: "This booking could not be found." },
      departure_unavailable: {
        title: "Save Failed",
        message:
          "This trip has started or was cancelled: its traveller details can no longer be changed.",
      },
    },
    revalidate: ["/customer/bookings"],
  },
);

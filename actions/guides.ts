"use server";

import { adminAction } from "@/lib/action";
import { createGuide, setGuideAvailability, updateGuide } from "@/lib/guides/data/guides";
import { guideAvailabilitySchema, guideSchema, updateGuideSchema } from "@/lib/guides/schemas";

/** /admin/guides: add, edit, available or not. Admins only (staff get 'Access Denied'). */

const forbidden = { title: "Access Denied", message: "Only administrators can manage guides." };
const notFound = { title: "Guide Not Found", message: "This guide no longer exists." };
const revalidate = ["/admin/guides", "/admin/bookings"] as const;

export const createGuideAction = adminAction(
  guideSchema,
  async (data) => {
    const guide = await createGuide(data);
    return { title: "Guide Added", message: `${guide.fullName} has been added to your guides.` };
  },
  {
    name: "createGuide",
    failure: { title: "Error", message: "Failed to add guide." },
    errors: { forbidden },
    revalidate,
  },
);

export const updateGuideAction = adminAction(
  updateGuideSchema,
  async ({ id, ...data }) => {
    const guide = await updateGuide(id, data);
    return { title: "Guide Updated", message: `${guide.fullName}'s details have been saved.` };
  },
  {
    name: "updateGuide",
    failure: { title: "Error", message: "Failed to update guide." },
    errors: { forbidden, not_found: notFound },
    revalidate,
  },
);

export const setGuideAvailabilityAction = adminAction(
  guideAvailabilitySchema,
  async ({ id, isAvailable }) => {
    const guide = await setGuideAvailability(id, isAvailable);
    return guide.isAvailable
      ? { title: "Guide Available", message: `${guide.fullName} can now be assigned to bookings.` }
      : {
          title: "Guide Unavailable",
          message: `${guide.fullName} will not be assigned to new bookings.`,
        };
  },
  {
    name: "setGuideAvailability",
    failure: { title: "Error", message: "Failed to update availability." },
    errors: { forbidden, not_found: notFound },
    revalidate,
  },
);

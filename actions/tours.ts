"use server";

import { adminAction, staffAction } from "@/lib/action";
import { createTour, deleteTour, setTourActive, updateTour } from "@/lib/tours/data/manage";
import { tourActiveSchema, tourIdSchema, tourSchema, updateTourSchema } from "@/lib/tours/schemas";

/**
 * /admin/tours: staff add, edit and hide tours; only admins delete them. The DAL
 * refreshes the public catalogue after every change.
 */

/** A slug another tour has: the toast, and the message on the slug field. */
const slugTaken = {
  field: "slug",
  title: "Slug already exists",
  message: "Please choose a different slug.",
};
const notFound = { title: "Tour Not Found", message: "This tour no longer exists." };
const revalidate = ["/admin/tours", "/admin/bookings"] as const;

export const createTourAction = staffAction(
  tourSchema,
  async (data) => {
    const tour = await createTour(data);
    return {
      title: "Tour created",
      message: `${tour.title} has been successfully added.`,
      data: { id: tour.id, slug: tour.slug },
    };
  },
  {
    name: "createTour",
    failure: {
      title: "Error creating tour",
      message: "The tour could not be saved. Please try again.",
    },
    errors: {
      slug_taken: slugTaken,
    },
    revalidate,
  },
);

export const updateTourAction = staffAction(
  updateTourSchema,
  async ({ id, ...data }) => {
    const tour = await updateTour(id, data);
    return { title: "Tour updated", message: "", data: { id: tour.id, slug: tour.slug } };
  },
  {
    name: "updateTour",
    failure: {
      title: "Error updating tour",
      message: "The changes could not be saved. Please try again.",
    },
    errors: {
      slug_taken: slugTaken,
      not_found: notFound,
    },
    revalidate,
  },
);

export const setTourActiveAction = staffAction(
  tourActiveSchema,
  async ({ id, isActive }) => {
    const tour = await setTourActive(id, isActive);
    return tour.isActive
      ? { title: "Tour activated", message: `${tour.title} is now visible on the website.` }
      : { title: "Tour hidden", message: `${tour.title} is now hidden from the website.` };
  },
  {
    name: "setTourActive",
    failure: { title: "Error", message: "The tour's status could not be changed." },
    errors: { not_found: notFound },
    revalidate,
  },
);

export const deleteTourAction = adminAction(
  tourIdSchema,
  async ({ id }) => {
    const tour = await deleteTour(id);
    return { title: "Tour deleted", message: `${tour.title} has been permanently removed.` };
  },
  {
    name: "deleteTour",
    failure: {
      title: "Error deleting tour",
      message: "The tour could not be deleted. Please try again.",
    },
    errors: {
      forbidden: { title: "Error deleting tour", message: "Only administrators can delete tours." },
      not_found: notFound,
      storage_failed: (error) => ({
        title: "Error deleting tour",
        message:
          error.details.reason === "unavailable"
            ? "Image storage is unavailable, so nothing was deleted. Please try again in a few minutes."
            : "Some images could not be removed from storage. The tour no longer shows them; delete it again to finish.",
      }),
    },
    revalidate,
  },
);

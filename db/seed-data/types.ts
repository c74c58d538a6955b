import type { PricingPackage } from "@/lib/domain";

import type { tours } from "../schema";

/** Columns the seed does not give: generated, derived from the packages and image, or left to staff. */
type NotSeeded =
  | "id"
  | "durationLabel"
  | "pricing"
  | "priceLabel"
  | "priceMin"
  | "thumbnailUrl"
  | "imageUrl"
  | "mediaUrls"
  | "thumbnail"
  | "media"
  | "isActive"
  // A tour's park permit is set by staff once they hold permit lots for it.
  | "permitFee"
  | "permitPark"
  | "trekDay"
  | "createdAt"
  | "updatedAt";

/**
 * One catalogue tour as seeded: a value for every other column of the tours table (a new column
 * is refused by the compiler until each seed tour gives it). `slug` is the tour's id in its URL;
 * prices are integer US dollars.
 */
export type SeedTour = Required<Omit<typeof tours.$inferInsert, NotSeeded>> & {
  /** Exactly three tiers named Budget, Standard, Luxury, in that order; price per person. */
  packages: [PricingPackage, PricingPackage, PricingPackage];
  /** Path under public/, e.g. '/images/tours/gorilla-safari.svg' */
  image: string;
};

export type SeedGuide = {
  fullName: string;
  email: string;
  phoneNumber: string;
  specialty: string;
  languages: string[];
  isAvailable: boolean;
};

import type { ItineraryDay, PricingPackage, TourCategory, TourDifficulty } from "@/lib/domain";

/** One catalogue tour as seeded. `slug` is the spec's id; prices are integer US dollars. */
export type SeedTour = {
  slug: string;
  title: string;
  category: TourCategory;
  location: string;
  /** One or two sentences for cards and search. */
  shortDescription: string;
  /** Several paragraphs separated by blank lines. */
  overview: string;
  durationDays: number;
  /** e.g. '2-6 people' */
  groupSize: string;
  difficulty: TourDifficulty;
  tags: string[];
  highlights: string[];
  itinerary: ItineraryDay[];
  inclusions: string[];
  exclusions: string[];
  /** Exactly three tiers named Budget, Standard, Luxury, in that order; price per person. */
  packages: [PricingPackage, PricingPackage, PricingPackage];
  /** Path under public/, e.g. '/images/tours/gorilla-safari.svg' */
  image: string;
  /** 1, 2, 3 for the three tours featured on the home page; null otherwise. */
  featuredRank: number | null;
};

export type SeedGuide = {
  fullName: string;
  email: string;
  phoneNumber: string;
  specialty: string;
  languages: string[];
  isAvailable: boolean;
};

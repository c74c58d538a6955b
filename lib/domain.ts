/**
 * The domain's value lists, value types and defaults: plain constants, no database import, so
 * client components, validation and pure rules use them without pulling in Drizzle. db/schema.ts
 * builds its columns and check constraints from these same lists.
 */

export const TOUR_CATEGORIES = ["Wildlife", "Adventure", "Cultural", "Nature"] as const;
export type TourCategory = (typeof TOUR_CATEGORIES)[number];

export const TOUR_DIFFICULTIES = ["Easy", "Medium", "High"] as const;
export type TourDifficulty = (typeof TOUR_DIFFICULTIES)[number];

export const PAYMENT_STATUSES = [
  "Pending",
  "Deposit Made",
  "Paid",
  "Cancelled",
  "Refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BOOKING_STATUSES = ["new", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const ADMIN_ROLES = ["admin", "staff"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** How an audited attempt ended: done, refused by a check (wrong password, bad code), or refused
 * because the caller may not do it. */
export const AUDIT_OUTCOMES = ["success", "failure", "denied"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Who acted, as the audit trail keeps it: a role, a customer, a visitor or the site itself. */
export const AUDIT_ACTOR_ROLES = ["admin", "staff", "customer", "visitor", "system"] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

/**
 * How a tour is sold: dated departures with seats, private trips on any date (a request staff
 * confirm), or both.
 */
export const TOUR_BOOKING_MODES = ["request", "departures", "both"] as const;
export type TourBookingMode = (typeof TOUR_BOOKING_MODES)[number];

/** A departure takes bookings while open; closed stops sales; cancelled ends its bookings. */
export const DEPARTURE_STATUSES = ["open", "closed", "cancelled"] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];

/**
 * A waitlist request: waiting its turn, offered seats held until its link expires, booked with
 * them, lapsed (the hold ran out, the next one was asked) or withdrawn (the departure was
 * cancelled).
 */
export const WAITLIST_STATUSES = [
  "unconfirmed",
  "waiting",
  "offered",
  "booked",
  "lapsed",
  "withdrawn",
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** A ledger row: money in (deposit, balance, or the whole at once) or money back (refund). */
export const PAYMENT_KINDS = ["deposit", "balance", "full", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * Who moved the money: a provider's checkout, or staff recording cash, a bank transfer or mobile
 * money sent to the company's MTN or Airtel number ('mobile', with its transaction code).
 */
export const PAYMENT_PROVIDERS = ["pesapal", "demo", "cash", "bank", "mobile"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** A ledger row's state: only `completed` rows count toward what is paid. */
export const LEDGER_STATUSES = ["pending", "completed", "failed", "reversed"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const BOOKING_SOURCES = ["public", "customer", "admin", "reseller"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** A reseller's booking over OCTO: held (until its hold lapses), confirmed, or cancelled. */
export const RESELLER_BOOKING_STATUSES = ["on_hold", "confirmed", "cancelled"] as const;
export type ResellerBookingStatus = (typeof RESELLER_BOOKING_STATUSES)[number];
/** One traveller's place in a reseller's booking (OCTO's unit item). */
export type ResellerUnitItem = {
  uuid: string;
  unitId: string;
  resellerReference: string | null;
  /** The traveller of this place, when the reseller names them (the manifest lists them). */
  fullName?: string | null;
  country?: string | null;
  /** On a permit tour: the traveller's UWA residency category, which the unit names. */
  residency?: Residency | null;
  /** On a permit tour: the traveller's park fee as sold, US cents at face value. */
  feeMinor?: number;
};
/** The lead traveller as the reseller gave them (OCTO's contact). */
export type ResellerContact = {
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
  locales?: string[];
  postalCode?: string | null;
  country?: string | null;
  notes?: string | null;
};

/** What a reseller's webhook listens for (OCTO's webhooks capability). */
export const RESELLER_WEBHOOK_EVENTS = ["booking_update", "availability_update"] as const;
export type ResellerWebhookEvent = (typeof RESELLER_WEBHOOK_EVENTS)[number];
/** A webhook delivery: waiting (or retrying), delivered, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** A change noted for the webhooks: one reseller booking (its uuid), or one departure's seats. */
export const WEBHOOK_CHANGE_KINDS = ["booking", "availability"] as const;
export type WebhookChangeKind = (typeof WEBHOOK_CHANGE_KINDS)[number];

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A file sent with an outbox mail: its bytes base64, as Resend's attachments take them. */
export type OutboxAttachment = { filename: string; contentType: string; content: string };

/** users.email_preferences: booking updates and staff messages are locked on (a customer must get those). */
export type EmailPreferences = {
  newsletter: boolean;
  booking_updates: true;
  promotional_emails: boolean;
  trip_reminders: boolean;
  admin_messages: true;
};

export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  newsletter: true,
  booking_updates: true,
  promotional_emails: false,
  trip_reminders: true,
  admin_messages: true,
};

export type PreferenceKey = keyof EmailPreferences;
/** The toggles, in the order the Email Preferences page shows them. */
export const PREFERENCE_KEYS = Object.keys(DEFAULT_EMAIL_PREFERENCES) as PreferenceKey[];

/**
 * Booking updates and messages from the team are essential: always on. The switches show them
 * locked; the DAL (saveMyPreferences) is what refuses a request that turns one off.
 */
export const LOCKED_PREFERENCES: readonly PreferenceKey[] = ["booking_updates", "admin_messages"];

/** What a booking says about the traveller and the trip: asked by both wizards, shown to both sides. */
export type BookingDetails = {
  fullName: string;
  email: string;
  phone: string;
  /** The public wizard stores the country of residence here, the customer wizard an address. */
  address: string | null;
  departureDate: string | null;
  endDate: string | null;
  groupSize: number;
  accommodationPreference: string | null;
  dietaryRestrictions: string | null;
  specialRequests: string | null;
};

export type ItineraryDay = { day: number; title: string; description: string };
export type PricingPackage = { name: string; price: number; per: string; description?: string };
export type TourPricing = { packages: PricingPackage[] };

/**
 * Park fees Uganda Wildlife Authority charges per visitor (sold at face value, by residency):
 * gorilla tracking, gorilla habituation, chimpanzee tracking and park entry.
 */
export const PARK_FEES = [
  "gorilla_tracking",
  "gorilla_habituation",
  "chimpanzee_tracking",
  "park_entry",
] as const;
export type ParkFee = (typeof PARK_FEES)[number];

/** The residency categories UWA prices by. */
export const RESIDENCIES = [
  "foreign_non_resident",
  "foreign_resident",
  "rest_of_africa",
  "east_african_citizen",
] as const;
export type Residency = (typeof RESIDENCIES)[number];

/** The age bands a tariff row is for. */
export const AGE_BANDS = ["adult", "child"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/**
 * A permit lot's state: blocked (held by UWA unpaid until its date), its deposit or the whole paid,
 * cancelled, or moved to another day. Blocked (until its date), deposit-paid and paid lots count.
 */
export const PERMIT_LOT_STATES = [
  "blocked",
  "deposit_paid",
  "paid",
  "cancelled",
  "rescheduled",
] as const;
export type PermitLotState = (typeof PERMIT_LOT_STATES)[number];

/** What a traveller shows at a park gate: a passport, a residence or work permit, a national ID. */
export const RESIDENCY_PROOFS = ["passport", "residence_permit", "national_id"] as const;
export type ResidencyProof = (typeof RESIDENCY_PROOFS)[number];

/** A lodge room's meal plan, as lodges quote them. */
export const MEAL_PLANS = [
  "room_only",
  "bed_and_breakfast",
  "half_board",
  "full_board",
  "all_inclusive",
] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

/** A vehicle hired by the day, or a transfer priced by the trip (a flight, a boat, an airport run). */
export const VEHICLE_KINDS = ["vehicle", "transfer"] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

/** What a line of a tailor-made proposal's day is: a night's stay, an activity, transport, anything else. */
export const PROPOSAL_LINE_KINDS = ["stay", "activity", "vehicle", "transfer", "other"] as const;
export type ProposalLineKind = (typeof PROPOSAL_LINE_KINDS)[number];

/**
 * A proposal version's stored state: a draft staff still edit, sent to the traveller (never edited
 * again), or accepted. Viewed and lapsed are read from a sent version's view and option dates.
 */
export const PROPOSAL_VERSION_STATES = ["draft", "sent", "accepted"] as const;
export type ProposalVersionState = (typeof PROPOSAL_VERSION_STATES)[number];

/** A proposal's status as staff see it, read from its latest version. */
export const PROPOSAL_STATUSES = ["draft", "sent", "viewed", "accepted", "lapsed"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

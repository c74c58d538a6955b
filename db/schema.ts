import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import {
  ADMIN_ROLES,
  AGE_BANDS,
  type AgeBand,
  PARK_FEES,
  type ParkFee,
  PERMIT_LOT_STATES,
  type PermitLotState,
  RESIDENCIES,
  RESIDENCY_PROOFS,
  type Residency,
  type ResidencyProof,
  type AdminRole,
  AUDIT_ACTOR_ROLES,
  AUDIT_OUTCOMES,
  type AuditActorRole,
  type AuditOutcome,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  DEPARTURE_STATUSES,
  type DepartureStatus,
  LEDGER_STATUSES,
  type LedgerStatus,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  type PaymentKind,
  type PaymentProvider,
  type BookingSource,
  type BookingStatus,
  DEFAULT_EMAIL_PREFERENCES,
  type EmailPreferences,
  type ItineraryDay,
  type OutboxAttachment,
  OUTBOX_STATUSES,
  type OutboxStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  RESELLER_BOOKING_STATUSES,
  RESELLER_WEBHOOK_EVENTS,
  type ResellerBookingStatus,
  type ResellerContact,
  type ResellerUnitItem,
  type ResellerWebhookEvent,
  WEBHOOK_CHANGE_KINDS,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookChangeKind,
  type WebhookDeliveryStatus,
  TOUR_BOOKING_MODES,
  TOUR_CATEGORIES,
  TOUR_DIFFICULTIES,
  type TourBookingMode,
  type TourCategory,
  type TourDifficulty,
  type TourPricing,
  WAITLIST_STATUSES,
  type WaitlistStatus,
  MEAL_PLANS,
  type MealPlan,
  PROPOSAL_LINE_KINDS,
  PROPOSAL_VERSION_STATES,
  type ProposalLineKind,
  type ProposalVersionState,
  VEHICLE_KINDS,
  type VehicleKind,
} from "../lib/domain";
import type { StoredPicture } from "../lib/storage/picture";

// The value lists, their types and the defaults live in lib/domain.ts (no Drizzle there); the
// import is relative because drizzle-kit loads this file without the tsconfig paths.

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/* ------------------------------------------------------------------------------------------ */
/* Accounts (Auth.js tables plus the customer profile)                                         */
/* ------------------------------------------------------------------------------------------ */

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name"),
    email: text("email").notNull(),
    emailVerified: timestamp("email_verified", { withTimezone: true, mode: "date" }),
    image: text("image"),
    passwordHash: text("password_hash"),
    phone: text("phone"),
    country: text("country"),
    emailPreferences: jsonb("email_preferences")
      .$type<EmailPreferences>()
      .notNull()
      .default(DEFAULT_EMAIL_PREFERENCES),
    /** When the customer last saved their email preferences (null: never, the defaults stand). */
    emailPreferencesUpdatedAt: timestamp("email_preferences_updated_at", { withTimezone: true }),
    /** Bumped when the password changes: tokens carrying an older version are refused. */
    sessionVersion: integer("session_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    check("users_email_not_blank", sql`length(trim(${t.email})) > 0`),
  ],
);

export const accounts = pgTable(
  "accounts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerAccountId] }),
    index("accounts_user_id_idx").on(t.userId),
  ],
);

export const sessions = pgTable("sessions", {
  sessionToken: text("session_token").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires: timestamp("expires", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * One row per sign-in (lib/accounts/data/sessions.ts): the session JWT carries the row's id, and
 * auth.ts refuses a token whose row is gone (signed out, signed out everywhere, password
 * changed), older than the absolute lifetime or idle too long. The Auth.js `sessions` table above is the
 * adapter's, for database sessions, which this site does not use.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Touched at most every few minutes while the session is used (the idle limit). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("user_sessions_user_id_idx").on(t.userId)],
);

/** Email verification, email change and password reset tokens (stored hashed). */
export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { withTimezone: true, mode: "date" }).notNull(),
    /**
     * A sign-up's password hash, on its verification token ('verify:<userId>'): the account gets
     * this password only when this link is used, so a stranger who signed up first with someone
     * else's address never sets the password of the account its owner verifies.
     */
    passwordHash: text("password_hash"),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<AdminRole>().notNull().default("staff"),
    /** Set by `admin:create --require-mfa`: no admin page opens until TOTP is turned on. */
    mfaRequired: boolean("mfa_required").notNull().default(false),
    /**
     * The TOTP secret once confirmed with a code, encrypted (lib/accounts/mfa-secret.ts:
     * `v1:<iv>:<tag>:<ciphertext>`; a bare base32 value is an older version's, encrypted by the
     * migrator); null: second factor off.
     */
    mfaSecret: text("mfa_secret"),
    /** A secret shown on the account page, waiting for its first code; encrypted the same way. */
    mfaPendingSecret: text("mfa_pending_secret"),
    mfaEnabledAt: timestamp("mfa_enabled_at", { withTimezone: true }),
    /** SHA-256 of the unused recovery codes (each works once). */
    mfaRecoveryHashes: text("mfa_recovery_hashes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    mfaLastStep: integer("mfa_last_step"),
    /** Wrong codes in a row since the last accepted one; at the limit the second factor locks. */
    mfaFailedAttempts: integer("mfa_failed_attempts").notNull().default(0),
    /** Set when the second factor locked: only a recovery code or an admin unlocks it. */
    mfaLockedAt: timestamp("mfa_locked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("admin_users_user_id_idx").on(t.userId),
    check("admin_users_role_check", inList("role", ADMIN_ROLES)),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Catalogue                                                                                  */
/* ------------------------------------------------------------------------------------------ */

export const tours = pgTable(
  "tours",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    category: text("category").$type<TourCategory>().notNull(),
    location: text("location"),
    /** Where the trip starts: the pick-up place and time travellers are told. */
    meetingPoint: text("meeting_point"),
    shortDescription: text("short_description"),
    overview: text("overview"),
    durationLabel: text("duration_label"),
    durationDays: integer("duration_days"),
    groupSize: text("group_size"),
    difficulty: text("difficulty").$type<TourDifficulty>().notNull().default("Medium"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    highlights: text("highlights")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    itinerary: jsonb("itinerary").$type<ItineraryDay[]>().notNull().default([]),
    inclusions: text("inclusions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    exclusions: text("exclusions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pricing: jsonb("pricing").$type<TourPricing>().notNull().default({ packages: [] }),
    priceLabel: text("price_label"),
    priceMin: integer("price_min"),
    thumbnailUrl: text("thumbnail_url"),
    imageUrl: text("image_url"),
    mediaUrls: text("media_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The uploaded thumbnail (object keys, lib/storage); image_url is the seed artwork until then. */
    thumbnail: jsonb("thumbnail").$type<StoredPicture>(),
    /** The uploaded gallery, in upload order (object keys, lib/storage). */
    media: jsonb("media").$type<StoredPicture[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(true),
    /** Featured tours lead the home page, in this order. */
    featuredRank: integer("featured_rank"),
    /** Scheduled departures, private trips on request, or both (lib/domain.ts). */
    bookingMode: text("booking_mode").$type<TourBookingMode>().notNull().default("request"),
    /** The balance is due this many days before departure (gorilla-permit tours: 91). */
    balanceDueDays: integer("balance_due_days").notNull().default(60),
    /**
     * The park permit every trekker needs (a gorilla or chimpanzee trek), in `permit_park`, on day
     * `trek_day` of the trip; null for a tour without one. A departure of such a tour offers no
     * more seats than permits held for its trek day (permit_lots).
     */
    permitFee: text("permit_fee").$type<ParkFee>(),
    permitPark: text("permit_park"),
    trekDay: integer("trek_day").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tours_slug_idx").on(t.slug),
    check("tours_booking_mode_check", inList("booking_mode", TOUR_BOOKING_MODES)),
    check("tours_permit_check", sql`(${t.permitFee} is null) = (${t.permitPark} is null)`),
    check("tours_trek_day_check", sql`${t.trekDay} between 1 and 60`),
    index("tours_created_at_idx").on(t.createdAt),
    check("tours_title_length", sql`length(${t.title}) between 1 and 200`),
    check("tours_slug_format", sql`${t.slug} ~ '^[a-z0-9-]{1,100}$'`),
    check("tours_category_check", inList("category", TOUR_CATEGORIES)),
    check("tours_difficulty_check", inList("difficulty", TOUR_DIFFICULTIES)),
    check("tours_price_min_check", sql`${t.priceMin} is null or ${t.priceMin} >= 0`),
  ],
);

export const guides = pgTable(
  "guides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    email: text("email"),
    phoneNumber: text("phone_number"),
    specialty: text("specialty"),
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAvailable: boolean("is_available").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("guides_full_name_idx").on(t.fullName)],
);

/* ------------------------------------------------------------------------------------------ */
/* Departures                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * A dated departure of a tour with a number of seats (lib/departures/data/seats.ts). Seats taken are
 * never stored: they are the group sizes of the departure's live bookings, summed under the
 * departure's row lock, so a cancelled or expired booking gives its seats back by itself.
 */
export const departures = pgTable(
  "departures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tourId: uuid("tour_id")
      .notNull()
      .references(() => tours.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** The start date plus the tour's duration, fixed when the departure is made. */
    endDate: date("end_date", { mode: "string" }).notNull(),
    capacity: integer("capacity").notNull(),
    /** Per-person prices by tier name that replace the tour's for this date (absent: the tour's). */
    prices: jsonb("prices").$type<Record<string, number>>().notNull().default({}),
    /** Sales stop this many days before the start date. */
    cutoffDays: integer("cutoff_days").notNull().default(0),
    /** Travellers needed for the departure to run: 'Guaranteed' once booked (null: none). */
    minGroup: integer("min_group"),
    status: text("status").$type<DepartureStatus>().notNull().default("open"),
    /** Why staff cancelled it, as the travellers were told. */
    cancelReason: text("cancel_reason"),
    note: text("note"),
    /** The departure's guide, given to each of its bookings. */
    guideId: uuid("guide_id").references(() => guides.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("departures_tour_start_idx").on(t.tourId, t.startDate),
    // The staff list's order (start date, id) and the public pages' upcoming dates.
    index("departures_start_idx").on(t.startDate, t.id),
    check("departures_capacity_check", sql`${t.capacity} between 1 and 500`),
    check("departures_cutoff_check", sql`${t.cutoffDays} between 0 and 365`),
    check("departures_min_group_check", sql`${t.minGroup} is null or ${t.minGroup} >= 1`),
    check("departures_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    check("departures_status_check", inList("status", DEPARTURE_STATUSES)),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Bookings                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    source: text("source").$type<BookingSource>().notNull().default("public"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The public wizard stores the country of residence here; the customer wizard an address. */
    address: text("address"),
    tourId: uuid("tour_id").references(() => tours.id, { onDelete: "set null" }),
    /** The package's display name at booking time, kept for history. */
    tourPackage: text("tour_package").notNull(),
    departureDate: date("departure_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    groupSize: integer("group_size").notNull(),
    accommodationPreference: text("accommodation_preference"),
    dietaryRestrictions: text("dietary_restrictions"),
    specialRequests: text("special_requests"),
    termsAccepted: boolean("terms_accepted").notNull(),
    newsletterOptIn: boolean("newsletter_opt_in").notNull().default(false),
    bookingStatus: text("booking_status").$type<BookingStatus>(),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull().default("Pending"),
    paymentNote: text("payment_note"),
    guideId: uuid("guide_id").references(() => guides.id, { onDelete: "set null" }),
    /** The departure this booking holds seats on (null: a private trip on request). */
    departureId: uuid("departure_id").references(() => departures.id, { onDelete: "set null" }),
    /** When staff confirmed it: an unpaid confirmed departure booking lapses at its option date. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Why the booking ended (a cancelled departure, an option that lapsed), as the customer was told. */
    statusReason: text("status_reason"),
    /** The confirmed price in US cents (tier or departure price times the group); null until quoted. */
    // bigint, as every money column in minor units: no sum staff type can overflow it.
    totalMinor: bigint("total_minor", { mode: "number" }),
    /** Why staff set a total other than the computed one. */
    totalReason: text("total_reason"),
    /** The day the balance is due (the departure less the tour's balance days). */
    balanceDueOn: date("balance_due_on", { mode: "string" }),
    /**
     * The deposit asked, in percent of the total, as the confirmation told the customer: the
     * setting of the day it was confirmed, so a later change of the setting moves no one's deposit.
     * Null until confirmed with a total.
     */
    depositPercent: smallint("deposit_percent"),
    /**
     * Net money in (completed payments less completed refunds, never below zero), in the booking's
     * currency: the ledger's sum, written in the same statement as the payment status it derives,
     * so balances are read without summing the ledger.
     */
    paidMinor: bigint("paid_minor", { mode: "number" }).notNull().default(0),
    /** Sent by the form: a double click or a retried request stores one row. */
    idempotencyKey: text("idempotency_key"),
    /**
     * A checkout hold: the seats are the booking's until then while it is unpaid; the payment that
     * confirms it clears it. Seats are counted against it at read time, so a lapsed hold gives its
     * seats back the moment it lapses, with no job to run.
     */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** The client address that took a checkout hold: unpaid seats are capped per address. */
    holdAddress: text("hold_address"),
    /** The reseller that sold it over OCTO (source 'reseller'), and the reseller's own reference. */
    resellerId: uuid("reseller_id").references(() => resellers.id, { onDelete: "restrict" }),
    resellerReference: text("reseller_reference"),
  },
  (t) => [
    // (created_at, id): the admin list's order; its pages are walked in the index alone.
    index("bookings_created_at_idx").on(t.createdAt, t.id),
    index("bookings_email_idx").on(sql`lower(${t.email})`),
    index("bookings_departure_date_idx").on(t.departureDate),
    index("bookings_user_id_idx").on(t.userId),
    index("bookings_guide_id_idx").on(t.guideId, t.departureDate),
    index("bookings_departure_id_idx").on(t.departureId),
    index("bookings_reseller_idx")
      .on(t.resellerId, t.resellerReference)
      .where(sql`${t.resellerId} is not null`),
    // The unpaid checkout holds still running, by buyer: the cap on unpaid seats reads these.
    index("bookings_open_holds_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
    // The bookings that may still owe money (quoted, confirmed or travelled, not yet paid): the
    // balances outstanding and overdue read these alone, in the index (the total and the net
    // paid ride in its key), without visiting the rows.
    index("bookings_owing_idx")
      .on(t.balanceDueOn, t.totalMinor, t.paidMinor)
      .where(
        sql`${t.totalMinor} is not null and ${t.bookingStatus} in ('confirmed', 'completed') and ${t.paymentStatus} in ('Pending', 'Deposit Made')`,
      ),
    // The admin list searches and pages in SQL (docs/decisions/0011): substring search on name, email and tour (pg_trgm, created
    // in the migration; PGlite loads it as a contrib extension) and the distinct-package filter.
    index("bookings_full_name_trgm_idx").using("gin", t.fullName.op("gin_trgm_ops")),
    index("bookings_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("bookings_tour_package_trgm_idx").using("gin", t.tourPackage.op("gin_trgm_ops")),
    index("bookings_tour_package_idx").on(t.tourPackage),
    uniqueIndex("bookings_idempotency_key_idx").on(t.idempotencyKey),
    check("bookings_terms_accepted", sql`${t.termsAccepted} = true`),
    check("bookings_group_size_check", sql`${t.groupSize} between 1 and 50`),
    check(
      "bookings_dates_check",
      sql`${t.endDate} is null or ${t.departureDate} is null or ${t.endDate} >= ${t.departureDate}`,
    ),
    check("bookings_payment_status_check", inList("payment_status", PAYMENT_STATUSES)),
    check(
      "bookings_booking_status_check",
      sql`booking_status is null or ${inList("booking_status", BOOKING_STATUSES)}`,
    ),
    check("bookings_source_check", inList("source", BOOKING_SOURCES)),
  ],
);

/**
 * The money ledger: every payment in or out of a booking, one row each. A booking's payment
 * status is derived from its completed rows against its total (lib/payments/ledger.ts), never
 * typed. A provider's order is a row from the moment the payer is sent to pay (pending) until the
 * provider's status endpoint says it is final; notifications only make us ask it.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    kind: text("kind").$type<PaymentKind>().notNull(),
    /** Minor units (US cents; whole shillings for UGX); a refund is positive, its kind says out. */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("USD"),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    /** The provider's id of the order (Pesapal's OrderTrackingId). */
    providerTrackingId: text("provider_tracking_id"),
    /** Ours, sent with the order: unique, so one order is one row whatever arrives twice. */
    merchantReference: text("merchant_reference").notNull(),
    /** The provider's receipt code, or the bank or cash reference staff typed. */
    confirmationCode: text("confirmation_code"),
    /** 'MTN Mobile Money', 'Airtel Money', 'Visa', 'Cash', 'Bank transfer'... */
    method: text("method"),
    status: text("status").$type<LedgerStatus>().notNull().default("pending"),
    /** Set when the provider's account of the order disagrees with it (amount, currency): not counted. */
    flaggedReason: text("flagged_reason"),
    /** Staff who recorded a cash, bank or refund row (null for a provider's order). */
    recordedByUserId: uuid("recorded_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    note: text("note"),
    /** When the provider's status was last asked (pending orders are asked again on a schedule). */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /**
     * When a status check of this order was last claimed, before the provider is asked: however
     * many notifications arrive at once, one claims the window and the rest reuse its answer.
     */
    statusCheckedAt: timestamp("status_checked_at", { withTimezone: true }),
    /** The provider's checkout of this order, so a second Pay sends the payer back to it. */
    checkoutUrl: text("checkout_url"),
    /**
     * The expiry of the pay link an online payment was started from: a failed order's 'Try again'
     * is that same link again, never a fresh one, so an old link cannot be renewed for ever.
     */
    payLinkExpiresAt: timestamp("pay_link_expires_at", { withTimezone: true }),
    /**
     * A payment in shillings: the US cents of the booking it settles (what the ledger counts),
     * the shillings per US dollar it was priced at, and the staff rate that gave them. Null on a
     * payment in the booking's own currency.
     */
    usdMinor: bigint("usd_minor", { mode: "number" }),
    usdRate: numeric("usd_rate", { precision: 12, scale: 2 }),
    rateId: uuid("rate_id").references(() => ugxRates.id, { onDelete: "restrict" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_merchant_reference_idx").on(t.merchantReference),
    uniqueIndex("payments_provider_tracking_idx").on(t.provider, t.providerTrackingId),
    index("payments_booking_idx").on(t.bookingId, t.createdAt),
    // The Payments screen's order, and its status and method filters.
    index("payments_created_idx").on(t.createdAt, t.id),
    index("payments_pending_idx")
      .on(t.checkedAt)
      .where(sql`${t.status} = 'pending'`),
    // This month's receipts on the Payments screen and the dashboard.
    // The amounts ride in the key (no INCLUDE in the schema builder), so the sum is an index-only
    // scan.
    index("payments_completed_idx")
      .on(t.completedAt, t.currency, t.kind, t.amountMinor)
      .where(sql`${t.status} = 'completed'`),
    check("payments_amount_check", sql`${t.amountMinor} > 0`),
    check("payments_kind_check", inList("kind", PAYMENT_KINDS)),
    check("payments_provider_check", inList("provider", PAYMENT_PROVIDERS)),
    check("payments_status_check", inList("status", LEDGER_STATUSES)),
    check("payments_currency_check", sql`${t.currency} in ('USD', 'UGX')`),
    // Shillings count only through the dollars they settle, so a payment in them names both.
    check(
      "payments_usd_equivalent_check",
      sql`${t.currency} = 'USD' or (${t.usdMinor} > 0 and ${t.usdRate} > 0)`,
    ),
  ],
);

/**
 * The shillings a US dollar buys, as staff set it on the Payments screen: each row a rate from
 * its moment on, the latest begun one the current rate. Rows are never changed or deleted (a
 * payment names the one it was priced at); a new rate is a new row, with who set it.
 */
export const ugxRates = pgTable(
  "ugx_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Shillings per US dollar, to two decimals. */
    ugxPerUsd: numeric("ugx_per_usd", { precision: 12, scale: 2 }).notNull(),
    effectiveFrom: timestamp("effective_from", { withTimezone: true }).notNull(),
    setByUserId: uuid("set_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name (or email) of who set it, kept should the account go. */
    setByName: text("set_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ugx_rates_effective_idx").on(t.effectiveFrom, t.createdAt),
    check("ugx_rates_rate_check", sql`${t.ugxPerUsd} > 0`),
  ],
);

/**
 * The demo payment provider's own orders (lib/payments/demo.ts): what a real provider would keep
 * on its side, so the demo checkout can be paid or failed and the status asked, as with Pesapal.
 * No money moves; a production server refuses the demo driver unless explicitly allowed.
 */
export const demoPaymentOrders = pgTable("demo_payment_orders", {
  trackingId: text("tracking_id").primaryKey(),
  merchantReference: text("merchant_reference").notNull(),
  amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  callbackUrl: text("callback_url").notNull(),
  status: text("status").$type<LedgerStatus>().notNull().default("pending"),
  method: text("method"),
  confirmationCode: text("confirmation_code"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The travellers of a booking, as on their passports: collected by the wizard or filled in by the
 * customer before the trip; the departure's manifest and day sheet read them.
 */
export const bookingTravellers = pgTable(
  "booking_travellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** 1 for the lead traveller, then in the order given. */
    position: integer("position").notNull(),
    fullName: text("full_name").notNull(),
    nationality: text("nationality"),
    dietary: text("dietary"),
    medical: text("medical"),
    /** UWA's residency category, which prices their park fees. */
    residency: text("residency").$type<Residency>(),
    /** Checked against a trek's minimum age on the trek's day. */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    /** What they will show at the park gate for their category. */
    proof: text("proof").$type<ResidencyProof>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("booking_travellers_position_idx").on(t.bookingId, t.position),
    check(
      "booking_travellers_residency_check",
      sql`residency is null or ${inList("residency", RESIDENCIES)}`,
    ),
    check(
      "booking_travellers_proof_check",
      sql`proof is null or ${inList("proof", RESIDENCY_PROOFS)}`,
    ),
    check("booking_travellers_position_check", sql`${t.position} between 1 and 50`),
  ],
);

/**
 * Waiting for seats on a full departure. When seats come back, the first request that fits is
 * offered them: a mailed link (its hash stored) that holds the seats until `hold_expires_at`.
 */
export const departureWaitlist = pgTable(
  "departure_waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    departureId: uuid("departure_id")
      .notNull()
      .references(() => departures.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    groupSize: integer("group_size").notNull(),
    status: text("status").$type<WaitlistStatus>().notNull().default("waiting"),
    /** SHA-256 of the link that confirms the entry's email (only until it is confirmed). */
    confirmTokenHash: text("confirm_token_hash"),
    /** When the email was confirmed: only then does the entry wait in turn for seats. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** SHA-256 of the offer link's token (only while offered). */
    holdTokenHash: text("hold_token_hash"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    /** The booking made with the held seats. */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("departure_waitlist_departure_idx").on(t.departureId, t.status, t.createdAt),
    uniqueIndex("departure_waitlist_token_idx").on(t.holdTokenHash),
    uniqueIndex("departure_waitlist_confirm_token_idx").on(t.confirmTokenHash),
    check("departure_waitlist_group_size_check", sql`${t.groupSize} between 1 and 50`),
    check("departure_waitlist_status_check", inList("status", WAITLIST_STATUSES)),
  ],
);

/** History of a booking: every payment, guide and status change, who made it and when. */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who acted, kept readable when the user is gone ('system' for automatic steps). */
    actorLabel: text("actor_label").notNull(),
    field: text("field").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("booking_events_booking_id_idx").on(t.bookingId, t.createdAt)],
);

/* ------------------------------------------------------------------------------------------ */
/* Messages and subscriptions                                                                 */
/* ------------------------------------------------------------------------------------------ */

export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    country: text("country"),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contacts_created_at_idx").on(t.createdAt),
    index("contacts_email_idx").on(sql`lower(${t.email})`),
    // Admin search (name, email, subject, message) with ILIKE '%q%': pg_trgm on the function of
    // migration 0002 (lib/messages/data/staff-inbox.ts).
    index("contacts_search_trgm_idx").using(
      "gin",
      sql`contacts_search_text(${t.name}, ${t.email}, ${t.subject}, ${t.message}) gin_trgm_ops`,
    ),
  ],
);

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_idx").on(sql`lower(${t.email})`),
    index("newsletter_subscriptions_created_at_idx").on(t.createdAt),
    // Admin list (newest first) and its search by email (lib/newsletter/data/subscribers.ts).
    index("newsletter_subscriptions_subscribed_at_idx").on(t.subscribedAt, t.id),
    index("newsletter_subscriptions_email_trgm_idx").using(
      "gin",
      sql`newsletter_search_text(${t.email}) gin_trgm_ops`,
    ),
  ],
);

export const customerMessages = pgTable(
  "customer_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    isFromAdmin: boolean("is_from_admin").notNull().default(false),
    /** The admin who wrote a reply (null for customer messages). */
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("customer_messages_thread_id_idx").on(t.threadId, t.createdAt),
    index("customer_messages_email_idx").on(sql`lower(${t.customerEmail})`),
    index("customer_messages_user_id_idx").on(t.userId),
    index("customer_messages_created_at_idx").on(t.createdAt),
    // Customer messages staff have not read (the admin Messages count and its unread-first order).
    index("customer_messages_staff_unread_idx")
      .on(t.threadId)
      .where(sql`${t.isFromAdmin} = false and ${t.isRead} = false`),
  ],
);

/** Every email is written here first; a worker sends it (Resend) or it stays readable (outbox). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    textBody: text("text_body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** Files sent with the mail (a PDF receipt), their bytes base64 as the provider takes them. */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerId: text("provider_id"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_status_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_to_idx").on(sql`lower(${t.toAddress})`, t.createdAt),
    check("email_outbox_status_check", inList("status", OUTBOX_STATUSES)),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Audit trail                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * Who did what, append-only (lib/audit/events.ts): every sign-in and its failures, every refused
 * authorization and every staff change, written in the transaction of the change it records.
 * The actor is kept as an id and a label without a foreign key, so the record outlives the
 * account. A trigger (migration 0008) refuses updates, and deletes of rows younger than a year.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid("actor_user_id"),
    /** The actor's email when it acted ('visitor' or 'system' without an account). */
    actorLabel: text("actor_label").notNull(),
    actorRole: text("actor_role").$type<AuditActorRole>().notNull(),
    /** What was done, as `area.verb` ('auth.sign_in', 'tour.update', 'newsletter.export'). */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    outcome: text("outcome").$type<AuditOutcome>().notNull(),
    /** What changed or why it was refused; never a secret (lib/audit/events.ts strips them). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_events_occurred_idx").on(t.occurredAt, t.id),
    index("audit_events_actor_idx").on(t.actorUserId, t.occurredAt),
    // The Activity screen's actor filter (an email, any case), newest first off the index.
    index("audit_events_actor_label_idx").on(sql`lower(${t.actorLabel})`, t.occurredAt, t.id),
    index("audit_events_action_idx").on(t.action, t.occurredAt),
    index("audit_events_target_idx").on(t.targetType, t.targetId, t.occurredAt),
    check("audit_events_outcome_check", inList("outcome", AUDIT_OUTCOMES)),
    check("audit_events_actor_role_check", inList("actor_role", AUDIT_ACTOR_ROLES)),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Resellers (OCTO)                                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * A reseller selling departures over OCTO. Its net price is the retail price less its commission.
 * A test-mode reseller sees the real products and seats, but its holds and bookings take none.
 */
export const resellers = pgTable(
  "resellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    commissionPercent: smallint("commission_percent").notNull().default(0),
    testMode: boolean("test_mode").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("resellers_name_idx").on(sql`lower(${t.name})`),
    check("resellers_name_length", sql`length(${t.name}) between 1 and 100`),
    check("resellers_commission_check", sql`${t.commissionPercent} between 0 and 100`),
  ],
);

/** A reseller's API keys: only their SHA-256 is kept; the key itself is shown once. */
export const resellerApiKeys = pgTable(
  "reseller_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resellerId: uuid("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    /** The key's first characters, so staff can tell keys apart. */
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reseller_api_keys_hash_idx").on(t.keyHash),
    index("reseller_api_keys_reseller_idx").on(t.resellerId),
  ],
);

/**
 * A booking as a reseller sees it over OCTO, by the uuid it chose. A live reseller's is backed by
 * a booking row (booking_id), which takes the seats; a test-mode one has none and takes no seats.
 * Its hold and status are kept here too, so both kinds read the same.
 */
export const resellerBookings = pgTable(
  "reseller_bookings",
  {
    uuid: text("uuid").primaryKey(),
    resellerId: uuid("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    testMode: boolean("test_mode").notNull(),
    tourId: uuid("tour_id")
      .notNull()
      .references(() => tours.id, { onDelete: "restrict" }),
    departureId: uuid("departure_id")
      .notNull()
      .references(() => departures.id, { onDelete: "restrict" }),
    status: text("status").$type<ResellerBookingStatus>().notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    supplierReference: text("supplier_reference").notNull(),
    resellerReference: text("reseller_reference"),
    unitItems: jsonb("unit_items").$type<ResellerUnitItem[]>().notNull(),
    contact: jsonb("contact").$type<ResellerContact>().notNull().default({}),
    notes: text("notes"),
    /** Per unit, in US cents, as sold: what the traveller pays and what the reseller owes. */
    retailMinor: bigint("retail_minor", { mode: "number" }).notNull(),
    netMinor: bigint("net_minor", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason"),
  },
  (t) => [
    uniqueIndex("reseller_bookings_supplier_reference_idx").on(t.supplierReference),
    uniqueIndex("reseller_bookings_booking_idx").on(t.bookingId),
    index("reseller_bookings_reseller_reference_idx").on(t.resellerId, t.resellerReference),
    check("reseller_bookings_status_check", inList("status", RESELLER_BOOKING_STATUSES)),
  ],
);

/**
 * A reseller's net price for one tour, US cents a seat: what it owes for a seat of that tour on
 * any departure, in place of the retail price less its commission.
 */
export const resellerTourPrices = pgTable(
  "reseller_tour_prices",
  {
    resellerId: uuid("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    tourId: uuid("tour_id")
      .notNull()
      .references(() => tours.id, { onDelete: "cascade" }),
    netMinor: bigint("net_minor", { mode: "number" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.resellerId, t.tourId] }),
    check("reseller_tour_prices_net_check", sql`${t.netMinor} between 0 and 100000000`),
  ],
);

/**
 * A URL a reseller asked us to call when one of its bookings changes (booking_update) or a
 * departure's seats change (availability_update), OCTO's webhooks capability. `capabilities` are
 * those it asked for when it registered (they shape the body); `secret` signs every delivery
 * (HMAC-SHA256), so it is kept as issued: it is shown once, when the webhook is registered.
 */
export const resellerWebhooks = pgTable(
  "reseller_webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resellerId: uuid("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    event: text("event").$type<ResellerWebhookEvent>().notNull(),
    url: text("url").notNull(),
    capabilities: jsonb("capabilities").$type<string[]>().notNull().default([]),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    retryOnError: boolean("retry_on_error").notNull().default(true),
    secret: text("secret").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("reseller_webhooks_event_idx").on(t.event, t.resellerId),
    check("reseller_webhooks_event_check", inList("event", RESELLER_WEBHOOK_EVENTS)),
    check("reseller_webhooks_url_length", sql`length(${t.url}) between 1 and 2000`),
  ],
);

/**
 * A change the webhooks must tell, written by triggers (migration 0028) in the transaction of the
 * change itself, whichever code made it: a reseller booking's status, hold, departure or
 * travellers ('booking', its uuid), or a departure's seats or sale ('availability', its id). The
 * scheduled jobs turn them into deliveries, one per webhook listening, and delete them.
 */
export const resellerWebhookChanges = pgTable(
  "reseller_webhook_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<WebhookChangeKind>().notNull(),
    target: text("target").notNull(),
    createdAt: createdAt(),
  },
  () => [check("reseller_webhook_changes_kind_check", inList("kind", WEBHOOK_CHANGE_KINDS))],
);

/**
 * A hold that ran out by the clock, once its change was noted: a checkout's, a reseller's or a
 * waitlist offer's hold gives its seats back (and a reseller's reservation expires) without any
 * row changing, so no trigger sees it; the webhooks job notes each lapse once, keyed by what held
 * ('booking:<id>', 'waitlist:<id>', or 'reseller:<uuid>' for a test-mode reservation, which has no
 * bookings row) and the hold's end (a hold taken again lapses again). Rows older than a few days
 * are pruned.
 */
export const resellerWebhookLapses = pgTable(
  "reseller_webhook_lapses",
  {
    holder: text("holder").notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holder, t.holdExpiresAt] }),
    index("reseller_webhook_lapses_hold_idx").on(t.holdExpiresAt),
  ],
);

/**
 * One webhook call and its retries: the body as sent (the exact bytes signed), the outcome of the
 * last attempt, and when the next is due. The reseller's screen lists them (its delivery log).
 */
export const resellerWebhookDeliveries = pgTable(
  "reseller_webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => resellerWebhooks.id, { onDelete: "cascade" }),
    resellerId: uuid("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    event: text("event").$type<ResellerWebhookEvent>().notNull(),
    /** What it is about, as staff read it: a booking's reference, or a tour and its date. */
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reseller_webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("reseller_webhook_deliveries_reseller_idx").on(t.resellerId, t.createdAt),
    check("reseller_webhook_deliveries_status_check", inList("status", WEBHOOK_DELIVERY_STATUSES)),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Park fees                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * UWA's park fees as published, dated: one row a fee, park, residency category and age band, in
 * its own currency (USD or whole UGX), in force from `effective_from` to `effective_to` (open when
 * null). The price of a trek on a day is the row in force that day (lib/parks/rules.ts tariffOn),
 * never a number in code. A row carried on past its published end until UWA publishes a successor
 * says so (`carried_over`).
 */
export const parkFeeTariffs = pgTable(
  "park_fee_tariffs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fee: text("fee").$type<ParkFee>().notNull(),
    /** The park ('Bwindi Impenetrable'), or null for a fee charged alike in every park. */
    park: text("park"),
    residency: text("residency").$type<Residency>().notNull(),
    ageBand: text("age_band").$type<AgeBand>().notNull().default("adult"),
    currency: text("currency").notNull(),
    /** Minor units: US cents, or whole shillings for UGX. */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    effectiveTo: date("effective_to", { mode: "string" }),
    carriedOver: boolean("carried_over").notNull().default(false),
    note: text("note"),
    updatedByName: text("updated_by_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("park_fee_tariffs_lookup_idx").on(t.fee, t.residency, t.ageBand, t.effectiveFrom),
    check("park_fee_tariffs_fee_check", inList("fee", PARK_FEES)),
    check("park_fee_tariffs_residency_check", inList("residency", RESIDENCIES)),
    check("park_fee_tariffs_age_band_check", inList("age_band", AGE_BANDS)),
    check("park_fee_tariffs_currency_check", sql`${t.currency} in ('USD', 'UGX')`),
    check("park_fee_tariffs_amount_check", sql`${t.amountMinor} > 0`),
    check(
      "park_fee_tariffs_dates_check",
      sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`,
    ),
  ],
);

/**
 * Park permits held as stock: a lot of permits UWA blocked or sold for one park (and sector) and
 * trek day, with UWA's reference, face value and state. Seats on a departure of a permit tour are
 * also capped by the permits of its park and trek day not yet used by bookings taking seats
 * (lib/departures/data/seats.ts), counted under the lots' row locks.
 */
export const permitLots = pgTable(
  "permit_lots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    park: text("park").notNull(),
    sector: text("sector"),
    trekDate: date("trek_date", { mode: "string" }).notNull(),
    quantity: integer("quantity").notNull(),
    uwaReference: text("uwa_reference"),
    /** Per permit, in its currency's minor units (US cents, whole shillings). */
    faceValueMinor: bigint("face_value_minor", { mode: "number" }),
    currency: text("currency").notNull().default("USD"),
    state: text("state").$type<PermitLotState>().notNull().default("blocked"),
    /** A block UWA holds unpaid until this day; its permits count only until then. */
    blockedUntil: date("blocked_until", { mode: "string" }),
    note: text("note"),
    createdByName: text("created_by_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("permit_lots_park_day_idx").on(t.park, t.trekDate),
    check("permit_lots_quantity_check", sql`${t.quantity} between 1 and 500`),
    check("permit_lots_state_check", inList("state", PERMIT_LOT_STATES)),
    check("permit_lots_currency_check", sql`${t.currency} in ('USD', 'UGX')`),
  ],
);

/**
 * The park fees a booking was sold with, one line a traveller and fee, priced when the booking
 * was (lib/parks/fees.ts priceParkFees): the tariff row in force on the visit's day for the
 * traveller's category and age band, at its face value in its own currency, and the US cents the
 * booking's total counts for it (a fee in shillings converted at the rate in force when priced).
 * Kept as sold: a tariff or rate entered later changes no line.
 */
export const bookingParkFees = pgTable(
  "booking_park_fees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The traveller's position in the booking (1: the lead). */
    traveller: integer("traveller").notNull(),
    fee: text("fee").$type<ParkFee>().notNull(),
    park: text("park").notNull(),
    residency: text("residency").$type<Residency>().notNull(),
    /** False when the traveller's category was not given and the default category priced it. */
    residencyGiven: boolean("residency_given").notNull(),
    ageBand: text("age_band").$type<AgeBand>().notNull(),
    /** The day of the visit (the trek), whose tariff row priced it. */
    visitDate: date("visit_date", { mode: "string" }).notNull(),
    /** The face value, in its currency's minor units (US cents, whole shillings). */
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    /** What the booking's total (US cents) counts for it. */
    usdMinor: bigint("usd_minor", { mode: "number" }).notNull(),
    /** A fee in shillings: the shillings per US dollar it was converted at, and that rate's row. */
    usdRate: numeric("usd_rate", { precision: 12, scale: 2 }),
    rateId: uuid("rate_id").references(() => ugxRates.id, { onDelete: "restrict" }),
    tariffId: uuid("tariff_id").references(() => parkFeeTariffs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("booking_park_fees_line_idx").on(t.bookingId, t.traveller, t.fee),
    check("booking_park_fees_fee_check", inList("fee", PARK_FEES)),
    check("booking_park_fees_residency_check", inList("residency", RESIDENCIES)),
    check("booking_park_fees_age_band_check", inList("age_band", AGE_BANDS)),
    check("booking_park_fees_currency_check", sql`${t.currency} in ('USD', 'UGX')`),
    check("booking_park_fees_amount_check", sql`${t.amountMinor} > 0 and ${t.usdMinor} > 0`),
    check("booking_park_fees_traveller_check", sql`${t.traveller} between 1 and 50`),
    // Shillings count only through the dollars they were converted to, at a named rate.
    check(
      "booking_park_fees_rate_check",
      sql`${t.currency} = 'USD' or (${t.usdRate} > 0 and ${t.rateId} is not null)`,
    ),
  ],
);

/**
 * A permit of a lot allocated to one trekker of a booking (the booking and the trekker's position
 * in it, 1 the lead; one per trek the booking makes), in the transaction that takes the booking's seats (or by staff, for a
 * private trip), with UWA's permit number once staff have it. An allocation counts against its lot
 * only while its booking holds its place: taking seats, or a private trip not called off
 * (lib/parks/data/stock.ts); a lapsed hold's or a cancelled booking's no longer does, with nothing
 * to sweep, and is taken again (or replaced) when the booking takes its seats again.
 *
 * The booking's foreign key is checked at commit (DEFERRABLE INITIALLY DEFERRED, written into the
 * migration by hand: Drizzle cannot declare it): a new booking's permits are allocated with its
 * seats, under the departure's lock, before its row is inserted in the same transaction.
 */
export const permitAllocations = pgTable(
  "permit_allocations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => permitLots.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The trekker's position in the booking (1: the lead). */
    traveller: integer("traveller").notNull(),
    /** UWA's number of the permit, typed by staff once UWA issues it. */
    permitNumber: text("permit_number"),
    allocatedAt: timestamp("allocated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One permit per trekker per lot; a tailor-made trip holds one for each of its treks (each
    // trek's park and day its own lots), and the code never gives one trekker two lots of a day.
    uniqueIndex("permit_allocations_traveller_idx").on(t.bookingId, t.traveller, t.lotId),
    index("permit_allocations_lot_idx").on(t.lotId),
    check("permit_allocations_traveller_check", sql`${t.traveller} between 1 and 500`),
  ],
);

/**
 * The permit alerts already mailed to the operator, one row an alert (its key names the lot or
 * the trek day and the date it is about), so a scheduled run mails each alert once.
 */
export const permitAlertMails = pgTable("permit_alert_mails", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ------------------------------------------------------------------------------------------ */
/* Tailor-made safaris: the libraries staff build proposals from, and the proposals            */
/* ------------------------------------------------------------------------------------------ */

/** A lodge or camp staff put travellers up in, in a park (or a town: 'Kampala', 'Entebbe'). */
export const lodges = pgTable(
  "lodges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The park or town it stands in; a park named as the permit lots and tariffs name it. */
    park: text("park").notNull(),
    description: text("description"),
    /** The seed artwork's public path until staff upload pictures. */
    imageUrl: text("image_url"),
    /** Uploaded pictures, in upload order (object keys, lib/storage). */
    pictures: jsonb("pictures").$type<StoredPicture[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lodges_name_idx").on(sql`lower(${t.name})`),
    index("lodges_park_idx").on(t.park),
    check("lodges_name_length", sql`length(${t.name}) between 1 and 120`),
  ],
);

/**
 * A room type of a lodge at its cost to us: per person sharing a night, with its meal plan, the
 * supplement a traveller alone in the room adds a night, and a child's cost a night.
 */
export const lodgeRooms = pgTable(
  "lodge_rooms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lodgeId: uuid("lodge_id")
      .notNull()
      .references(() => lodges.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mealPlan: text("meal_plan").$type<MealPlan>().notNull(),
    /** US cents per person sharing, a night. */
    costPerNightMinor: bigint("cost_per_night_minor", { mode: "number" }).notNull(),
    /** US cents a night for a room taken by one traveller; null: the lodge charges none. */
    singleSupplementMinor: bigint("single_supplement_minor", { mode: "number" }),
    /** US cents a night for a child sharing; null: a child costs as an adult. */
    childCostPerNightMinor: bigint("child_cost_per_night_minor", { mode: "number" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lodge_rooms_name_idx").on(t.lodgeId, sql`lower(${t.name})`),
    check("lodge_rooms_meal_plan_check", inList("meal_plan", MEAL_PLANS)),
    check(
      "lodge_rooms_cost_check",
      sql`${t.costPerNightMinor} >= 0 and coalesce(${t.singleSupplementMinor}, 0) >= 0 and coalesce(${t.childCostPerNightMinor}, 0) >= 0`,
    ),
  ],
);

/**
 * An activity at its cost to us a person (a guide, a boat, a community walk), with the park fee
 * UWA charges each traveller for it (priced from the tariffs on its day, by residency) and whether
 * it needs a permit from the permit stock (a gorilla or chimpanzee trek).
 */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    park: text("park"),
    description: text("description"),
    /** US cents a person, park fees apart. */
    costPerPersonMinor: bigint("cost_per_person_minor", { mode: "number" }).notNull(),
    /** US cents a child; null: a child costs as an adult. */
    childCostMinor: bigint("child_cost_minor", { mode: "number" }),
    parkFee: text("park_fee").$type<ParkFee>(),
    needsPermit: boolean("needs_permit").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("activities_name_idx").on(sql`lower(${t.name})`),
    check("activities_name_length", sql`length(${t.name}) between 1 and 120`),
    check(
      "activities_park_fee_check",
      sql`${t.parkFee} is null or ${inList("park_fee", PARK_FEES)}`,
    ),
    // A permit is one of a park's lots: an activity that needs one names its park and its fee.
    check(
      "activities_permit_check",
      sql`not ${t.needsPermit} or (${t.park} is not null and ${t.parkFee} is not null)`,
    ),
    check(
      "activities_cost_check",
      sql`${t.costPerPersonMinor} >= 0 and coalesce(${t.childCostMinor}, 0) >= 0`,
    ),
  ],
);

/** A vehicle hired by the day or a transfer priced by the trip, at its cost to us. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind").$type<VehicleKind>().notNull(),
    seats: integer("seats").notNull(),
    description: text("description"),
    /** US cents a day (a vehicle) or a trip (a transfer). */
    costMinor: bigint("cost_minor", { mode: "number" }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vehicles_name_idx").on(sql`lower(${t.name})`),
    check("vehicles_kind_check", inList("kind", VEHICLE_KINDS)),
    check("vehicles_seats_check", sql`${t.seats} between 1 and 60`),
    check("vehicles_cost_check", sql`${t.costMinor} >= 0`),
  ],
);

/**
 * A tailor-made safari offered to one party: started from a booking request (whose booking it
 * becomes when accepted) or from nothing (a booking is made on acceptance). What is offered is in
 * its versions; the proposal only names the party and the booking.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Shown to the traveller and staff: 'TM-' and six characters. */
    reference: text("reference").notNull(),
    /** The request it started from, or the booking its accepted version made. */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    leadName: text("lead_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    createdByName: text("created_by_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("proposals_reference_idx").on(t.reference),
    uniqueIndex("proposals_booking_idx")
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index("proposals_created_at_idx").on(t.createdAt, t.id),
    index("proposals_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * One version of a proposal: the days, the lines and the price as offered. A draft is edited; a
 * sent version never changes again (editing makes the next version, a draft); the latest sent
 * version can be accepted until its option date, which locks its price into the booking.
 */
export const proposalVersions = pgTable(
  "proposal_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    state: text("state").$type<ProposalVersionState>().notNull().default("draft"),
    title: text("title").notNull(),
    /** A few words to the traveller at the top of the proposal. */
    summary: text("summary"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    adults: integer("adults").notNull(),
    children: integer("children").notNull().default(0),
    /** Rooms taken by one traveller (each pays the single supplement). */
    singleRooms: integer("single_rooms").notNull().default(0),
    /** The party's UWA residency category: its park fees are priced in it. */
    residency: text("residency").$type<Residency>().notNull().default("foreign_non_resident"),
    markupPercent: integer("markup_percent").notNull(),
    /** What the lines cost us (US cents), park fees apart, and the park fees at face value. */
    costMinor: bigint("cost_minor", { mode: "number" }).notNull().default(0),
    parkFeesMinor: bigint("park_fees_minor", { mode: "number" }).notNull().default(0),
    /** The sell prices (US cents): a person, a child, a single room's supplement, and the total. */
    pricePerAdultMinor: bigint("price_per_adult_minor", { mode: "number" }).notNull().default(0),
    pricePerChildMinor: bigint("price_per_child_minor", { mode: "number" }).notNull().default(0),
    singleSupplementMinor: bigint("single_supplement_minor", { mode: "number" })
      .notNull()
      .default(0),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    /**
     * Staff set the sell prices themselves (the Set prices form): a repricing keeps them and only
     * the total follows the party. False: every repricing puts the suggested prices in.
     */
    pricesSetByStaff: boolean("prices_set_by_staff").notNull().default(false),
    depositPercent: smallint("deposit_percent").notNull(),
    balanceDueOn: date("balance_due_on", { mode: "string" }),
    /** The last day the offer can be accepted; after it the version has lapsed. */
    optionDate: date("option_date", { mode: "string" }).notNull(),
    inclusions: text("inclusions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    exclusions: text("exclusions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdByName: text("created_by_name"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentByName: text("sent_by_name"),
    /** When the mailed link stops opening the proposal. */
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
    viewCount: integer("view_count").notNull().default(0),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedByName: text("accepted_by_name"),
    /** The client address the acceptance came from (lib/client-address.ts). */
    acceptedAddress: text("accepted_address"),
    /** The booking terms' version the traveller accepted. */
    acceptedTermsVersion: text("accepted_terms_version"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("proposal_versions_number_idx").on(t.proposalId, t.number),
    // One draft at a time, and one accepted version, a proposal.
    uniqueIndex("proposal_versions_one_draft_idx")
      .on(t.proposalId)
      .where(sql`${t.state} = 'draft'`),
    uniqueIndex("proposal_versions_one_accepted_idx")
      .on(t.proposalId)
      .where(sql`${t.state} = 'accepted'`),
    index("proposal_versions_option_idx")
      .on(t.optionDate)
      .where(sql`${t.state} = 'sent'`),
    check("proposal_versions_state_check", inList("state", PROPOSAL_VERSION_STATES)),
    check("proposal_versions_residency_check", inList("residency", RESIDENCIES)),
    check("proposal_versions_number_check", sql`${t.number} >= 1`),
    check(
      "proposal_versions_party_check",
      sql`${t.adults} between 1 and 50 and ${t.children} between 0 and 50 and ${t.singleRooms} between 0 and ${t.adults}`,
    ),
    check("proposal_versions_markup_check", sql`${t.markupPercent} between 0 and 200`),
    check("proposal_versions_deposit_check", sql`${t.depositPercent} between 0 and 100`),
    check(
      "proposal_versions_money_check",
      sql`${t.costMinor} >= 0 and ${t.parkFeesMinor} >= 0 and ${t.pricePerAdultMinor} >= 0 and ${t.pricePerChildMinor} >= 0 and ${t.singleSupplementMinor} >= 0 and ${t.totalMinor} >= 0`,
    ),
    // Sent and accepted versions carry when they were sent; an accepted one who accepted it.
    check(
      "proposal_versions_sent_check",
      sql`${t.state} = 'draft' or (${t.sentAt} is not null and ${t.linkExpiresAt} is not null)`,
    ),
    check(
      "proposal_versions_accepted_check",
      sql`${t.state} <> 'accepted' or (${t.acceptedAt} is not null and ${t.acceptedByName} is not null and ${t.acceptedTermsVersion} is not null)`,
    ),
  ],
);

/** A day of a proposal version: where the travellers are, a title and staff's free text. */
export const proposalDays = pgTable(
  "proposal_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => proposalVersions.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    title: text("title").notNull(),
    /** Where the day ends (a park or town of lib/proposals/places.ts): the route line joins them. */
    place: text("place").notNull(),
    notes: text("notes"),
  },
  (t) => [
    uniqueIndex("proposal_days_day_idx").on(t.versionId, t.day),
    check("proposal_days_day_check", sql`${t.day} between 1 and 60`),
  ],
);

/**
 * A line of a proposal version's day, priced when added and kept as written: the library row it
 * came from (null once that row is gone, or for a line typed by hand), its words, how many and the
 * cost to us. A park fee is priced apart (fee_minor, at face value, by the version's residency on
 * the day); a permit the activity needs is taken from the stock when the version is accepted.
 */
export const proposalLines = pgTable(
  "proposal_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => proposalVersions.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    position: integer("position").notNull().default(0),
    kind: text("kind").$type<ProposalLineKind>().notNull(),
    lodgeRoomId: uuid("lodge_room_id").references(() => lodgeRooms.id, { onDelete: "set null" }),
    activityId: uuid("activity_id").references(() => activities.id, { onDelete: "set null" }),
    vehicleId: uuid("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /** What the line costs us in all (US cents), park fees apart. */
    costMinor: bigint("cost_minor", { mode: "number" }).notNull(),
    /** Of which a room alone would add (a stay's single supplements, for the version's single rooms). */
    singleCostMinor: bigint("single_cost_minor", { mode: "number" }).notNull().default(0),
    park: text("park"),
    parkFee: text("park_fee").$type<ParkFee>(),
    /** The park fees of the party for it, US cents at face value (shillings at the day's rate). */
    feeMinor: bigint("fee_minor", { mode: "number" }).notNull().default(0),
    needsPermit: boolean("needs_permit").notNull().default(false),
    /** A lodge holding rooms provisionally releases them on this day unless confirmed. */
    holdReleaseOn: date("hold_release_on", { mode: "string" }),
  },
  (t) => [
    index("proposal_lines_version_idx").on(t.versionId, t.day, t.position),
    check("proposal_lines_kind_check", inList("kind", PROPOSAL_LINE_KINDS)),
    check("proposal_lines_day_check", sql`${t.day} between 1 and 60`),
    check("proposal_lines_quantity_check", sql`${t.quantity} between 1 and 1000`),
    check(
      "proposal_lines_money_check",
      sql`${t.costMinor} >= 0 and ${t.singleCostMinor} >= 0 and ${t.feeMinor} >= 0`,
    ),
    check(
      "proposal_lines_park_fee_check",
      sql`${t.parkFee} is null or ${inList("park_fee", PARK_FEES)}`,
    ),
    check(
      "proposal_lines_permit_check",
      sql`not ${t.needsPermit} or (${t.park} is not null and ${t.parkFee} is not null)`,
    ),
  ],
);

/** The proposal reminders already mailed to staff (an option date, a lodge hold's release), once each. */
export const proposalReminderMails = pgTable("proposal_reminder_mails", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ------------------------------------------------------------------------------------------ */
/* Inferred types                                                                             */
/* ------------------------------------------------------------------------------------------ */

export type User = typeof users.$inferSelect;
export type AdminUser = typeof adminUsers.$inferSelect;
export type Tour = typeof tours.$inferSelect;
export type NewTour = typeof tours.$inferInsert;
export type Guide = typeof guides.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type BookingEvent = typeof bookingEvents.$inferSelect;
export type Departure = typeof departures.$inferSelect;
export type NewDeparture = typeof departures.$inferInsert;
export type BookingTraveller = typeof bookingTravellers.$inferSelect;
export type WaitlistEntry = typeof departureWaitlist.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
export type CustomerMessage = typeof customerMessages.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type ParkFeeTariff = typeof parkFeeTariffs.$inferSelect;
export type BookingParkFee = typeof bookingParkFees.$inferSelect;
export type Lodge = typeof lodges.$inferSelect;
export type LodgeRoom = typeof lodgeRooms.$inferSelect;
export type Activity = typeof activities.$inferSelect;
export type Vehicle = typeof vehicles.$inferSelect;
export type Proposal = typeof proposals.$inferSelect;
export type ProposalVersion = typeof proposalVersions.$inferSelect;
export type ProposalDay = typeof proposalDays.$inferSelect;
export type ProposalLine = typeof proposalLines.$inferSelect;

/**
 * The OCTO request bodies, as resellers send them. Unknown fields are let through (OCTO clients
 * send capabilities' fields we do not offer); the ids are checked against the catalogue later,
 * each refused with its own error.
 */
import { z } from "zod";

import { RESELLER_WEBHOOK_EVENTS } from "@/lib/domain";
import { dollarsToMinor } from "@/lib/payments/quote";

import { MAX_HOLD_MINUTES, MAX_UNITS } from "./rules";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");
const reference = z.string().trim().max(100);

export const contactSchema = z
  .object({
    fullName: z.string().max(200).nullish(),
    firstName: z.string().max(100).nullish(),
    lastName: z.string().max(100).nullish(),
    emailAddress: z.string().max(254).nullish(),
    phoneNumber: z.string().max(50).nullish(),
    locales: z.array(z.string().max(35)).max(10).optional(),
    postalCode: z.string().max(20).nullish(),
    country: z.string().max(60).nullish(),
    notes: z.string().max(2000).nullish(),
  })
  .loose();

const unitItemSchema = z
  .object({
    uuid: z.string().max(100).optional(),
    unitId: z.string().max(100),
    resellerReference: reference.optional(),
    contact: contactSchema.optional(),
  })
  .loose();

const unitsSchema = z
  .array(z.object({ id: z.string().max(100), quantity: z.number().int().min(0).max(MAX_UNITS) }))
  .max(10);

const expirationMinutes = z.number().int().min(1).max(MAX_HOLD_MINUTES);

export const availabilityCheckSchema = z
  .object({
    productId: z.string().max(100),
    optionId: z.string().max(100),
    localDateStart: day.optional(),
    localDateEnd: day.optional(),
    availabilityIds: z.array(z.string().max(100)).min(1).max(100).optional(),
    units: unitsSchema.optional(),
    currency: z.string().nullish(),
  })
  .loose()
  .refine(
    (b) =>
      b.availabilityIds
        ? !b.localDateStart && !b.localDateEnd
        : Boolean(b.localDateStart && b.localDateEnd),
    { message: "localDateStart and localDateEnd, or availabilityIds (not both), are required" },
  );

export const availabilityCalendarSchema = z
  .object({
    productId: z.string().max(100),
    optionId: z.string().max(100),
    localDateStart: day,
    localDateEnd: day,
    units: unitsSchema.optional(),
    currency: z.string().nullish(),
  })
  .loose();

export const reservationSchema = z
  .object({
    uuid: z.string().min(1).max(100).optional(),
    productId: z.string().max(100),
    optionId: z.string().max(100),
    availabilityId: z.string().max(100),
    expirationMinutes: expirationMinutes.optional(),
    notes: z.string().max(2000).nullish(),
    // Missing or empty is refused by the reservation itself, as a request it cannot fulfil.
    unitItems: z.array(unitItemSchema).max(MAX_UNITS).optional(),
    resellerReference: reference.optional(),
    contact: contactSchema.optional(),
    currency: z.string().nullish(),
  })
  .loose();

export const confirmationSchema = z
  .object({
    resellerReference: reference.optional(),
    contact: contactSchema.optional(),
    unitItems: z.array(unitItemSchema).min(1).max(MAX_UNITS).optional(),
    emailReceipt: z.boolean().optional(),
    notes: z.string().max(2000).nullish(),
  })
  .loose();

export const extendSchema = z.object({ expirationMinutes: expirationMinutes.optional() }).loose();

export const updateSchema = z
  .object({
    resellerReference: reference.optional(),
    productId: z.string().max(100).optional(),
    optionId: z.string().max(100).optional(),
    availabilityId: z.string().max(100).optional(),
    expirationMinutes: expirationMinutes.optional(),
    notes: z.string().max(2000).nullish(),
    emailReceipt: z.boolean().optional(),
    unitItems: z.array(unitItemSchema).min(1).max(MAX_UNITS).optional(),
    contact: contactSchema.optional(),
  })
  .loose();

export const cancellationSchema = z
  .object({ reason: z.string().max(500).nullish(), force: z.boolean().optional() })
  .loose();

/** POST /octo/webhooks (OCTO's webhooks capability): the event and URL, and how to call it. */
export const webhookSchema = z
  .object({
    event: z.enum(RESELLER_WEBHOOK_EVENTS, {
      error: "event must be booking_update or availability_update",
    }),
    url: z.string().trim().min(1, "url is required").max(2000),
    retryOnError: z.boolean().optional(),
    headers: z.record(z.string().max(100), z.string().max(1000)).optional(),
  })
  .loose();

export type AvailabilityCheck = z.infer<typeof availabilityCheckSchema>;
export type AvailabilityCalendarQuery = z.infer<typeof availabilityCalendarSchema>;
export type Reservation = z.infer<typeof reservationSchema>;
export type Confirmation = z.infer<typeof confirmationSchema>;
export type BookingUpdate = z.infer<typeof updateSchema>;
export type UnitItemInput = z.infer<typeof unitItemSchema>;
export type ContactInput = z.infer<typeof contactSchema>;

/* ------------------------------------------------------------------------------------------ */
/* The admin Resellers screen                                                                  */
/* ------------------------------------------------------------------------------------------ */

const switchValue = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

const resellerName = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

/** New Reseller: its name, its commission (its net is the rest of the retail price), test mode. */
export const createResellerSchema = z.object({
  name: resellerName,
  commissionPercent: z
    .string({ error: "Commission is required" })
    .trim()
    .regex(/^\d{1,3}$/, "Commission must be a whole percent from 0 to 100")
    .transform(Number)
    .refine((n) => n <= 100, "Commission must be a whole percent from 0 to 100"),
  testMode: switchValue,
});

/** New Key: another key for the reseller named. */
export const issueKeySchema = z.object({ name: resellerName });

/** Revoke: the reseller's keys starting with the characters the screen shows. */
export const revokeKeySchema = z.object({
  name: resellerName,
  prefix: z.string().trim().min(8, "Key prefix is required").max(12),
});

const resellerId = z.uuid({ error: "This reseller no longer exists." });

/** Set Net Price: the reseller's net for a seat of one tour, in US dollars. */
export const tourNetPriceSchema = z
  .object({
    resellerId,
    tourId: z.uuid({ error: "This tour is no longer sold to resellers." }),
    net: z
      .string({ error: "Net price is required" })
      .trim()
      .min(1, "Net price is required")
      .refine((v) => dollarsToMinor(v) !== null, "Enter an amount in dollars, e.g. 950 or 950.50"),
  })
  .transform(({ net, ...v }) => ({ ...v, netMinor: dollarsToMinor(net)! }));

/** Clear: the tour's net price removed (the commission applies again). */
export const clearTourNetPriceSchema = z.object({
  resellerId,
  tourId: z.uuid({ error: "This tour is no longer sold to resellers." }),
});

/** Add Webhook on the reseller's screen: the event and the reseller's URL. */
export const addWebhookSchema = z.object({
  resellerId,
  event: z.enum(RESELLER_WEBHOOK_EVENTS, { error: "Choose an event" }),
  url: z
    .string({ error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(2000, "URL must be at most 2000 characters")
    .refine(
      (v) => /^https?:\/\//i.test(v) && URL.canParse(v),
      "Enter a full URL, e.g. https://example.com/octo/webhooks",
    ),
});

/** Remove: one of the reseller's webhooks. */
export const removeWebhookSchema = z.object({
  resellerId,
  webhookId: z.uuid({ error: "This webhook no longer exists." }),
});

/** Resend: one of the reseller's webhook deliveries, sent again. */
export const resendDeliverySchema = z.object({
  resellerId,
  deliveryId: z.uuid({ error: "This delivery no longer exists." }),
});

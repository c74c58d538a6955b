/**
 * Property-based tests of the three public actions (fast-check, 1,000 runs per action schema):
 * invalid input (every field empty, too long, of the wrong type, HTML, SQL metacharacters,
 * unicode, an unknown tour id, a past date, group size 0 or 1000, a forged terms flag, extra
 * fields, or no object at all) never writes a row, never sends a mail and never throws past the
 * action.
 */
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";

import { bookings, contacts, emailOutbox, newsletterSubscriptions } from "@/db/schema";
import { useTestDb } from "@/tests/helpers/db";
import { fakeRequest } from "@/tests/helpers/fake-request";
import { inDays, publicBookingValues } from "@/tests/helpers/payloads";
import { submitBookingAction } from "@/actions/bookings";
import { sendContactMessageAction } from "@/actions/messages";
import { subscribeNewsletterAction } from "@/actions/newsletter";
import { formDataToObject } from "@/lib/action";
import { resetRateLimits } from "@/lib/rate-limit";
import { publicBookingSchema } from "@/lib/bookings/schemas/request";
import { contactSchema } from "@/lib/messages/schemas/contact";
import { newsletterSchema } from "@/lib/newsletter/schemas";

const request = fakeRequest;

// A Vitest helper, not a React hook (eslint.config.mjs applies the React rules to every file).
// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

const RUNS = 1000;

async function rowCounts() {
  const [b] = await t.db.select({ n: count() }).from(bookings);
  const [c] = await t.db.select({ n: count() }).from(contacts);
  const [n] = await t.db.select({ n: count() }).from(newsletterSubscriptions);
  const [o] = await t.db.select({ n: count() }).from(emailOutbox);
  return { bookings: b?.n, contacts: c?.n, newsletter: n?.n, outbox: o?.n };
}

/* Values that are wrong for any text field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const html = fc.constantFrom(
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "</textarea><b>",
  "<!-- x -->",
  "<?php ?>",
);
const sqlish = fc.constantFrom(
  "'; DROP TABLE bookings; --",
  '" OR 1=1 --',
  "1); DELETE FROM contacts; --",
  "\\x00'",
);
const unicode = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
const control = fc.constantFrom("a\u0000b", "name\u0007", "line\u001bbreak");
const blank = fc.constantFrom("", "   ", "\n\t");
const tooLong = (max: number) =>
  fc.integer({ min: max + 1, max: max + 300 }).map((n) => "x".repeat(n));

/** Text that a required single-line field must refuse. */
const badRequiredText = (max: number) =>
  fc.oneof(blank, tooLong(max), html, control, wrongType, fc.constant(undefined));
/** Text that is fine in any text field (SQL metacharacters and unicode are data, not errors). */
const hasControlOrTag = (s: string) =>
  s.includes("<") || [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
const harmlessText = fc.oneof(
  sqlish,
  unicode.filter((s) => !hasControlOrTag(s) && s.trim().length > 0 && s.length <= 40),
);

const validBooking = () =>
  publicBookingValues({
    email: "prop@example.com",
    startDate: inDays(30),
    idempotencyKey: "abcdefghijklmnop-1234",
  });

/** One way to make a booking request invalid. */
const bookingCorruption: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  badRequiredText(100).map((v) => ({ firstName: v })),
  badRequiredText(100).map((v) => ({ lastName: v })),
  badRequiredText(100).map((v) => ({ country: v })),
  fc
    .oneof(
      blank,
      tooLong(254),
      html,
      wrongType,
      fc.constantFrom("jane", "a@b", "@x.com", "a b@c.de"),
      unicode.filter((s) => !s.includes("@")),
    )
    .map((v) => ({ email: v })),
  fc
    .oneof(badRequiredText(40), fc.constantFrom("abc", "12345", "phone: 1234567"))
    .map((v) => ({ phone: v })),
  fc
    .oneof(
      blank,
      html,
      sqlish,
      wrongType,
      fc.string().filter((s) => s.trim() !== "custom"),
    )
    .map((v) => ({ tour: v })),
  // A database id instead of a slug, or a well-formed slug of no active tour: refused on the tour field.
  fc.uuid({ version: 4 }).map((v) => ({ tour: v })),
  fc.stringMatching(/^zz-[a-z0-9]{1,20}$/).map((v) => ({ tour: v })),
  fc.integer({ min: 1, max: 3650 }).map((days) => ({ startDate: inDays(-days) })),
  fc
    .oneof(
      blank,
      wrongType,
      fc.constantFrom("2030-02-30", "31/12/2030", "next week", "2030-01-01T10:00"),
    )
    .map((v) => ({ startDate: v })),
  fc
    .integer({ min: 1, max: 300 })
    .map((days) => ({ startDate: inDays(400), endDate: inDays(400 - days) })),
  fc
    .oneof(
      fc.integer({ max: 0 }),
      fc.integer({ min: 10 }),
      fc.constantFrom("0", "1000", "-3", "2.5", "10+", "nine", ""),
      wrongType,
    )
    .map((v) => ({ groupSize: v })),
  fc
    .oneof(
      fc.anything().filter((v) => v !== "on" && v !== "true"),
      fc.constantFrom("yes", "1", "ON", "True"),
    )
    .map((v) => ({ terms: v })),
  fc
    .string({ minLength: 1 })
    .filter((s) => !["budget", "standard", "luxury", "mixed"].includes(s))
    .map((v) => ({ accommodation: v })),
  fc
    .string({ minLength: 1 })
    .filter((s) => !["on", "true", "false"].includes(s))
    .map((v) => ({ newsletter: v })),
  fc
    .oneof(
      tooLong(2000),
      html,
      control.map((c) => c.replace("\n", "")),
    )
    .map((v) => ({ specialRequests: v })),
  fc
    .oneof(
      fc.string({ maxLength: 15 }),
      fc.constantFrom("has spaces in the key here", "x".repeat(101)),
    )
    .map((v) => ({ idempotencyKey: v })),
);

/** Arbitrary extra fields (never the honeypot: a filled honeypot is a fake success by design). */
const extraFields = fc.dictionary(
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((k) => !(k in validBooking()) && k !== "website" && !k.startsWith("$ACTION")),
  fc.oneof(fc.string(), fc.integer(), harmlessText),
  { maxKeys: 3 },
);

function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    form.append(key, typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  }
  return form;
}

/** Calls the action and returns its state; a throw fails the property. */
async function call(
  action: (
    prev: undefined,
    input: FormData | Record<string, unknown>,
  ) => Promise<{ status: string }>,
  input: unknown,
) {
  let state: { status: string } | undefined;
  await expect(
    (async () => {
      state = await action(undefined, input as Record<string, unknown>);
    })(),
  ).resolves.toBeUndefined();
  return state!;
}

/**
 * `RUNS` submissions of `valid` with one to `most` corruptions over it (harmless text in `field`,
 * stray extra fields, as JSON or as a form), each from its own address in `subnet`: every one
 * `refusable` says the action must refuse is answered without success, and nothing is written.
 */
async function corruptedNeverWrite(form: {
  action: Parameters<typeof call>[0];
  valid: Record<string, unknown>;
  field: string;
  corruption: fc.Arbitrary<Record<string, unknown>>;
  most: number;
  subnet: string;
  refusable: (input: FormData | Record<string, unknown>) => boolean;
}) {
  const before = await rowCounts();
  let ip = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(form.corruption, { minLength: 1, maxLength: form.most }),
      fc.record({ harmless: harmlessText, extra: extraFields, asForm: fc.boolean() }),
      async (corruptions, { harmless, extra, asForm }) => {
        request.ip = `${form.subnet}.${Math.floor(ip / 250)}.${ip++ % 250}`;
        const values = { ...form.valid, [form.field]: harmless, ...extra };
        for (const corruption of corruptions) Object.assign(values, corruption);
        const input = asForm ? toFormData(values) : values;
        fc.pre(form.refusable(input));
        const state = await call(form.action, input);
        expect(state.status).not.toBe("success");
      },
    ),
    { numRuns: RUNS },
  );
  expect(await rowCounts()).toEqual(before);
}

beforeEach(() => {
  resetRateLimits();
  request.after.length = 0;
});

describe("invalid input never writes and never throws", () => {
  it(`public booking (${RUNS} runs)`, async () => {
    await corruptedNeverWrite({
      action: submitBookingAction,
      valid: validBooking(),
      field: "specialRequests",
      corruption: bookingCorruption,
      most: 4,
      subnet: "10.1",
      refusable: (input) => {
        // What the action sees (a form turns 42 into "42"): invalid by the schema, or naming a
        // tour id that is no active tour (the only schema-valid way to be refused).
        const parsed = publicBookingSchema.safeParse(formDataToObject(input));
        return !parsed.success || parsed.data.tour !== "custom";
      },
    });
    expect(request.after).toHaveLength(0);
  });

  it(`public booking with no object at all or random objects (${RUNS} runs)`, async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.object(),
          fc.dictionary(fc.constantFrom(...Object.keys(validBooking())), fc.anything()),
        ),
        async (input) => {
          const website = (input as { website?: unknown } | null)?.website;
          const state = await call(submitBookingAction, input);
          if (state.status === "success") expect(website).toBeTruthy(); // only the honeypot's fake success
          expect(publicBookingSchema.safeParse(input).success).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it(`contact (${RUNS} runs)`, async () => {
    const valid = {
      name: "Jane",
      email: "prop@example.com",
      country: "",
      phone: "",
      subject: "Hello",
      message: "Hi there",
    };
    const corruption: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
      badRequiredText(100).map((v) => ({ name: v })),
      fc
        .oneof(
          blank,
          tooLong(254),
          html,
          wrongType,
          fc.constantFrom("jane", "a@b", "x@"),
          fc.constant(undefined),
        )
        .map((v) => ({ email: v })),
      fc.oneof(tooLong(100), html, control, wrongType).map((v) => ({ country: v })),
      fc
        .oneof(tooLong(40), html, wrongType, fc.constantFrom("abc", "123"))
        .map((v) => ({ phone: v })),
      badRequiredText(200).map((v) => ({ subject: v })),
      fc
        .oneof(
          blank,
          tooLong(5000),
          html,
          wrongType,
          fc.constant(undefined),
          fc.constant("a\u0000"),
        )
        .map((v) => ({ message: v })),
    );
    await corruptedNeverWrite({
      action: sendContactMessageAction,
      valid,
      field: "message",
      corruption,
      most: 3,
      subnet: "10.2",
      refusable: (input) => !contactSchema.safeParse(formDataToObject(input)).success,
    });
  });

  it(`newsletter (${RUNS} runs)`, async () => {
    const badEmail = fc
      .oneof(
        fc.string(),
        unicode,
        html,
        sqlish,
        wrongType,
        blank,
        tooLong(254),
        fc.constant(undefined),
        fc.emailAddress().map((e) => `${e}<`),
      )
      .filter((email) => !newsletterSchema.safeParse({ email }).success);
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badEmail.map((email) => ({ email })),
          fc.anything().filter((v) => !newsletterSchema.safeParse(v).success),
        ),
        async (input) => {
          const website = (input as { website?: unknown } | null)?.website;
          const state = await call(subscribeNewsletterAction, input);
          if (state.status === "success") expect(website).toBeTruthy();
        },
      ),
      { numRuns: RUNS },
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe("valid input with SQL metacharacters and unicode is stored verbatim", () => {
  it("contact (50 runs)", async () => {
    let i = 0;
    await fc.assert(
      fc.asyncProperty(harmlessText, harmlessText, async (name, message) => {
        request.ip = `10.3.0.${i % 250}`;
        const email = `verbatim-${i++}@example.com`;
        const state = await call(sendContactMessageAction, {
          name,
          email,
          subject: "Verbatim",
          message,
        });
        expect(state.status).toBe("success");
        const [row] = await t.db.select().from(contacts).where(eq(contacts.email, email));
        expect(row).toMatchObject({
          name: name.trim(),
          message: message.trim(),
          country: null,
          phone: null,
        });
        resetRateLimits();
      }),
      { numRuns: 50 },
    );
  });
});

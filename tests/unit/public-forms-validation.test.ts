import { describe, expect, it } from "vitest";

import {
  bookingStepSchemas,
  CUSTOM_PACKAGE_VALUE,
  PUBLIC_BOOKING_STEPS,
  PUBLIC_GROUP_SIZE_OPTIONS,
  publicBookingSchema,
} from "@/lib/bookings/schemas/request";
import { todayInKampala } from "@/lib/dates";
import { CUSTOMER_BOOKING_STEPS } from "@/lib/bookings/schemas/customer-request";
import { stepOfField } from "@/lib/wizard";
import { errorsOf, inDays, publicBookingValues } from "@/tests/helpers/payloads";
import { contactSchema } from "@/lib/messages/schemas/contact";
import { groupSizeField, isIsoDate, LIMITS, optionalText } from "@/lib/fields";
import { newsletterSchema, unsubscribeParamsSchema } from "@/lib/newsletter/schemas";

const TOUR_ID = "gorilla-safari";

const daysFromToday = inDays;

const valid = () =>
  publicBookingValues({
    tour: TOUR_ID,
    startDate: daysFromToday(30),
    endDate: daysFromToday(35),
    accommodation: "standard",
    idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e",
  });

describe("public booking schema", () => {
  it("accepts a complete request and normalises it for storage", () => {
    const result = publicBookingSchema.safeParse({
      ...valid(),
      firstName: "  Jane ",
      dietary: "   ",
      website: "",
      extra: "dropped",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      firstName: "Jane",
      groupSize: 2,
      dietary: null,
      specialRequests: null,
      terms: true,
      newsletter: false,
      accommodation: "standard",
    });
    expect(result.data).not.toHaveProperty("extra");
    expect(result.data).not.toHaveProperty("website");
  });

  it("requires the booking form's fields with a message on each", () => {
    expect(errorsOf(publicBookingSchema.safeParse({}))).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone number is required",
      country: "Country of residence is required",
      tour: "Please select a tour package",
      startDate: "Please choose a start date",
      groupSize: "Please select a group size",
      terms: "Please accept the terms and conditions to proceed.",
    });
  });

  it("keeps end date, accommodation, dietary, requests and newsletter optional", () => {
    const {
      endDate: _e,
      accommodation: _a,
      dietary: _d,
      specialRequests: _s,
      newsletter: _n,
      ...rest
    } = valid();
    const result = publicBookingSchema.safeParse(rest);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      endDate: null,
      accommodation: null,
      dietary: null,
      specialRequests: null,
      newsletter: false,
    });
  });

  it.each([
    ["9+", 9],
    ["1", 1],
    ["8", 8],
    [5, 5],
  ])("group size %s is stored as %s", (input, stored) => {
    expect(publicBookingSchema.safeParse({ ...valid(), groupSize: input }).data?.groupSize).toBe(
      stored,
    );
  });

  it.each([
    ["0", "Group size must be at least 1"],
    ["1000", "For groups over 9, choose 9+"],
    [1000, "For groups over 9, choose 9+"],
    ["10", "For groups over 9, choose 9+"],
    ["2.5", "Please select a group size"],
    ["-1", "Please select a group size"],
    ["two", "Please select a group size"],
    [true, "Please select a group size"],
  ])("group size %s is refused: %s", (input, message) => {
    expect(
      errorsOf(publicBookingSchema.safeParse({ ...valid(), groupSize: input })).groupSize,
    ).toBe(message);
  });

  it("refuses a start date before today in Kampala, accepts today", () => {
    expect(
      errorsOf(
        publicBookingSchema.safeParse({ ...valid(), startDate: daysFromToday(-1), endDate: "" }),
      ).startDate,
    ).toBe("Start date cannot be in the past");
    expect(
      publicBookingSchema.safeParse({ ...valid(), startDate: todayInKampala(), endDate: "" })
        .success,
    ).toBe(true);
  });

  it("reports the end date even while other steps are incomplete (the wizard validates step 2 first)", () => {
    const { terms: _t, ...withoutTerms } = valid();
    const errors = errorsOf(
      publicBookingSchema.safeParse({
        ...withoutTerms,
        startDate: daysFromToday(10),
        endDate: daysFromToday(9),
      }),
    );
    expect(errors).toEqual({
      terms: "Please accept the terms and conditions to proceed.",
      endDate: "The end date cannot be before the start date",
    });
  });

  it("refuses an end date before the start date, accepts the same day", () => {
    expect(
      errorsOf(
        publicBookingSchema.safeParse({
          ...valid(),
          startDate: daysFromToday(10),
          endDate: daysFromToday(9),
        }),
      ).endDate,
    ).toBe("The end date cannot be before the start date");
    expect(
      publicBookingSchema.safeParse({
        ...valid(),
        startDate: daysFromToday(10),
        endDate: daysFromToday(10),
      }).success,
    ).toBe(true);
  });

  it.each([
    "2027-02-30",
    "31/12/2030",
    "2030-1-5",
    "tomorrow",
    "2030-01-01T00:00:00Z",
    "99999-01-01",
  ])("refuses the malformed date %s", (date) => {
    expect(
      errorsOf(publicBookingSchema.safeParse({ ...valid(), startDate: date, endDate: "" }))
        .startDate,
    ).toBe("Please enter a valid date");
  });

  it("refuses dates more than five years ahead", () => {
    expect(
      errorsOf(
        publicBookingSchema.safeParse({
          ...valid(),
          startDate: daysFromToday(6 * 366),
          endDate: "",
        }),
      ).startDate,
    ).toBe("Please choose a date within the next 5 years");
  });

  it("only takes something shaped like a tour slug, or 'custom', as the package", () => {
    expect(publicBookingSchema.safeParse({ ...valid(), tour: CUSTOM_PACKAGE_VALUE }).success).toBe(
      true,
    );
    expect(publicBookingSchema.safeParse({ ...valid(), tour: "gorilla-safari" }).success).toBe(
      true,
    );
    for (const tour of [
      "",
      "Gorilla Safari",
      "-lead",
      "a--b",
      "1; drop table bookings",
      "<script>",
      "a".repeat(101),
      42,
    ]) {
      expect(errorsOf(publicBookingSchema.safeParse({ ...valid(), tour })).tour).toBe(
        "Please select a tour package",
      );
    }
  });

  it("takes only the literal ticked values for terms (a forged flag is refused)", () => {
    expect(publicBookingSchema.safeParse({ ...valid(), terms: "true" }).success).toBe(true);
    for (const terms of [true, "yes", "1", "false", "", "ON", 1, ["on"]]) {
      expect(errorsOf(publicBookingSchema.safeParse({ ...valid(), terms })).terms).toBe(
        "Please accept the terms and conditions to proceed.",
      );
    }
  });

  it("reads the newsletter box", () => {
    expect(publicBookingSchema.safeParse({ ...valid(), newsletter: "on" }).data?.newsletter).toBe(
      true,
    );
    expect(publicBookingSchema.safeParse({ ...valid(), newsletter: "true" }).data?.newsletter).toBe(
      true,
    );
    expect(
      publicBookingSchema.safeParse({ ...valid(), newsletter: "false" }).data?.newsletter,
    ).toBe(false);
    expect(
      errorsOf(publicBookingSchema.safeParse({ ...valid(), newsletter: "maybe" })).newsletter,
    ).toBe("Invalid value");
  });

  it("enforces the maximum lengths", () => {
    const errors = errorsOf(
      publicBookingSchema.safeParse({
        ...valid(),
        firstName: "a".repeat(LIMITS.name + 1),
        email: `${"a".repeat(250)}@example.com`,
        phone: "1".repeat(LIMITS.phone + 1),
        specialRequests: "a".repeat(LIMITS.requests + 1),
      }),
    );
    expect(errors).toMatchObject({
      firstName: "First name must be at most 100 characters",
      email: "Email must be at most 254 characters",
      phone: "Phone number must be at most 40 characters",
      specialRequests: "Special requests must be at most 2000 characters",
    });
    expect(
      publicBookingSchema.safeParse({ ...valid(), firstName: "a".repeat(LIMITS.name) }).success,
    ).toBe(true);
  });

  it("refuses HTML tags and control characters, keeps quotes, unicode and '<3'", () => {
    const errors = errorsOf(
      publicBookingSchema.safeParse({
        ...valid(),
        firstName: "<script>alert(1)</script>",
        lastName: "Doe\u0000",
        country: "<img src=x onerror=alert(1)>",
        specialRequests: "</textarea><b>hi",
      }),
    );
    expect(errors).toMatchObject({
      firstName: "First name cannot contain HTML tags",
      lastName: "Last name contains characters that are not allowed",
      country: "Country of residence cannot contain HTML tags",
      specialRequests: "Special requests cannot contain HTML tags",
    });
    const ok = publicBookingSchema.safeParse({
      ...valid(),
      firstName: "Zoë-Nakato",
      lastName: "O'Brien; DROP TABLE bookings; --",
      country: "Côte d'Ivoire 🇨🇮",
      specialRequests: "We <3 gorillas.\nA budget < $2,000 please.",
    });
    expect(ok.success).toBe(true);
  });

  it("refuses bad emails and phones", () => {
    for (const email of [
      "jane",
      "jane@",
      "@example.com",
      "jane@example",
      "jane doe@example.com",
      "<a@b.co>",
    ]) {
      expect(errorsOf(publicBookingSchema.safeParse({ ...valid(), email })).email).toBe(
        "Please enter a valid email address",
      );
    }
    for (const phone of ["abc", "12345", "+256 <700>", "call me"]) {
      expect(errorsOf(publicBookingSchema.safeParse({ ...valid(), phone })).phone).toBe(
        "Please enter a valid phone number",
      );
    }
  });

  it("refuses a malformed idempotency key", () => {
    expect(
      errorsOf(publicBookingSchema.safeParse({ ...valid(), idempotencyKey: "short" }))
        .idempotencyKey,
    ).toBe("Invalid request key");
    expect(publicBookingSchema.safeParse({ ...valid(), idempotencyKey: undefined }).success).toBe(
      true,
    );
  });

  it("never throws on values of the wrong type", () => {
    for (const input of [
      null,
      undefined,
      42,
      "text",
      [],
      { firstName: {} },
      { terms: { toString: () => "on" } },
    ]) {
      expect(() => publicBookingSchema.safeParse(input)).not.toThrow();
      expect(publicBookingSchema.safeParse(input).success).toBe(false);
    }
  });
});

describe("booking steps", () => {
  it("validates each step on its own fields", () => {
    const v = valid();
    expect(bookingStepSchemas[0].safeParse(v).success).toBe(true);
    expect(bookingStepSchemas[1].safeParse(v).success).toBe(true);
    expect(bookingStepSchemas[2].safeParse(v).success).toBe(true);
    expect(bookingStepSchemas[0].safeParse({ ...v, email: "x" }).success).toBe(false);
    expect(bookingStepSchemas[1].safeParse({ ...v, email: "x" }).success).toBe(true);
    expect(
      errorsOf(
        bookingStepSchemas[1].safeParse({
          ...v,
          endDate: daysFromToday(1),
          startDate: daysFromToday(2),
        }),
      ).endDate,
    ).toBe("The end date cannot be before the start date");
  });

  it("maps every field to its step, from the steps' schemas", () => {
    expect(PUBLIC_BOOKING_STEPS.map((s) => s.title)).toEqual([
      "Personal Info",
      "Trip Details",
      "Confirmation",
    ]);
    expect(PUBLIC_BOOKING_STEPS.flatMap((s) => s.fields)).toHaveLength(16);
    expect(stepOfField(PUBLIC_BOOKING_STEPS, "email")).toBe(0);
    expect(stepOfField(PUBLIC_BOOKING_STEPS, "tour")).toBe(1);
    expect(stepOfField(PUBLIC_BOOKING_STEPS, "departure")).toBe(1);
    expect(stepOfField(PUBLIC_BOOKING_STEPS, "endDate")).toBe(1);
    expect(stepOfField(PUBLIC_BOOKING_STEPS, "travellers")).toBe(2);
    expect(stepOfField(PUBLIC_BOOKING_STEPS, "terms")).toBe(2);
    expect(stepOfField(PUBLIC_BOOKING_STEPS, "unknown")).toBe(0);
    expect(CUSTOMER_BOOKING_STEPS.map((s) => s.fields)).toEqual([
      ["fullName", "phone", "address"],
      ["tour", "departure", "departureDate", "groupSize", "accommodation"],
      ["dietary", "specialRequests", "travellers", "terms"],
    ]);
  });

  it("offers 1 to 8 and 9+", () => {
    const values = PUBLIC_GROUP_SIZE_OPTIONS.map((o) => o.value);
    expect(values).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9+"]);
    expect(PUBLIC_GROUP_SIZE_OPTIONS[0]?.label).toBe("1 person");
  });
});

describe("shared field rules", () => {
  it("computes today in Kampala (UTC+3)", () => {
    expect(todayInKampala(new Date("2030-06-15T20:59:59Z"))).toBe("2030-06-15");
    expect(todayInKampala(new Date("2030-06-15T21:00:00Z"))).toBe("2030-06-16");
  });

  it("knows real calendar dates", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2027-13-01")).toBe(false);
  });

  it("builds group sizes for other wizards", () => {
    const tenMax = groupSizeField(10);
    expect(tenMax.safeParse("10").data).toBe(10);
    expect(tenMax.safeParse("10+").success).toBe(false);
    expect(tenMax.safeParse("11").error?.issues[0]?.message).toBe("Group size must be at most 10");
  });

  it("turns empty optional text into null", () => {
    const field = optionalText("Notes", 10);
    expect(field.parse("")).toBeNull();
    expect(field.parse("  ")).toBeNull();
    expect(field.parse(undefined)).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse(" a ")).toBe("a");
  });
});

describe("contact schema", () => {
  const contact = {
    name: "Jane Doe",
    email: "jane@example.com",
    country: "",
    phone: "",
    subject: "Gorilla permits",
    message: "Hello\nthere",
  };

  it("stores empty country and phone as null", () => {
    expect(contactSchema.parse(contact)).toEqual({ ...contact, country: null, phone: null });
  });

  it("requires name, email, subject and message", () => {
    expect(errorsOf(contactSchema.safeParse({}))).toEqual({
      name: "Full name is required",
      email: "Email is required",
      subject: "Subject is required",
      message: "Message is required",
    });
  });

  it("bounds subject and message", () => {
    const errors = errorsOf(
      contactSchema.safeParse({ ...contact, subject: "s".repeat(201), message: "m".repeat(5001) }),
    );
    expect(errors).toEqual({
      subject: "Subject must be at most 200 characters",
      message: "Message must be at most 5000 characters",
    });
  });

  it("checks an optional phone only when given", () => {
    expect(errorsOf(contactSchema.safeParse({ ...contact, phone: "abc" })).phone).toBe(
      "Please enter a valid phone number",
    );
    expect(contactSchema.safeParse({ ...contact, phone: "+256 (0) 700-123-456" }).success).toBe(
      true,
    );
  });
});

describe("newsletter schemas", () => {
  it("takes one valid email", () => {
    expect(newsletterSchema.parse({ email: " a@b.co " })).toEqual({ email: "a@b.co" });
    expect(newsletterSchema.safeParse({ email: "a@b" }).success).toBe(false);
    expect(newsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe(
      "Email is required",
    );
  });

  it("checks the unsubscribe link's parameters", () => {
    expect(
      unsubscribeParamsSchema.safeParse({ email: "a@b.co", token: "x".repeat(43) }).success,
    ).toBe(true);
    expect(unsubscribeParamsSchema.safeParse({ email: "a@b.co", token: "bad token" }).success).toBe(
      false,
    );
    expect(
      unsubscribeParamsSchema.safeParse({ email: "nope", token: "x".repeat(43) }).success,
    ).toBe(false);
  });
});

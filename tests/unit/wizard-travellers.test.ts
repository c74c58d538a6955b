/**
 * The travellers of both booking wizards (issue: names as on passports, nationality, dietary and
 * medical notes "collected in the wizard's traveller step"): the schema rules the form and the
 * actions share (My Bookings' row rules, at most the group on a departure, empty rows dropped, a
 * private trip's ignored) and the Travellers section as rendered on the last step.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { type FieldValues, FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";

import { travellerSlots, TravellerRows } from "@/components/booking/traveller-rows";
import { bookingRequestFromPublic } from "@/lib/bookings/request";
import { publicBookingSchema } from "@/lib/bookings/schemas/request";
import { customerBookingSchema } from "@/lib/bookings/schemas/customer-request";
import { tooManyTravellersMessage } from "@/lib/bookings/schemas/travellers";
import { errorsOf, inDays, publicBookingValues } from "@/tests/helpers/payloads";

const DEPARTURE = "11111111-1111-4111-8111-111111111111";

const row = (fullName = "", more: Record<string, string> = {}) => ({
  fullName,
  nationality: "",
  dietary: "",
  medical: "",
  ...more,
});

const onDeparture = (fields: Record<string, unknown> = {}) => ({
  ...publicBookingValues({ tour: "gorilla-safari", departure: DEPARTURE, groupSize: "2" }),
  ...fields,
});

const customerBooking = (fields: Record<string, unknown> = {}) => ({
  fullName: "Amelia Carter",
  phone: "+256 700 123 456",
  address: "",
  tour: "gorilla-safari",
  departure: DEPARTURE,
  departureDate: inDays(40),
  groupSize: "2",
  accommodation: "",
  dietary: "",
  specialRequests: "",
  terms: "true",
  ...fields,
});

describe("the wizards' travellers (schema)", () => {
  it("keeps the named rows in order, trimmed, with empty notes as null", () => {
    const result = publicBookingSchema.safeParse(
      onDeparture({
        travellers: [
          row(" Jane O'Brien ", { nationality: "Irish", medical: "Asthma\ninhaler" }),
          row("Tom O'Brien", { dietary: "vegetarian" }),
        ],
      }),
    );
    expect(result.success).toBe(true);
    expect(result.data?.travellers).toEqual([
      { fullName: "Jane O'Brien", nationality: "Irish", dietary: null, medical: "Asthma\ninhaler" },
      { fullName: "Tom O'Brien", nationality: null, dietary: "vegetarian", medical: null },
    ]);
  });

  it("is optional: no rows, or empty ones, give no travellers", () => {
    expect(publicBookingSchema.safeParse(onDeparture()).data?.travellers).toEqual([]);
    expect(
      publicBookingSchema.safeParse(onDeparture({ travellers: [row(), row("  ")] })).data
        ?.travellers,
    ).toEqual([]);
    // An empty row between two named ones is dropped; the named ones keep their order.
    const three = publicBookingSchema.safeParse(
      onDeparture({ groupSize: "3", travellers: [row("A One"), row(), row("C Three")] }),
    );
    expect(three.data?.travellers.map((t) => t.fullName)).toEqual(["A One", "C Three"]);
  });

  it("needs the name of a row with any detail, on that row's field", () => {
    const result = publicBookingSchema.safeParse(
      onDeparture({ travellers: [row("Jane O'Brien"), row("", { medical: "Diabetic" })] }),
    );
    expect(errorsOf(result)).toEqual({
      "travellers.1.fullName": "Enter the full name as on the passport",
    });
  });

  it("shares My Bookings' field rules (length, markup)", () => {
    const errors = errorsOf(
      customerBookingSchema.safeParse(
        customerBooking({
          travellers: [row("a".repeat(101)), row("<b>Tom</b>", { dietary: "x".repeat(501) })],
        }),
      ),
    );
    expect(errors).toEqual({
      "travellers.0.fullName": "Full name must be at most 100 characters",
      "travellers.1.fullName": "Full name cannot contain HTML tags",
      "travellers.1.dietary": "Dietary needs must be at most 500 characters",
    });
  });

  it("refuses more named travellers than the group on a departure, on the field 'travellers'", () => {
    const four = [row("A One"), row("B Two"), row("C Three"), row("D Four")];
    expect(errorsOf(publicBookingSchema.safeParse(onDeparture({ travellers: four })))).toEqual({
      travellers: tooManyTravellersMessage(2),
    });
    expect(
      errorsOf(
        customerBookingSchema.safeParse(
          customerBooking({ groupSize: "1", travellers: [row("A One"), row("B Two")] }),
        ),
      ),
    ).toEqual({ travellers: tooManyTravellersMessage(1) });
    expect(tooManyTravellersMessage(2)).toBe(
      "This booking is for 2 travellers. Remove the other names or choose a larger group.",
    );
    // Padding rows left empty do not count; '9+' is 9.
    expect(
      publicBookingSchema.safeParse(
        onDeparture({ travellers: [row("A One"), row(), row(), row()] }),
      ).success,
    ).toBe(true);
    expect(
      publicBookingSchema.safeParse(
        onDeparture({
          groupSize: "9+",
          travellers: Array.from({ length: 9 }, (_, i) => row(`T ${i}`)),
        }),
      ).success,
    ).toBe(true);
  });

  it("never takes more rows than the wizard's largest group", () => {
    const eleven = Array.from({ length: 11 }, () => row());
    expect(
      errorsOf(publicBookingSchema.safeParse(onDeparture({ travellers: eleven }))).travellers,
    ).toBe("Too many travellers.");
    expect(
      errorsOf(customerBookingSchema.safeParse(customerBooking({ travellers: eleven }))).travellers,
    ).toBe("Too many travellers.");
    expect(
      errorsOf(publicBookingSchema.safeParse(onDeparture({ travellers: "Jane" }))).travellers,
    ).toBe("Invalid traveller details.");
  });

  it("does not count a private trip's rows (the booking ignores them)", () => {
    const result = publicBookingSchema.safeParse({
      ...publicBookingValues({ tour: "gorilla-safari", departure: "private", groupSize: "1" }),
      travellers: [row("A One"), row("B Two")],
    });
    expect(result.success).toBe(true);
    expect(result.data?.departure).toBeNull();
  });

  it("hands the travellers to the booking request", () => {
    const result = publicBookingSchema.safeParse(
      onDeparture({ travellers: [row("Jane O'Brien")] }),
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(bookingRequestFromPublic(result.data).travellers).toEqual([
      { fullName: "Jane O'Brien", nationality: null, dietary: null, medical: null },
    ]);
  });
});

describe("the Travellers section", () => {
  it("counts one row per member of the group on a departure, none on a private trip", () => {
    expect(travellerSlots(DEPARTURE, "3")).toBe(3);
    expect(travellerSlots(DEPARTURE, "9+")).toBe(9);
    expect(travellerSlots(DEPARTURE, 2)).toBe(2);
    expect(travellerSlots(DEPARTURE, "")).toBe(0);
    expect(travellerSlots("private", "3")).toBe(0);
    expect(travellerSlots("", "3")).toBe(0);
    expect(travellerSlots(undefined, "3")).toBe(0);
  });

  function render(values: FieldValues, note = "You can also send them to us later.") {
    function Harness() {
      const form = useForm({ defaultValues: values });
      const children = createElement(TravellerRows, { leadName: "Jane O'Brien", note });
      // FormProvider takes its children as a prop (its type requires them there).
      // eslint-disable-next-line react/no-children-prop
      return createElement(FormProvider, { ...form, children });
    }
    return renderToString(createElement(Harness));
  }

  it("shows a row per traveller with the four optional fields and the note", () => {
    const html = render({
      departure: DEPARTURE,
      groupSize: "2",
      travellers: [row("Jane O'Brien"), row()],
    });
    expect(html).toContain("Travellers</legend>");
    expect(html).toContain("You can also send them to us later.");
    expect(html).toContain("Traveller 1 (lead)");
    expect(html).toContain("Traveller 2");
    expect(html.match(/Full name \(as on passport\)/g)).toHaveLength(2);
    expect(html.match(/>Nationality</g)).toHaveLength(2);
    expect(html.match(/>Dietary needs</g)).toHaveLength(2);
    expect(html.match(/>Medical notes</g)).toHaveLength(2);
    expect(html).toMatch(/name="travellers.1.medical"/);
    expect(html).not.toContain("aria-required");
  });

  it("shows no more rows than the group, and nothing on a private trip", () => {
    const three = [row("A One"), row("B Two"), row("C Three")];
    const smaller = render({ departure: DEPARTURE, groupSize: "2", travellers: three });
    expect(smaller).toContain("Traveller 2");
    expect(smaller).not.toContain("Traveller 3");
    expect(render({ departure: "private", groupSize: "3", travellers: three })).toBe("");
    expect(render({ departure: "", groupSize: "3", travellers: [] })).toBe("");
  });
});

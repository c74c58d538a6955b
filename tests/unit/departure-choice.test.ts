/**
 * The date step's departure choice of both wizards (components/booking/departure-choice.tsx),
 * rendered to HTML in a form: the tour's dates as radios, a full one disabled with the waitlist,
 * 'Another date (private trip)' only where the tour runs privately, the typed date fields for a
 * private trip or a tour sold on request, and a waitlist offer's date never shown full.
 */
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type FieldValues, FormProvider, useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";

import type { TourDateChoices } from "@/lib/bookings/packages";
import { fullDeparture, openDeparture } from "@/tests/helpers/public-departures";

vi.mock(
  "@/components/departures/lazy-join-waitlist-button",
  async () => (await import("@/tests/helpers/public-departures")).waitlistButtonMock,
);

const { DepartureChoice } = await import("@/components/booking/departure-choice");

const open = openDeparture(2, false);
const full = fullDeparture(open);

function render(
  choices: TourDateChoices | undefined,
  {
    departure = "",
    heldDepartureId,
    priceOf,
  }: {
    departure?: string;
    heldDepartureId?: string;
    priceOf?: (d: { id: string }) => { unitPrice: number; tier: string } | null;
  } = {},
) {
  function InForm({ children }: { children: ReactNode }) {
    const form = useForm<FieldValues>({
      defaultValues: { tour: "gorilla-safari", departure, groupSize: "" },
    });
    // FormProvider takes its children as a prop (its type requires them there).
    // eslint-disable-next-line react/no-children-prop
    return createElement(FormProvider, { ...form, children });
  }
  return renderToString(
    createElement(
      InForm,
      null,
      createElement(DepartureChoice, {
        tour: "gorilla-safari",
        choices,
        tourTitle: "Gorilla Trek & Safari Escape",
        heldDepartureId,
        priceOf,
        fill: (d) => ({ startDate: d?.startDate ?? "" }),
        dateFields: createElement("input", { "data-date-fields": "" }),
      }),
    ),
  );
}

const radioOf = (html: string, value: string) =>
  new RegExp(`<input[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? "";

describe("DepartureChoice", () => {
  it("offers the dates and a private trip; the typed dates show once the private trip is chosen", () => {
    const html = render({ departures: [open, full], privateTrips: true });
    expect(html).toContain("Sat 12 - Wed 16 Jun 2027");
    expect(html).toContain("2 seats left");
    expect(html).toMatch(/>\$1,200<\/span> <span[^>]*>per person/);
    expect(html).not.toContain("From $");
    expect(radioOf(html, open.id)).not.toContain("disabled");
    expect(html).toContain("Another date (private trip)");
    expect(html).not.toContain("data-date-fields");
    expect(render({ departures: [open], privateTrips: true }, { departure: "private" })).toContain(
      "data-date-fields",
    );
  });

  it("says each date's price per person at the tier chosen, when the wizard knows it", () => {
    const html = render(
      { departures: [open, full], privateTrips: false },
      { priceOf: (d) => (d.id === open.id ? { unitPrice: 1650, tier: "Standard" } : null) },
    );
    expect(html.replace(/<!-- -->/g, "")).toMatch(
      />\$1,650<\/span> <span[^>]*>per person, Standard/,
    );
    // Without a tier price, the date's own lowest.
    expect(html).toMatch(/>\$1,200<\/span> <span[^>]*>per person</);
  });

  it("shows a full date disabled, with the waitlist", () => {
    const html = render({ departures: [open, full], privateTrips: true });
    expect(radioOf(html, full.id)).toContain('disabled=""');
    expect(html).toContain(`data-waitlist="${full.id}"`);
    expect(html).not.toContain(`data-waitlist="${open.id}"`);
  });

  it("has no private trip for a tour sold on its departures only", () => {
    const html = render({ departures: [open], privateTrips: false });
    expect(html).not.toContain("Another date (private trip)");
    expect(html).not.toContain("data-date-fields");
  });

  it("checks the departure the wizard opened on", () => {
    expect(
      radioOf(render({ departures: [open], privateTrips: true }, { departure: open.id }), open.id),
    ).toContain('checked=""');
  });

  it("keeps a date whose seats a waitlist offer holds open for its holder", () => {
    const html = render({ departures: [full], privateTrips: false }, { heldDepartureId: full.id });
    expect(radioOf(html, full.id)).not.toContain("disabled");
    expect(html).toContain("Seats held for you");
    expect(html).not.toContain("data-waitlist");
  });

  it("without dates: says so, and asks for a date where the tour runs privately", () => {
    const html = render({ departures: [], privateTrips: true });
    expect(html).toContain("No scheduled departures right now.");
    expect(html).toContain("data-date-fields");
    expect(render({ departures: [], privateTrips: false })).not.toContain("data-date-fields");
  });

  it("is the typed date fields alone for a tour sold on request", () => {
    const html = render(undefined);
    expect(html).toContain("data-date-fields");
    expect(html).not.toContain('type="radio"');
  });
});

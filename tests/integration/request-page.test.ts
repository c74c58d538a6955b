/**
 * A private trip's request has a confirmation page at its own address (/booking/requested/<token>):
 * the wizard's action sends the browser there, and the page says the request's reference, what
 * happens next and by when, the request with the price it comes to, and how to follow it in My
 * Bookings. The same request sent again goes to the first one's page. A forged or altered address
 * shows no request, and a pay link never opens it (nor it a pay page).
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";

import RequestedPage from "@/app/(site)/booking/requested/[token]/page";
import { bookingRef } from "@/lib/bookings/labels";
import { REQUEST_PAGE_PATH, requestPagePath, verifyRequestPage } from "@/lib/bookings/request-link";
import { payLinkToken, verifyPayLink } from "@/lib/payments/pay-link";
import { expectRedirect } from "@/tests/helpers/fake-request";
import { expectToSay, textOf } from "@/tests/helpers/html-text";
import { asFormData, inDays, publicBookingValues } from "@/tests/helpers/payloads";
import { sendRequest } from "@/tests/helpers/requested";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import { openWorld } from "@/tests/helpers/world";
import { submitBookingAction } from "@/actions/bookings";

openWorld(async () => null);
aNewVisitorEachTest("198.51.103");

const page = async (token: string) =>
  textOf(
    renderToStaticMarkup(
      (await RequestedPage({ params: Promise.resolve({ token }) })) as ReactElement,
    ),
  );

const tokenOf = (path: string) => path.slice(REQUEST_PAGE_PATH.length + 1);

describe("the request's confirmation page", () => {
  it("is where the wizard sends a private trip's request, and says what it is and what comes next", async () => {
    const form = publicBookingValues({
      website: "",
      email: "page@example.com",
      tour: "gorilla-safari",
      startDate: inDays(120),
      endDate: inDays(124),
      groupSize: "2",
      accommodation: "standard",
    });
    const location = await expectRedirect(() => submitBookingAction(undefined, asFormData(form)));
    expect(location.startsWith(`${REQUEST_PAGE_PATH}/`)).toBe(true);
    const id = verifyRequestPage(tokenOf(location))!.bookingId;

    const text = await page(tokenOf(location));
    expectToSay(text, [
      "Booking Request Submitted!",
      "We'll contact you within 24 hours to confirm your booking details.",
      `Your reference ${bookingRef(id)}`,
      "What happens next",
      "page@example.com",
      "(Kampala time)",
      "Gorilla Trek & Safari Escape",
      "2 people",
      "Standard",
      "Standard: $1,800 x 2",
      "$3,600.00",
      "Deposit (30%)",
      "Create an account",
      "See it in My Bookings",
    ]);

    // Sent again (a new form, so a new key): the same request, the same page's booking.
    const again = await sendRequest(asFormData({ ...form, idempotencyKey: crypto.randomUUID() }));
    expect(again).toBe(id);
  });

  it("shows no request for a forged, altered or pay-link address", async () => {
    const id = await sendRequest(
      asFormData(publicBookingValues({ website: "", email: "forged@example.com" })),
    );
    const token = tokenOf(requestPagePath(id));
    const altered = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}A`;
    for (const bad of [altered, payLinkToken(id), "not-a-token"]) {
      const text = await page(bad);
      expect(text).toContain("This link has expired");
      expect(text).not.toContain(bookingRef(id));
    }
    // Nor is the page's address a pay link.
    expect(verifyPayLink(token)).toBeNull();
  });
});

/**
 * Run by bench/pay-page.ts on the bench site's database, before its server opens it: a booking as
 * a visitor sends it from /booking, confirmed at its quoted total, and its pay page's path on the
 * last line of the output.
 */
import path from "node:path";

import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { eq, sql } from "drizzle-orm";

import { openPglite, setDbHandle } from "@/db";
import { prepareEmbeddedDatabase } from "@/db/prepare";
import { bookings, tours } from "@/db/schema";
import { bookingRequestFromPublic } from "@/lib/bookings/request";
import { todayInKampala } from "@/lib/dates";
import { createBooking } from "@/lib/bookings/data/requests";
import { env } from "@/lib/env";
import { payPagePath } from "@/lib/payments/pay-link";
import { derivePaymentStatus } from "@/lib/payments/ledger";
import { balanceDueOn, computeQuote } from "@/lib/payments/quote";
import { publicBookingSchema } from "@/lib/bookings/schemas/request";

import { PAY_TOUR } from "./pay-page";

async function main() {
  const handle = await openPglite({ dataDir: path.resolve(env.PGLITE_DIR) });
  setDbHandle(handle);
  try {
    await prepareEmbeddedDatabase(handle, { demo: false });
    // What the wizard posts: far enough ahead that the deposit and the whole amount are offered.
    const request = publicBookingSchema.parse({
      firstName: "Nakato",
      lastName: "Payer",
      email: "nakato.payer@bench.breatheuganda.com",
      phone: "+256 772 123 456",
      country: "Uganda",
      tour: PAY_TOUR,
      startDate: format(addDays(new Date(), 200), "yyyy-MM-dd"),
      groupSize: "2",
      accommodation: "standard",
      terms: "on",
      idempotencyKey: "bench-pay-page-booking",
    });
    const { id } = await createBooking(bookingRequestFromPublic(request), { source: "public" });

    // Staff's confirmation with the computed total (lib/bookings/data/quote.ts needs a staff
    // session, which a script has not): the same total, due day and derived status.
    const [b] = await handle.db
      .select({
        departureDate: bookings.departureDate,
        groupSize: bookings.groupSize,
        accommodation: bookings.accommodationPreference,
        packages: tours.pricing,
        balanceDueDays: tours.balanceDueDays,
      })
      .from(bookings)
      .innerJoin(tours, eq(tours.id, bookings.tourId))
      .where(eq(bookings.id, id));
    const quote = b
      ? computeQuote({
          packages: b.packages.packages,
          departurePrices: null,
          accommodation: b.accommodation,
          groupSize: b.groupSize,
        })
      : null;
    if (!b || !quote) throw new Error(`no quote for the ${PAY_TOUR} booking`);
    await handle.db
      .update(bookings)
      .set({
        totalMinor: quote.totalMinor,
        balanceDueOn: balanceDueOn(b.departureDate, b.balanceDueDays, todayInKampala()),
        depositPercent: env.DEPOSIT_PERCENT,
        paymentStatus: derivePaymentStatus(quote.totalMinor, []),
        bookingStatus: "confirmed",
        confirmedAt: sql`clock_timestamp()`,
      })
      .where(eq(bookings.id, id));
    console.log(payPagePath(id));
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

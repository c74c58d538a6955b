/** Shilling arithmetic and words (lib/payments/ugx.ts) and the rate form's schema. */
import { describe, expect, it } from "vitest";

import { ugxRateSchema } from "@/lib/payments/rate-schema";
import {
  formatRate,
  paidInShillings,
  rateDay,
  rateHundredths,
  shillingsQuote,
  ugxForUsd,
} from "@/lib/payments/ugx";
import { expectOutputs } from "@/tests/helpers/tables";

describe("ugxForUsd", () => {
  it("prices US cents in whole shillings, rounded up", () => {
    expectOutputs(
      ([usd, rate]: [number, string]) => ugxForUsd(usd, rate),
      [
        [[33_351, "3700"], 1_233_987],
        [[33_351, "3712.50"], 1_238_156],
        [[1, "3700"], 37],
        [[1, "3700.01"], 38],
        // $1,000,000.00 at a million shillings: exact past 2^53 in the product.
        [[100_000_000, "999999.99"], 999_999_990_000],
      ],
    );
  });

  it("refuses what is not an amount or a rate", () => {
    expect(() => ugxForUsd(0, "3700")).toThrow(RangeError);
    expect(() => ugxForUsd(100, "0")).toThrow(RangeError);
    expect(() => ugxForUsd(100, "3.700.5")).toThrow(RangeError);
  });
});

describe("the words", () => {
  it("says rates, days and both amounts as the screens and receipts do", () => {
    expect([formatRate("3700.00"), formatRate("3712.50"), rateHundredths("3,712.5")]).toEqual([
      "3,700",
      "3,712.5",
      371_250,
    ]);
    // 21:30 UTC on 26 Nov is 00:30 on the 27th in Kampala.
    expect(rateDay(new Date("2026-11-26T21:30:00Z"))).toBe("27 Nov 2026");
    expect(paidInShillings(1_234_000, 33_351, "3700.00")).toBe(
      "UGX 1,234,000 (USD 333.51 at 3,700 UGX per USD)",
    );
    expect(shillingsQuote(1_234_000, "3700", new Date("2026-11-27T06:00:00Z"))).toBe(
      "UGX 1,234,000 at 3,700 UGX per USD, rate of 27 Nov 2026",
    );
  });
});

describe("ugxRateSchema", () => {
  it("reads a rate to two decimals and a Kampala date and time", () => {
    expect(ugxRateSchema.parse({ rate: " 3,712.5 ", effectiveFrom: "2026-11-27T09:00" })).toEqual({
      rate: "3712.50",
      effectiveFrom: new Date("2026-11-27T06:00:00Z"),
    });
    expect(ugxRateSchema.parse({ rate: "3700", effectiveFrom: "" })).toEqual({
      rate: "3700.00",
      effectiveFrom: null,
    });
  });

  it("refuses a rate that is not positive, too precise or too large, and a malformed time", () => {
    for (const rate of ["", "0", "-1", "3700.123", "2000000", "abc"])
      expect(ugxRateSchema.safeParse({ rate }).success, rate).toBe(false);
    expect(
      ugxRateSchema.safeParse({ rate: "3700", effectiveFrom: "2026-11-27 25:00" }).success,
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";

import { LEGAL_SECTIONS } from "@/components/legal/legal-page";
import { TERMS_VERSION } from "@/lib/proposals/terms-version";

describe("the booking terms' version a traveller accepts", () => {
  it("names the last-updated dates the terms page shows for the terms and the refund policy", () => {
    const updated = (id: string) => LEGAL_SECTIONS.find((s) => s.id === id)?.updated;
    expect(TERMS_VERSION).toBe(
      `Terms of Use ${updated("terms-of-use")}; Refund & Cancellation Policy ${updated("refund-policy")}`,
    );
  });
});

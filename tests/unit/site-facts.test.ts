/**
 * Facts the public pages state agree with each other: a tour's 'Group size' with the seats of its
 * departures (lib/departures/rules.ts groupSizeFact), and the years in business with the founding
 * year the copy names ('since 2009': 17 years in 2026, never a number typed once and left).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { WhyChooseUs } from "@/components/home/why-choose-us";
import { groupSizeFact } from "@/lib/departures/rules";
import { FOUNDED_YEAR, yearsInBusiness } from "@/lib/site";

describe("a tour's group size", () => {
  it("is bounded by the seats its departures sell", () => {
    expect(groupSizeFact("2-6 people", [8, 8])).toBe("2-8 people");
    expect(groupSizeFact("2-12 people", [12, 10])).toBe("2-12 people");
    expect(groupSizeFact("Private or small group", [8])).toBe("Up to 8 people");
    expect(groupSizeFact("2-6 people", [])).toBe("2-6 people");
    expect(groupSizeFact(null, [])).toBeNull();
  });
});

describe("years in business", () => {
  it("count from the founding year", () => {
    expect(FOUNDED_YEAR).toBe(2009);
    expect(yearsInBusiness("2026-11-28")).toBe(17);
  });

  it("are what the home page and the about page say", () => {
    const html = renderToStaticMarkup(createElement(WhyChooseUs));
    expect(html).toContain(`${yearsInBusiness()} years of guiding`);
    const root = path.resolve(import.meta.dirname, "../..");
    for (const file of [
      "components/home/why-choose-us.tsx",
      "components/about/about-content.tsx",
    ]) {
      expect(readFileSync(path.join(root, file), "utf8")).not.toMatch(/Fifteen years/i);
    }
  });
});

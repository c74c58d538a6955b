import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { TOUR_CATEGORIES } from "@/lib/domain";
import {
  CARD_HIGHLIGHTS,
  filterTours,
  formatUsd,
  fromPrice,
  durationText,
  isTourCategory,
  packageDisplayName,
  parseCategory,
  parseQuery,
  priceLabel,
  publicDifficulty,
  resultsLine,
  slugify,
  type TourCard,
} from "@/lib/tours/rules";

type Searchable = Pick<TourCard, "title" | "shortDescription" | "location" | "category">;

const catalogue: Searchable[] = [
  {
    title: "Gorilla Trek & Safari Escape",
    shortDescription: "Stand an arm's length from a mountain gorilla family.",
    location: "Bwindi Impenetrable National Park, Uganda",
    category: "Wildlife",
  },
  {
    title: "Nile Adventure",
    shortDescription: "White-water rafting at the source of the Nile.",
    location: "Jinja, Uganda",
    category: "Adventure",
  },
  {
    title: "Kampala Cultural Tour",
    shortDescription: null,
    location: "Kampala",
    category: "Cultural",
  },
  {
    title: "Crater Lakes Explorer",
    shortDescription: "Walk the rims of the Fort Portal crater lakes.",
    location: null,
    category: "Nature",
  },
];
const titles = (tours: Searchable[]) => tours.map((t) => t.title);

describe("resultsLine (spec: 'Showing N tours in Category matching query')", () => {
  it("counts all tours", () => {
    expect(resultsLine(12)).toBe("Showing 12 tours");
  });
  it("names the category", () => {
    expect(resultsLine(4, "Wildlife")).toBe("Showing 4 tours in Wildlife");
  });
  it("quotes the search text", () => {
    expect(resultsLine(2, undefined, "gorilla")).toBe("Showing 2 tours matching gorilla");
  });
  it("combines category and search, category first", () => {
    expect(resultsLine(1, "Wildlife", "gorilla")).toBe("Showing 1 tour in Wildlife matching gorilla");
  });
  it("says 0 tours when nothing matches", () => {
    expect(resultsLine(0, "Nature", "zzz")).toBe("Showing 0 tours in Nature matching zzz");
  });
});

describe("filterTours (spec 5: case-insensitive substring on title, description, location + category)", () => {
  it("returns everything without a query or category", () => {
    expect(filterTours(catalogue, {})).toHaveLength(catalogue.length);
    expect(filterTours(catalogue, { query: "   " })).toHaveLength(catalogue.length);
  });
  // Each search, and the titles it finds.
  it.each<[string, [Parameters<typeof filterTours>[1], string[]][]]>([
    [
      "matches the title case-insensitively",
      [
        [{ query: "GORILLA" }, ["Gorilla Trek & Safari Escape"]],
        [{ query: "nile adv" }, ["Nile Adventure"]],
      ],
    ],
    ["matches the description", [[{ query: "white-water" }, ["Nile Adventure"]]]],
    [
      "matches the location",
      [
        [{ query: "jinja" }, ["Nile Adventure"]],
        [{ query: "uganda" }, ["Gorilla Trek & Safari Escape", "Nile Adventure"]],
      ],
    ],
    [
      "does not trip over missing description or location",
      [
        [{ query: "kampala" }, ["Kampala Cultural Tour"]],
        [{ query: "crater" }, ["Crater Lakes Explorer"]],
      ],
    ],
    ["filters by category", [[{ category: "Cultural" }, ["Kampala Cultural Tour"]]]],
    [
      "combines category and query (both must hold)",
      [
        [{ category: "Wildlife", query: "uganda" }, ["Gorilla Trek & Safari Escape"]],
        [{ category: "Nature", query: "gorilla" }, []],
      ],
    ],
  ])("%s", (_title, searches) => {
    for (const [search, found] of searches)
      expect(titles(filterTours(catalogue, search))).toEqual(found);
  });
  it.each(["%", "_", "'; drop table tours;--", "<script>", "<script>alert(1)</script>", ".*", "\\", "[a-z]"])(
    "treats %j as plain text: it matches nothing",
    (query) => {
      expect(filterTours(catalogue, { query })).toEqual([]);
    },
  );
  it("never returns a tour that lacks the query (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (query) => {
        const needle = query.trim().toLocaleLowerCase();
        for (const t of filterTours(catalogue, { query })) {
          const fields = [t.title, t.shortDescription, t.location].map((f) => (f ?? "").toLocaleLowerCase());
          expect(fields.some((f) => f.includes(needle))).toBe(true);
        }
      }),
    );
  });
  it("does not modify its input", () => {
    const before = structuredClone(catalogue);
    filterTours(catalogue, { query: "nile", category: "Adventure" });
    expect(catalogue).toEqual(before);
  });
});

describe("parseCategory", () => {
  it.each(TOUR_CATEGORIES)("accepts %s", (category) => {
    expect(parseCategory(category)).toBe(category);
  });
  it.each(["Nope", "All", "", "wild", "Wildlife ", "<script>"])("maps unknown %j to undefined (all tours)", (value) => {
    expect(parseCategory(value)).toBeUndefined();
  });
  it("treats a missing parameter as all tours", () => {
    expect(parseCategory(undefined)).toBeUndefined();
  });
  it("uses the first of repeated parameters", () => {
    expect(parseCategory(["Nature", "Wildlife"])).toBe("Nature");
  });
});

describe("isTourCategory", () => {
  it("knows the four categories and nothing else", () => {
    expect(TOUR_CATEGORIES).toEqual(["Wildlife", "Adventure", "Cultural", "Nature"]);
    expect(TOUR_CATEGORIES.every(isTourCategory)).toBe(true);
    expect(isTourCategory("All")).toBe(false);
    expect(isTourCategory(undefined)).toBe(false);
    expect(isTourCategory(3)).toBe(false);
  });
});

describe("parseQuery", () => {
  it("trims the search text", () => {
    expect(parseQuery("  gorilla  ")).toBe("gorilla");
  });
  it("caps it at 100 characters", () => {
    expect(parseQuery("x".repeat(500))).toHaveLength(100);
  });
  it("handles missing and repeated parameters", () => {
    expect(parseQuery(undefined)).toBe("");
    expect(parseQuery(["nile", "gorilla"])).toBe("nile");
  });
});

describe("slugify (spec 5: lowercased, non-alphanumerics removed, spaces to hyphens, hyphens collapsed)", () => {
  it.each([
    ["Gorilla Trek & Safari Escape", "gorilla-trek-safari-escape"],
    ["Nile Adventure", "nile-adventure"],
    ["Lake Bunyonyi - Island Retreat!", "lake-bunyonyi-island-retreat"],
    ["  Sipi   Falls  ", "sipi-falls"],
    ["Murchison Falls 3-Day Safari", "murchison-falls-3-day-safari"],
    ["Kampala's Cultural Heart", "kampalas-cultural-heart"],
    ["a -- b", "a-b"],
    ["!!!", ""],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
  it("always yields a slug the tour form accepts, or nothing (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" })), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe("prices", () => {
  it("priceLabel: '$450 per person' from the first package", () => {
    expect(
      priceLabel([
        { name: "Budget", price: 450, per: "person" },
        { name: "Standard", price: 680, per: "person" },
      ]),
    ).toBe("$450 per person");
    expect(priceLabel([])).toBeNull();
  });
  it("fromPrice: 'From $1,200' on cards", () => {
    expect(fromPrice(1200)).toBe("From $1,200");
    expect(fromPrice(450)).toBe("From $450");
    expect(fromPrice(null)).toBe("Custom quote");
  });
  it("formatUsd: whole US dollars with thousands separators", () => {
    expect(formatUsd(2500)).toBe("$2,500");
    expect(formatUsd(320)).toBe("$320");
  });
});

describe("durationText", () => {
  it("'5 Days / 4 Nights' from the number of days", () => {
    expect(durationText(null, 5)).toBe("5 Days / 4 Nights");
    expect(durationText(null, 2)).toBe("2 Days / 1 Night");
    expect(durationText(null, 7)).toBe("7 Days / 6 Nights");
  });
  it("uses the admin's label when there is one", () => {
    expect(durationText("3 Days / 2 Nights (flexible)", 5)).toBe("3 Days / 2 Nights (flexible)");
  });
  it("says Flexible without a duration", () => {
    expect(durationText(null, null)).toBe("Flexible");
  });
});

describe("publicDifficulty (spec 9: the public detail says Moderate for Medium)", () => {
  it.each([
    ["Easy", "Easy"],
    ["Medium", "Moderate"],
    ["High", "High"],
  ] as const)("%s -> %s", (admin, shown) => {
    expect(publicDifficulty(admin)).toBe(shown);
  });
});

describe("packageDisplayName (booking wizards)", () => {
  it("is the title plus the duration", () => {
    expect(packageDisplayName("Gorilla Trek & Safari Escape", 5)).toBe("Gorilla Trek & Safari Escape (5 Days)");
    expect(packageDisplayName("Custom", null)).toBe("Custom");
  });
});

describe("CARD_HIGHLIGHTS", () => {
  it("is 3 (spec 9: a card shows at most 3 highlights)", () => {
    expect(CARD_HIGHLIGHTS).toBe(3);
  });
});

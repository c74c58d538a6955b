import { describe, expect, it } from "vitest";

import {
  choiceParam,
  clampPage,
  containsPattern,
  countLabel,
  dayParam,
  escapeLike,
  idParam,
  isUuid,
  listHref,
  PAGE_MAX,
  pageCountOf,
  pageParam,
  pagerText,
  parseListQuery,
  searchParam,
} from "@/lib/list-query";
import { kampalaDayStart } from "@/lib/dates";

const ID = "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f";

const shape = {
  q: searchParam(),
  status: choiceParam(["all", "open", "closed"], "all"),
  page: pageParam,
  edit: idParam,
};

describe("parseListQuery", () => {
  it("reads search, choice, page and id from URL parameters", () => {
    expect(parseListQuery(shape, { q: "  gorilla ", status: "open", page: "3", edit: ID })).toEqual(
      { q: "gorilla", status: "open", page: 3, edit: ID },
    );
  });

  it("gives every missing parameter its default", () => {
    expect(parseListQuery(shape, {})).toEqual({ q: "", status: "all", page: 1, edit: null });
  });

  it("falls back on bad values instead of refusing the URL", () => {
    expect(
      parseListQuery(shape, { status: "everything", page: "abc", edit: "1; drop table" }),
    ).toEqual({ q: "", status: "all", page: 1, edit: null });
    for (const page of ["0", "-2", "2.5", "", "1e", "NaN"]) {
      expect(parseListQuery(shape, { page }).page).toBe(1);
    }
  });

  it("takes the first of repeated parameters", () => {
    expect(parseListQuery(shape, { q: ["nile", "jinja"], page: ["4", "9"] })).toMatchObject({
      q: "nile",
      page: 4,
    });
  });

  it("cuts a long search and brings a huge page down", () => {
    const parsed = parseListQuery(shape, { q: "x".repeat(150), page: "99999999" });
    expect(parsed.q).toBe("x".repeat(100));
    expect(parsed.page).toBe(PAGE_MAX);
    expect(parseListQuery({ q: searchParam(5) }, { q: "  abcdefgh" }).q).toBe("abcde");
  });
});

describe("pages", () => {
  it("counts pages, at least one", () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
  });

  it("clamps a page past the end to the last page", () => {
    expect(clampPage(7, 23, 10)).toBe(3);
    expect(clampPage(2, 23, 10)).toBe(2);
    expect(clampPage(5, 0, 10)).toBe(1);
  });

  it("writes the pager's texts, with a capped count as '1,000+'", () => {
    expect(pagerText({ page: 2, pageCount: 3, total: 23, shown: 10 }, 10, "bookings")).toEqual({
      showing: "Showing 11 to 20 of 23 bookings",
      pageOf: "Page 2 of 3",
    });
    expect(pagerText({ page: 3, pageCount: 3, total: 23, shown: 3 }, 10, "bookings").showing).toBe(
      "Showing 21 to 23 of 23 bookings",
    );
    expect(
      pagerText({ page: 1, pageCount: 100, total: 1000, shown: 10, capped: true }, 10, "messages"),
    ).toEqual({ showing: "Showing 1 to 10 of 1,000+ messages", pageOf: "Page 1 of 100+" });
    expect(countLabel(12)).toBe("12");
  });
});

describe("listHref", () => {
  it("leaves out empty values and defaults, page 1 included", () => {
    expect(listHref("/admin/x", { q: "", page: 1, status: "all" }, { status: "all" })).toBe(
      "/admin/x",
    );
    expect(listHref("/admin/x", { q: "jinja & co", page: 2, status: "open" })).toBe(
      "/admin/x?q=jinja+%26+co&page=2&status=open",
    );
  });
});

describe("LIKE patterns", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(escapeLike("100%_off\\")).toBe("100\\%\\_off\\\\");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("plain")).toBe("%plain%");
  });
});

describe("isUuid", () => {
  it("accepts a uuid as Postgres writes it, in either case, and nothing else", () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid(`${ID} `)).toBe(false);
    expect(isUuid(ID.slice(1))).toBe(false);
    expect(isUuid("0b5c1f4e1d2a4c3b8e9f0a1b2c3d4e5f")).toBe(false);
  });
});

describe("dayParam", () => {
  it("keeps a calendar day that exists, else no day", () => {
    expect(dayParam.parse(" 2026-03-10 ")).toBe("2026-03-10");
    expect(dayParam.parse("2028-02-29")).toBe("2028-02-29");
    for (const bad of ["2026-02-30", "2026-13-01", "10/03/2026", "yesterday", "", 20260310])
      expect(dayParam.parse(bad)).toBe("");
  });

  it("starts a Kampala day at 21:00 UTC the evening before", () => {
    expect(kampalaDayStart("2026-03-10").toISOString()).toBe("2026-03-09T21:00:00.000Z");
    expect(kampalaDayStart("2026-12-31", 1).toISOString()).toBe("2026-12-31T21:00:00.000Z");
  });
});

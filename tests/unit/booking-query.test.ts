import { describe, expect, it } from "vitest";

import { parseBookingQuery } from "@/lib/bookings/own-list-query";

describe("parseBookingQuery", () => {
  it("reads the query from URL parameters safely", () => {
    expect(parseBookingQuery({ q: "  gorilla ", filter: "past", page: "2" })).toEqual({
      q: "gorilla",
      filter: "past",
      page: 2,
    });
    expect(parseBookingQuery({ filter: "everything", page: "-3" })).toEqual({
      q: "",
      filter: "all",
      page: 1,
    });
    expect(parseBookingQuery({ q: ["a", "b"], page: "abc" })).toEqual({
      q: "a",
      filter: "all",
      page: 1,
    });
  });

  it("bounds the search to 100 characters and the page to 100000", () => {
    expect(parseBookingQuery({ q: "x".repeat(150), page: "9999999" })).toEqual({
      q: "x".repeat(100),
      filter: "all",
      page: 100_000,
    });
  });
});

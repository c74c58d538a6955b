import { parse } from "csv-parse/sync";
/**
 * The manifest's pure rules (lib/departures/manifest.ts): traveller slots up to the group size, the CSV
 * (one row per traveller, formulas neutralised, each trekker's permit number) and its file name, and until when a customer may
 * edit their travellers.
 */
import { describe, expect, it } from "vitest";

import {
  MANIFEST_CSV_HEADER,
  manifestCsv,
  manifestFileName,
  travellersEditable,
  travellerSlots,
} from "@/lib/departures/manifest";

const given = (position: number, fullName: string) => ({
  position,
  fullName,
  nationality: "Uganda",
  dietary: null,
  medical: null,
});

describe("traveller slots", () => {
  it("fills the positions not given with 'Traveller n: details not given yet'", () => {
    const slots = travellerSlots(3, [given(1, "Amina Nakato"), given(3, "Brian Okello")]);
    expect(slots.map((s) => [s.position, s.given, s.fullName])).toEqual([
      [1, true, "Amina Nakato"],
      [2, false, "Traveller 2: details not given yet"],
      [3, true, "Brian Okello"],
    ]);
  });

  it("keeps rows past a group made smaller, and shows an empty booking's travellers as missing", () => {
    expect(travellerSlots(1, [given(1, "A"), given(2, "B")]).map((s) => s.fullName)).toEqual([
      "A",
      "B",
    ]);
    expect(travellerSlots(2, []).map((s) => s.given)).toEqual([false, false]);
  });
});

describe("the manifest CSV", () => {
  it("writes one row per traveller under the header, with CRLF lines and formulas neutralised", () => {
    const csv = manifestCsv([
      {
        id: "1a2b3c4d-0000-4000-8000-000000000000",
        leadName: '=HYPERLINK("x")',
        email: "amina@example.com",
        phone: "+256 700 123 456",
        groupSize: 2,
        paymentStatus: "Deposit Made",
        travellers: travellerSlots(2, [
          {
            position: 1,
            fullName: "Amina, Nakato",
            nationality: "Uganda",
            dietary: "Vegan",
            medical: "@asthma",
          },
        ]),
      },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(MANIFEST_CSV_HEADER.map((h) => `"${h}"`).join(","));
    expect(lines).toHaveLength(4); // header, two travellers, the final line break
    expect(lines[1]).toBe(
      `"1A2B3C4D","'=HYPERLINK(""x"")","amina@example.com","'+256 700 123 456","2","Deposit Made","1","Amina, Nakato","Uganda","Vegan","'@asthma",""`,
    );
    expect(parse(csv)[2]).toEqual([
      "1A2B3C4D",
      "'=HYPERLINK(\"x\")",
      "amina@example.com",
      "'+256 700 123 456",
      "2",
      "Deposit Made",
      "2",
      "Traveller 2: details not given yet",
      "",
      "",
      "",
      "",
    ]);
  });

  it("gives each trekker's UWA permit number in the last column, empty until it is typed", () => {
    const [first, second, third] = travellerSlots(3, [given(1, "Sophie Laurent")]);
    const csv = manifestCsv([
      {
        id: "1a2b3c4d-0000-4000-8000-000000000000",
        leadName: "Sophie Laurent",
        email: "sophie@example.com",
        phone: "0700123456",
        groupSize: 3,
        paymentStatus: "Paid",
        travellers: [
          { ...first!, permit: { number: "UG-BW-0412" } },
          { ...second!, permit: { number: null } },
          { ...third!, permit: null },
        ],
      },
      {
        id: "5e6f7a8b-0000-4000-8000-000000000000",
        leadName: "Kato Mukasa",
        email: "kato@example.com",
        phone: "0700123457",
        groupSize: 1,
        paymentStatus: "Paid",
        // A tour that needs no permit.
        travellers: travellerSlots(1, [given(1, "Kato Mukasa")]),
      },
    ]);
    const records = parse(csv) as string[][];
    expect(records[0]!.at(-1)).toBe("UWA Permit");
    expect(records.slice(1).map((r) => [r[7], r[11]])).toEqual([
      ["Sophie Laurent", "UG-BW-0412"],
      ["Traveller 2: details not given yet", ""],
      ["Traveller 3: details not given yet", ""],
      ["Kato Mukasa", ""],
    ]);
  });

  it("keeps a note's line break inside its cell, so the text after it is no row of its own and no live formula", () => {
    const csv = manifestCsv([
      {
        id: "1a2b3c4d-0000-4000-8000-000000000000",
        leadName: "Amina Nakato",
        email: "amina@example.com",
        phone: "0700123456",
        groupSize: 1,
        paymentStatus: "Deposit Made",
        travellers: travellerSlots(1, [
          {
            position: 1,
            fullName: "Amina Nakato",
            nationality: "Uganda",
            dietary: "None\r-3+cmd|' /C calc'!A0",
            medical: "Asthma\n=1+1",
          },
        ]),
      },
    ]);
    const records = parse(csv) as string[][];
    expect(records).toHaveLength(2); // the header and the one traveller
    expect(records[1]!.slice(9, 11)).toEqual(["None\r'-3+cmd|' /C calc'!A0", "Asthma\n'=1+1"]);
    // No physical line of the file starts a formula either.
    for (const line of csv.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@\t]/);
  });

  it("names the file after the tour and the departure's start date", () => {
    expect(manifestFileName("gorilla-safari", "2027-06-12")).toBe(
      "manifest-gorilla-safari-2027-06-12.csv",
    );
    expect(manifestFileName('a"b/../c', "2027-06-12")).toBe("manifest-abc-2027-06-12.csv");
  });
});

describe("editing travellers", () => {
  const today = "2027-06-10";
  it("is open until the day before departure, for a live booking", () => {
    expect(travellersEditable({ departureDate: "2027-06-11", live: true }, today)).toBe(true);
    expect(travellersEditable({ departureDate: "2027-06-10", live: true }, today)).toBe(false);
    expect(travellersEditable({ departureDate: "2027-06-01", live: true }, today)).toBe(false);
    expect(travellersEditable({ departureDate: null, live: true }, today)).toBe(true);
    expect(travellersEditable({ departureDate: "2027-07-01", live: false }, today)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";

import {
  editRefusal,
  isProposalReference,
  newProposalReference,
  newVersionRefusal,
  proposalStatus,
  sendRefusal,
  type VersionFacts,
  versionStatus,
} from "@/lib/proposals/rules";

const TODAY = "2027-03-10";
const v = (o: Partial<VersionFacts>): VersionFacts => ({
  number: 1,
  state: "sent",
  optionDate: "2027-03-15",
  viewCount: 0,
  ...o,
});

describe("reference", () => {
  it("is 'TM-' and six unambiguous characters", () => {
    const ref = newProposalReference();
    expect(ref).toMatch(/^TM-[A-Z2-9]{6}$/);
    expect(isProposalReference(ref)).toBe(true);
    expect(isProposalReference("TM-O0I1L5")).toBe(false);
    expect(newProposalReference((b) => b.fill(0))).toBe("TM-AAAAAA");
  });
});

describe("status", () => {
  it("a version: draft, sent, viewed, lapsed after its option date, accepted", () => {
    expect(versionStatus(v({ state: "draft" }), TODAY)).toBe("draft");
    expect(versionStatus(v({}), TODAY)).toBe("sent");
    expect(versionStatus(v({ viewCount: 2 }), TODAY)).toBe("viewed");
    expect(versionStatus(v({ optionDate: TODAY }), TODAY)).toBe("sent");
    expect(versionStatus(v({ optionDate: "2027-03-09", viewCount: 3 }), TODAY)).toBe("lapsed");
    expect(versionStatus(v({ state: "accepted", optionDate: "2027-01-01" }), TODAY)).toBe(
      "accepted",
    );
  });

  it("a proposal: the version the traveller holds; a draft of the next one changes nothing", () => {
    expect(proposalStatus([v({ state: "draft" })], TODAY)).toBe("draft");
    expect(proposalStatus([v({ viewCount: 1 }), v({ number: 2, state: "draft" })], TODAY)).toBe(
      "viewed",
    );
    expect(
      proposalStatus([v({ optionDate: "2027-03-01" }), v({ number: 2, viewCount: 0 })], TODAY),
    ).toBe("sent");
    expect(proposalStatus([v({ optionDate: "2027-03-01" })], TODAY)).toBe("lapsed");
    expect(proposalStatus([v({ state: "accepted" }), v({ number: 2 })], TODAY)).toBe("accepted");
  });
});

describe("what may be done to a version", () => {
  it("only a draft is editable, never on an accepted proposal", () => {
    expect(editRefusal({ state: "draft" }, [{ state: "draft" }])).toBeNull();
    expect(editRefusal({ state: "sent" }, [{ state: "sent" }])).toMatch(/new version/);
    expect(editRefusal({ state: "draft" }, [{ state: "accepted" }, { state: "draft" }])).toMatch(
      /accepted/,
    );
  });

  it("a new version from the latest sent (or lapsed) one, one draft at a time", () => {
    const sent = v({});
    expect(newVersionRefusal(sent, [sent])).toBeNull();
    expect(newVersionRefusal(sent, [sent, v({ number: 2, state: "draft" })])).toMatch(/draft/);
    expect(newVersionRefusal(sent, [sent, v({ number: 2 })])).toMatch(/latest/);
    expect(newVersionRefusal(v({ state: "draft" }), [v({ state: "draft" })])).toMatch(/draft/);
    expect(newVersionRefusal(sent, [v({ state: "accepted" })])).toMatch(/accepted/);
  });

  it("sending needs a day, a total and an option date not past", () => {
    const ready = { state: "draft" as const, optionDate: TODAY, totalMinor: 1, dayCount: 1 };
    expect(sendRefusal(ready, TODAY)).toBeNull();
    expect(sendRefusal({ ...ready, dayCount: 0 }, TODAY)).toMatch(/day/);
    expect(sendRefusal({ ...ready, totalMinor: 0 }, TODAY)).toMatch(/price/);
    expect(sendRefusal({ ...ready, optionDate: "2027-03-09" }, TODAY)).toMatch(/option date/);
    expect(sendRefusal({ ...ready, state: "sent" }, TODAY)).toMatch(/already/);
  });
});

/**
 * The staff side of tailor-made proposals (lib/proposals/data/staff.ts, actions/proposals.ts,
 * lib/proposals/data/reminders.ts): a seven-day proposal built from library rows and priced as
 * worked by hand, sent with its link in the outbox, a sent version that never changes (editing
 * makes version 2), the audit trail of each change, one proposal a booking request, and the
 * reminders to staff mailed once.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  sendProposalAction,
  setVersionPricesAction,
  updateVersionSettingsAction,
} from "@/actions/proposals";
import {
  activities,
  bookings,
  emailOutbox,
  lodgeRooms,
  lodges,
  proposalLines,
  proposalVersions,
  vehicles,
} from "@/db/schema";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { verifyProposalToken } from "@/lib/proposals/link";
import { sendProposalReminders } from "@/lib/proposals/data/reminders";
import {
  createProposal,
  getProposal,
  listProposals,
  saveProposalDay,
  saveProposalLine,
  startNewVersion,
} from "@/lib/proposals/data/staff";
import { parseProposalsQuery } from "@/lib/proposals/list-query";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { latestMail } from "@/tests/helpers/outbox";
import { inDays } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld((db) => createAdminWorld(db));

const lib = { kampalaRoom: "", bwindiRoom: "", gorillas: "", landCruiser: "", flight: "" };

beforeAll(async () => {
  const [kampala, bwindi] = await t.db
    .insert(lodges)
    .values([
      { name: "Staff Test Kampala Hotel", park: "Kampala" },
      { name: "Staff Test Gorilla Lodge", park: "Bwindi Impenetrable" },
    ])
    .returning({ id: lodges.id });
  const [kampalaRoom, bwindiRoom] = await t.db
    .insert(lodgeRooms)
    .values([
      {
        lodgeId: kampala!.id,
        name: "Double",
        mealPlan: "bed_and_breakfast",
        costPerNightMinor: 12_000,
        singleSupplementMinor: 5_000,
      },
      {
        lodgeId: bwindi!.id,
        name: "Forest cottage",
        mealPlan: "full_board",
        costPerNightMinor: 30_000,
        singleSupplementMinor: 10_000,
      },
    ])
    .returning({ id: lodgeRooms.id });
  const [gorillas] = await t.db
    .insert(activities)
    .values({
      name: "Staff Test gorilla trek",
      park: "Bwindi Impenetrable",
      costPerPersonMinor: 4_000,
      parkFee: "gorilla_tracking",
      needsPermit: true,
    })
    .returning({ id: activities.id });
  const [landCruiser, flight] = await t.db
    .insert(vehicles)
    .values([
      { name: "Staff Test Land Cruiser", kind: "vehicle", seats: 6, costMinor: 20_000 },
      { name: "Staff Test flight to Entebbe", kind: "transfer", seats: 12, costMinor: 25_000 },
    ])
    .returning({ id: vehicles.id });
  Object.assign(lib, {
    kampalaRoom: kampalaRoom!.id,
    bwindiRoom: bwindiRoom!.id,
    gorillas: gorillas!.id,
    landCruiser: landCruiser!.id,
    flight: flight!.id,
  });
});

const PLACES = [
  "Entebbe",
  "Kampala",
  "Bwindi Impenetrable",
  "Bwindi Impenetrable",
  "Lake Bunyonyi",
  "Lake Mburo",
  "Entebbe",
];

/** A seven-day proposal for two adults (one alone in a room), built line by line as staff do. */
async function buildSevenDays(email: string) {
  actAs(t.w.staff);
  const created = await createProposal({
    bookingId: null,
    leadName: "Amina Okello",
    email,
    phone: null,
    title: "Seven days with the gorillas",
    startDate: inDays(120),
    adults: 2,
    children: 0,
    singleRooms: 1,
    residency: "foreign_non_resident",
  });
  const versionId = (await getProposal(created.id))!.versions[0]!.id;
  for (const place of PLACES)
    await saveProposalDay({ versionId, dayId: null, title: `Day in ${place}`, place, notes: null });
  const line = (o: Partial<Parameters<typeof saveProposalLine>[0]>) =>
    saveProposalLine({
      versionId,
      lineId: null,
      day: 1,
      kind: "stay",
      source: "library",
      itemId: null,
      description: null,
      quantity: 1,
      unitCostMinor: null,
      holdReleaseOn: null,
      ...o,
    });
  await line({ day: 1, kind: "vehicle", itemId: lib.landCruiser, quantity: 7 });
  await line({ day: 2, kind: "stay", itemId: lib.kampalaRoom, quantity: 1 });
  await line({
    day: 3,
    kind: "stay",
    itemId: lib.bwindiRoom,
    quantity: 2,
    holdReleaseOn: inDays(2),
  });
  await line({ day: 4, kind: "activity", itemId: lib.gorillas });
  await line({
    day: 5,
    kind: "other",
    source: "typed",
    description: "Canoe on Lake Bunyonyi",
    quantity: 2,
    unitCostMinor: 3_000,
  });
  await line({ day: 7, kind: "transfer", itemId: lib.flight });
  return { proposalId: created.id, reference: created.reference, versionId };
}

describe("a proposal built from the library", () => {
  it("is priced as worked by hand: land marked up and rounded up, fees at face value", async () => {
    const { proposalId, reference } = await buildSevenDays("amina@example.com");
    const proposal = (await getProposal(proposalId))!;
    expect(reference).toMatch(/^TM-[A-Z2-9]{6}$/);
    expect(proposal.status).toBe("draft");
    const v = proposal.versions[0]!;
    expect(v.days.map((d) => d.place)).toEqual(PLACES);
    // Costs: the Land Cruiser 7 x $200 = $1,400; Kampala 1 night x 2 x $120 + a single $50 = $290;
    // Bwindi 2 nights x 2 x $300 + 2 x $100 single = $1,400; the trek 2 x $40 = $80; the canoe
    // 2 x $30 = $60; the flight $250. In all $3,480, of which single rooms $250.
    expect(v.costMinor).toBe(348_000);
    // Two gorilla permits at UWA's $800 for a foreign non-resident, at face value.
    expect(v.parkFeesMinor).toBe(160_000);
    // An adult's land: $120 + $600 + $40 + ($1,400 + $250 + $60) / 2 = $1,615; x 1.25 = $2,018.75,
    // rounded up to $2,019; with the $800 permit, $2,819.
    expect(v.markupPercent).toBe(env.PROPOSAL_MARKUP_PERCENT);
    expect(v.suggested?.pricePerAdultMinor).toBe(281_900);
    expect(v.pricePerAdultMinor).toBe(281_900);
    // The single supplement: $250 x 1.25 = $312.50, rounded up to $313.
    expect(v.singleSupplementMinor).toBe(31_300);
    expect(v.totalMinor).toBe(2 * 281_900 + 31_300);
    expect(v.margin).toEqual({ marginMinor: 595_100 - 348_000 - 160_000, percent: 14.6 });
    // A gorilla permit: the balance falls due 91 days before the start.
    expect(v.balanceDueOn).toBe(inDays(120 - 91));
    expect(v.optionDate).toBe(inDays(7));
    const trek = v.days[3]!.lines[0]!;
    expect(trek).toMatchObject({
      needsPermit: true,
      park: "Bwindi Impenetrable",
      feeMinor: 160_000,
    });

    // Prices staff never set follow the suggestion: a new markup reprices them.
    const set = await updateVersionSettingsAction(undefined, {
      versionId: v.id,
      title: v.title,
      summary: "",
      startDate: v.startDate,
      adults: "2",
      children: "0",
      singleRooms: "1",
      residency: "foreign_non_resident",
      markupPercent: "30",
      depositPercent: String(v.depositPercent),
      optionDate: v.optionDate,
      inclusions: "Park fees\nAll meals in the parks",
      exclusions: "International flights",
    });
    expect(set.status).toBe("success");
    const after = (await getProposal(proposalId))!.versions[0]!;
    // At 30 %: $1,615 x 1.3 = $2,099.50, rounded up to $2,100, + $800.
    expect(after.pricePerAdultMinor).toBe(290_000);
    expect(after.inclusions).toEqual(["Park fees", "All meals in the parks"]);

    const list = await listProposals(parseProposalsQuery({ q: reference }));
    expect(list.items).toMatchObject([
      { reference, leadName: "Amina Okello", status: "draft", version: 1 },
    ]);
    const trail = await auditTrail(t.db, { targetType: "proposal", targetId: proposalId });
    expect(trail.map((e) => e.action)).toEqual([
      "proposal.create",
      ...Array(7 + 6 + 1).fill("proposal.update"),
    ]);
    expect(trail.every((e) => e.actorLabel === t.w.staff.email)).toBe(true);
    expect(trail.at(-1)!.details).toMatchObject({
      reference,
      version: "v1",
      changed: ["markupPercent", "inclusions", "exclusions"],
    });
  });

  it("is sent with its link in the outbox; editing it then makes version 2, leaving version 1", async () => {
    const { proposalId, reference, versionId } = await buildSevenDays("sent@example.com");
    const sent = await sendProposalAction(undefined, { versionId });
    expect(sent).toMatchObject({ status: "success", title: "Proposal Sent" });

    const mail = await latestMail(t.db, "sent@example.com", "proposal-sent");
    expect(mail?.subject).toContain(reference);
    const token = /\/proposal\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1];
    expect(verifyProposalToken(token!)?.versionId).toBe(versionId);
    const [row] = await t.db
      .select()
      .from(proposalVersions)
      .where(eq(proposalVersions.id, versionId));
    expect(row).toMatchObject({ state: "sent", sentByName: expect.any(String) });
    expect(row!.linkExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const v1Lines = () =>
      t.db
        .select()
        .from(proposalLines)
        .where(eq(proposalLines.versionId, versionId))
        .orderBy(asc(proposalLines.day), asc(proposalLines.position));
    const linesBefore = await v1Lines();

    // A sent version is never edited, and is not sent twice.
    await expect(
      saveProposalDay({ versionId, dayId: null, title: "Extra", place: "Jinja", notes: null }),
    ).rejects.toMatchObject({ code: "proposal_locked" });
    expect(await sendProposalAction(undefined, { versionId })).toMatchObject({
      status: "error",
      title: "Cannot Send",
    });

    const next = await startNewVersion({ versionId });
    expect(next.number).toBe(2);
    await expect(startNewVersion({ versionId })).rejects.toBeInstanceOf(DomainError);
    const proposal = (await getProposal(proposalId))!;
    expect(proposal.status).toBe("sent");
    const [v2, v1] = proposal.versions;
    expect(v2).toMatchObject({ number: 2, state: "draft", totalMinor: v1!.totalMinor });
    expect(v2!.days.flatMap((d) => d.lines.map((l) => l.description))).toEqual(
      v1!.days.flatMap((d) => d.lines.map((l) => l.description)),
    );
    // A third adult on version 2: its stays and trek repriced, version 1 as it was sent.
    const changed = await updateVersionSettingsAction(undefined, {
      versionId: v2!.id,
      title: v2!.title,
      summary: "",
      startDate: v2!.startDate,
      adults: "3",
      children: "0",
      singleRooms: "1",
      residency: "foreign_non_resident",
      markupPercent: "25",
      depositPercent: "30",
      optionDate: v2!.optionDate,
      inclusions: "",
      exclusions: "",
    });
    expect(changed.status).toBe("success");
    const again = (await getProposal(proposalId))!;
    expect(again.versions[0]!.parkFeesMinor).toBe(240_000);
    expect(again.versions[1]).toEqual({ ...v1, refusals: again.versions[1]!.refusals });
    expect(await v1Lines()).toEqual(linesBefore);
    const trail = await auditTrail(t.db, { targetType: "proposal", targetId: proposalId });
    expect(trail.map((e) => e.action)).toContain("proposal.send");
    expect(trail.map((e) => e.action)).toContain("proposal.new_version");
  });

  it("refuses to send a draft without days, or a price", async () => {
    actAs(t.w.staff);
    const created = await createProposal({
      bookingId: null,
      leadName: "Empty Draft",
      email: "empty@example.com",
      phone: null,
      title: "Not yet",
      startDate: inDays(60),
      adults: 1,
      children: 0,
      singleRooms: 0,
      residency: "foreign_non_resident",
    });
    const versionId = (await getProposal(created.id))!.versions[0]!.id;
    expect(await sendProposalAction(undefined, { versionId })).toMatchObject({
      status: "error",
      message: "Add at least one day before sending.",
    });
    await saveProposalDay({
      versionId,
      dayId: null,
      title: "Arrive",
      place: "Entebbe",
      notes: null,
    });
    expect(await sendProposalAction(undefined, { versionId })).toMatchObject({
      message: "Set a price before sending.",
    });
    expect(await latestMail(t.db, "empty@example.com")).toBeNull();
  });

  it("starts from a booking request, once", async () => {
    actAs(t.w.staff);
    const [request] = await t.db
      .insert(bookings)
      .values({
        fullName: "Request Person",
        email: "request-person@example.com",
        phone: "+256 700 111 222",
        tourPackage: "Private gorilla safari",
        groupSize: 4,
        termsAccepted: true,
      })
      .returning({ id: bookings.id });
    const input = {
      bookingId: request!.id,
      leadName: "Request Person",
      email: "request-person@example.com",
      phone: "+256 700 111 222",
      title: "Private gorilla safari",
      startDate: inDays(90),
      adults: 4,
      children: 0,
      singleRooms: 0,
      residency: "foreign_non_resident" as const,
    };
    const created = await createProposal(input);
    expect((await getProposal(created.id))!.bookingId).toBe(request!.id);
    await expect(createProposal(input)).rejects.toMatchObject({ code: "proposal_locked" });
  });
});

describe("prices set by staff", () => {
  const settings = (v: { id: string; title: string; startDate: string; optionDate: string }) => ({
    versionId: v.id,
    title: v.title,
    summary: "",
    startDate: v.startDate,
    adults: "2",
    children: "0",
    singleRooms: "1",
    residency: "foreign_non_resident",
    markupPercent: "25",
    depositPercent: "30",
    optionDate: v.optionDate,
    inclusions: "",
    exclusions: "",
  });
  const typedLine = (versionId: string, description: string, unitCostMinor: number) =>
    saveProposalLine({
      versionId,
      lineId: null,
      day: 6,
      kind: "other",
      source: "typed",
      itemId: null,
      description,
      quantity: 1,
      unitCostMinor,
      holdReleaseOn: null,
    });

  it("stay through later changes, even equal to the suggestion, until reset to it", async () => {
    const { proposalId, versionId } = await buildSevenDays("set-prices@example.com");
    const read = async () => (await getProposal(proposalId))!.versions[0]!;
    const first = await read();
    expect(first.pricesSetByStaff).toBe(false);
    expect(first.pricePerAdultMinor).toBe(281_900);

    // Staff set the very prices suggested: still their own, kept when a line moves the suggestion.
    expect(
      await setVersionPricesAction(undefined, {
        versionId,
        use: "set",
        pricePerAdult: "2,819",
        pricePerChild: "0",
        singleSupplement: "313",
      }),
    ).toMatchObject({ status: "success", title: "Prices Saved" });
    await typedLine(versionId, "Boat on the Kazinga Channel", 10_000);
    let v = await read();
    // The boat adds $100 / 2 x 1.25 = $62.50 an adult to the suggestion: $2,881.50 → $2,882.
    expect(v.suggested?.pricePerAdultMinor).toBe(288_200);
    expect(v).toMatchObject({
      pricesSetByStaff: true,
      pricePerAdultMinor: 281_900,
      singleSupplementMinor: 31_300,
      totalMinor: 2 * 281_900 + 31_300,
    });

    // Their own prices stay when the party grows: only the total follows it.
    await setVersionPricesAction(undefined, {
      versionId,
      use: "set",
      pricePerAdult: "3,000",
      pricePerChild: "0",
      singleSupplement: "300",
    });
    await updateVersionSettingsAction(undefined, { ...settings(v), adults: "3" });
    v = await read();
    expect(v).toMatchObject({
      pricesSetByStaff: true,
      adults: 3,
      pricePerAdultMinor: 300_000,
      singleSupplementMinor: 30_000,
      totalMinor: 3 * 300_000 + 30_000,
    });

    // Reset: the suggestion again, and followed by every later change.
    expect(await setVersionPricesAction(undefined, { versionId, use: "suggested" })).toMatchObject({
      status: "success",
      title: "Prices Reset",
    });
    v = await read();
    expect(v.pricesSetByStaff).toBe(false);
    expect(v.pricePerAdultMinor).toBe(v.suggested!.pricePerAdultMinor);
    expect(v.totalMinor).toBe(v.suggested!.totalMinor);
    const suggestedBefore = v.suggested!.pricePerAdultMinor;
    await typedLine(versionId, "Sundowner on the lake", 30_000);
    v = await read();
    expect(v.suggested!.pricePerAdultMinor).toBeGreaterThan(suggestedBefore);
    expect(v.pricePerAdultMinor).toBe(v.suggested!.pricePerAdultMinor);
    expect(v.totalMinor).toBe(v.suggested!.totalMinor);
    const trail = await auditTrail(t.db, { targetType: "proposal", targetId: proposalId });
    expect(trail.map((e) => e.details?.prices).filter(Boolean)).toEqual([
      "set by staff",
      "set by staff",
      "suggested",
    ]);
  });

  it("are kept by a new version, which a later change does not reprice", async () => {
    const { proposalId, versionId } = await buildSevenDays("set-prices-v2@example.com");
    await setVersionPricesAction(undefined, {
      versionId,
      use: "set",
      pricePerAdult: "2,500",
      pricePerChild: "0",
      singleSupplement: "250",
    });
    expect(await sendProposalAction(undefined, { versionId })).toMatchObject({ status: "success" });
    const next = await startNewVersion({ versionId });
    const v2 = (await getProposal(proposalId))!.versions[0]!;
    expect(v2).toMatchObject({ number: next.number, pricesSetByStaff: true });
    await typedLine(v2.id, "Boat on the Kazinga Channel", 10_000);
    const after = (await getProposal(proposalId))!.versions[0]!;
    expect(after).toMatchObject({
      pricesSetByStaff: true,
      pricePerAdultMinor: 250_000,
      totalMinor: 2 * 250_000 + 25_000,
    });
    expect(after.suggested!.pricePerAdultMinor).not.toBe(250_000);

    // A version drawn from suggested prices follows the suggestion from its first change.
    const other = await buildSevenDays("suggested-v2@example.com");
    await sendProposalAction(undefined, { versionId: other.versionId });
    await startNewVersion({ versionId: other.versionId });
    const o2 = (await getProposal(other.proposalId))!.versions[0]!;
    expect(o2.pricesSetByStaff).toBe(false);
    await typedLine(o2.id, "Boat on the Kazinga Channel", 10_000);
    const o2After = (await getProposal(other.proposalId))!.versions[0]!;
    expect(o2After.pricePerAdultMinor).toBe(288_200);
    expect(o2After.totalMinor).toBe(o2After.suggested!.totalMinor);
  });
});

describe("reminders to staff", () => {
  it("mail an offer about to lapse and a lodge hold about to be released, once each", async () => {
    const { proposalId, versionId } = await buildSevenDays("reminded@example.com");
    const v = (await getProposal(proposalId))!.versions[0]!;
    await updateVersionSettingsAction(undefined, {
      versionId,
      title: v.title,
      summary: "",
      startDate: v.startDate,
      adults: "2",
      children: "0",
      singleRooms: "1",
      residency: "foreign_non_resident",
      markupPercent: "25",
      depositPercent: "30",
      optionDate: inDays(1),
      inclusions: "",
      exclusions: "",
    });
    expect(await sendProposalAction(undefined, { versionId })).toMatchObject({ status: "success" });

    const operatorMails = () =>
      t.db
        .select({ text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, env.OPERATOR_EMAIL),
            eq(emailOutbox.template, "proposal-reminders-staff"),
          ),
        );
    const before = (await operatorMails()).length;
    // Two runs at once: one mail. The other proposals' holds (built by the tests above, on
    // their latest versions) are reminded too; this proposal's offer and hold are in it.
    const runs = await Promise.all([sendProposalReminders(), sendProposalReminders()]);
    expect(Math.min(...runs)).toBe(0);
    expect(Math.max(...runs)).toBeGreaterThanOrEqual(2);
    const mails = await operatorMails();
    expect(mails).toHaveLength(before + 1);
    const text = mails.at(-1)!.text;
    expect(text).toContain("the offer lapses after");
    expect(text).toContain("the lodge releases its hold on");
    expect(await sendProposalReminders()).toBe(0);
  });
});

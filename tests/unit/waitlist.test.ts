/**
 * The waitlist's form rules (lib/departures/schemas/waitlist.ts) and its three mails
 * (lib/email/templates/waitlist.ts): what a visitor may send, and what each mail says.
 */
import { describe, expect, it } from "vitest";

import {
  waitlistConfirm,
  waitlistJoined,
  waitlistOffer,
  waitlistReleased,
} from "@/lib/email/templates";
import { joinWaitlistSchema, seatsAvailableMessage } from "@/lib/departures/schemas/waitlist";
import { expectToSay } from "@/tests/helpers/html-text";

const departureId = "3f2b8c1e-0000-4000-8000-000000000000";
const valid = {
  departureId,
  fullName: " Kato Musoke ",
  email: " Kato@Example.COM ",
  groupSize: "3",
};

describe("the Join the waitlist form", () => {
  it("takes a name, an email and a group of 1 to 20 for a departure", () => {
    expect(joinWaitlistSchema.parse(valid)).toEqual({
      departureId,
      fullName: "Kato Musoke",
      email: "kato@example.com",
      groupSize: 3,
    });
    expect(joinWaitlistSchema.safeParse({ ...valid, groupSize: "20" }).success).toBe(true);
  });

  it("refuses a group outside 1 to 20, a missing name, a bad email and a made-up departure", () => {
    const errors = (input: Record<string, unknown>) =>
      joinWaitlistSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(errors({ ...valid, groupSize: "21" })).toEqual([
      ["groupSize", "Group size must be at most 20"],
    ]);
    expect(errors({ ...valid, groupSize: "0" })).toEqual([
      ["groupSize", "Group size must be at least 1"],
    ]);
    expect(errors({ ...valid, fullName: "  " })).toEqual([["fullName", "Full name is required"]]);
    expect(errors({ ...valid, email: "kato@" })).toEqual([
      ["email", "Please enter a valid email address"],
    ]);
    expect(errors({ ...valid, departureId: "1; drop table" })).toEqual([
      ["departureId", "Please choose a date"],
    ]);
  });

  it("tells a group that fits to book directly, naming the seats", () => {
    expect(seatsAvailableMessage(1)).toBe(
      "1 seat is still free on this date: book it directly instead of joining the waitlist.",
    );
    expect(seatsAvailableMessage(3)).toBe(
      "3 seats are still free on this date: book it directly instead of joining the waitlist.",
    );
  });
});

describe("the waitlist mails", () => {
  const request = {
    fullName: "<b>Kato</b> Musoke",
    tourTitle: "Gorilla Trek & Safari",
    dateText: "Jun 12 - Jun 18, 2027",
    groupSize: 2,
  };

  it("asks to confirm the email with a link, saying the request waits only once confirmed", () => {
    const url = "https://example.com/waitlist/confirm/abc_DEF-123";
    const mail = waitlistConfirm({ ...request, url, confirmHours: 24, offerHours: 4 });
    expect(mail.subject).toBe(
      "Confirm your place on the waitlist: Gorilla Trek & Safari, Jun 12 - Jun 18, 2027",
    );
    expectToSay(mail.text, [
      "To join its waitlist, confirm your email with the link below within 24 hours: until then you are not on the waitlist.",
      "hold them for you for 4 hours",
      "2 people",
    ]);
    expect(mail.text).toContain(`Confirm my place: ${url}`);
    expect(mail.html).not.toContain("<b>Kato</b>");
  });

  it("confirms the request", () => {
    const mail = waitlistJoined({ ...request, offerHours: 4 });
    expect(mail.subject).toBe(
      "You are on the waitlist: Gorilla Trek & Safari, Jun 12 - Jun 18, 2027",
    );
    expectToSay(mail.text, ["You are on the waitlist", "2 people", "for 4 hours"]);
    // What a visitor typed is escaped in the HTML part.
    expect(mail.html).toContain("Hello &lt;b&gt;Kato&lt;/b&gt;,");
    expect(mail.html).not.toContain("<b>Kato</b>");
  });

  it("offers the seats with the booking link and the time they are held until, in Kampala", () => {
    const url = `https://example.com/booking?tour=gorilla-trek&departure=${departureId}&hold=abc_DEF-123`;
    const mail = waitlistOffer({ ...request, url, heldUntil: "November 25, 2026 at 14:00" });
    expect(mail.subject).toBe("Seats are free on Gorilla Trek & Safari, Jun 12 - Jun 18, 2027");
    expect(mail.text).toContain(
      "Seats are free on Gorilla Trek & Safari, Jun 12 - Jun 18, 2027: they are held for you until November 25, 2026 at 14:00 (Kampala time).",
    );
    expect(mail.text).toContain(`Book your seats: ${url}`);
    expect(mail.html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
  });

  it("says when the held seats were released", () => {
    const mail = waitlistReleased({ ...request, offerHours: 1 });
    expect(mail.subject).toBe(
      "Your held seats were released: Gorilla Trek & Safari, Jun 12 - Jun 18, 2027",
    );
    expectToSay(mail.text, ["Your held seats were released", "were not booked within 1 hour,"]);
  });
});

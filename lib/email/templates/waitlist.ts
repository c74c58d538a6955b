/**
 * Waitlist mails of a full departure: the link that confirms a request's email (only a confirmed
 * request waits its turn), the request changed, the seats offered (a link that holds them for a
 * few hours), and the hold released unused. The caller adds `to` and queues them.
 */
import { env } from "@/lib/env";
import { site } from "@/lib/site";

import { type EmailTemplate, firstNameOf, oneLine, renderEmail, SIGN_OFF } from "./layout";

export type WaitlistMailData = {
  fullName: string;
  /** The tour's display name. */
  tourTitle: string;
  /** 'Jun 12 - Jun 18, 2027'. */
  dateText: string;
  groupSize: number;
};

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

function summary(w: WaitlistMailData) {
  return [
    { label: "Tour", value: w.tourTitle },
    { label: "Departure", value: w.dateText },
    { label: "Group size", value: people(w.groupSize) },
  ];
}

const hours = (n: number) => `${n} ${n === 1 ? "hour" : "hours"}`;

export type WaitlistConfirmMailData = WaitlistMailData & {
  /** The link that confirms the request's email. */
  url: string;
  /** How long the link works. */
  confirmHours: number;
  /** How long an offer holds the seats. */
  offerHours: number;
};

/**
 * To whoever joins the waitlist of a full departure: the request waits its turn only once its
 * email is confirmed by this link, so nobody queues under an address they cannot read.
 */
export function waitlistConfirm(w: WaitlistConfirmMailData): EmailTemplate {
  return {
    template: "waitlist-confirm",
    subject: `Confirm your place on the waitlist: ${oneLine(w.tourTitle)}, ${w.dateText}`,
    ...renderEmail({
      preheader: "Confirm your email to join the waitlist.",
      heading: "Confirm your place on the waitlist",
      paragraphs: [
        `Hello ${firstNameOf(w.fullName)},`,
        `${w.tourTitle} on ${w.dateText} is full for now. To join its waitlist, confirm your email with the link below within ${hours(w.confirmHours)}: until then you are not on the waitlist.`,
        `Once you are, we'll email you as soon as seats free up for your group, and hold them for you for ${hours(w.offerHours)}.`,
      ],
      table: summary(w),
      cta: { label: "Confirm my place", url: w.url },
      after: ["If you did not ask to join this waitlist, ignore this email.", SIGN_OFF],
    }),
  };
}

/** To the customer when they change the group of their confirmed waitlist request. */
export function waitlistJoined(w: WaitlistMailData & { offerHours: number }): EmailTemplate {
  return {
    template: "waitlist-joined",
    subject: `You are on the waitlist: ${oneLine(w.tourTitle)}, ${w.dateText}`,
    ...renderEmail({
      preheader: `We'll email you as soon as seats free up on ${w.dateText}.`,
      heading: "You are on the waitlist",
      paragraphs: [
        `Hello ${firstNameOf(w.fullName)},`,
        `${w.tourTitle} on ${w.dateText} is full for now. You are on its waitlist, and we'll email you as soon as seats free up for your group.`,
        `When they do, the email holds the seats for you for ${hours(w.offerHours)}: book with its link before then.`,
      ],
      table: summary(w),
      after: [
        "To change your group size, join the waitlist again with the same email address.",
        SIGN_OFF,
      ],
    }),
  };
}

export type WaitlistOfferMailData = WaitlistMailData & {
  /** The booking link that carries the hold's token. */
  url: string;
  /** 'November 25, 2026 at 14:00' in Kampala. */
  heldUntil: string;
};

/** Seats came back: the link holds them for the customer until `heldUntil`. */
export function waitlistOffer(w: WaitlistOfferMailData): EmailTemplate {
  const line = `Seats are free on ${w.tourTitle}, ${w.dateText}: they are held for you until ${w.heldUntil} (Kampala time).`;
  return {
    template: "waitlist-offer",
    subject: `Seats are free on ${oneLine(w.tourTitle)}, ${w.dateText}`,
    ...renderEmail({
      preheader: line,
      heading: "Seats are free on your date",
      paragraphs: [`Hello ${firstNameOf(w.fullName)},`, line],
      table: [...summary(w), { label: "Held until", value: `${w.heldUntil} (Kampala time)` }],
      cta: { label: "Book your seats", url: w.url },
      after: [
        "The link works once. If you don't book by then, the seats go to the next person on the waitlist.",
        SIGN_OFF,
      ],
    }),
  };
}

/** The hold ran out unused: the seats went to the next request. */
export function waitlistReleased(w: WaitlistMailData & { offerHours: number }): EmailTemplate {
  return {
    template: "waitlist-released",
    subject: `Your held seats were released: ${oneLine(w.tourTitle)}, ${w.dateText}`,
    ...renderEmail({
      preheader: "The seats we held for you were not booked in time.",
      heading: "Your held seats were released",
      paragraphs: [
        `Hello ${firstNameOf(w.fullName)},`,
        `The seats we held for you on ${w.tourTitle}, ${w.dateText} were not booked within ${hours(w.offerHours)}, so they were released to the next person on the waitlist.`,
        "If you still want to travel, choose another date or join the waitlist again.",
      ],
      table: summary(w),
      after: [`Questions? Reply to this email or call ${site.phone}.`, SIGN_OFF],
    }),
  };
}

/** The departure they waited for was cancelled: they are no longer on its waitlist. */
export function waitlistDepartureCancelled(
  w: WaitlistMailData & { reason: string },
): EmailTemplate {
  return {
    template: "waitlist-departure-cancelled",
    subject: `Departure cancelled: ${oneLine(w.tourTitle)}, ${w.dateText}`,
    ...renderEmail({
      preheader: `${w.tourTitle} on ${w.dateText} will not run.`,
      heading: "The departure you waited for was cancelled",
      paragraphs: [
        `Hello ${firstNameOf(w.fullName)},`,
        `${w.tourTitle} on ${w.dateText} has been cancelled, so its waitlist is closed. ${w.reason}`,
        "Our other dates, or a private trip on the dates you choose, are a click away.",
      ],
      table: summary(w),
      cta: { label: "See other dates", url: `${env.SITE_URL}/tours` },
      after: [`Questions? Reply to this email or call ${site.phone}.`, SIGN_OFF],
    }),
  };
}

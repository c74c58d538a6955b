/** Tailor-made proposals: the link to the traveller, the reminders to staff and an acceptance. */
import { formatDay } from "@/lib/dates";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/payments/ledger";

import {
  type EmailTemplate,
  firstNameOf,
  oneLine,
  QUESTIONS_AND_SIGN_OFF,
  renderEmail,
} from "./layout";

export type ProposalSentMailData = {
  leadName: string;
  reference: string;
  title: string;
  version: number;
  startDate: string;
  days: number;
  travellers: string;
  totalMinor: number;
  depositPercent: number;
  optionDate: string;
  /** The signed link that opens this version. */
  url: string;
};

/** To the traveller when staff send a version of their proposal: the link to read and accept it. */
export function proposalSent(p: ProposalSentMailData): EmailTemplate {
  const title = oneLine(p.title);
  const rendered = renderEmail({
    preheader: `Your tailor-made safari proposal, ${title}, is ready to read.`,
    heading: p.version > 1 ? "Your updated safari proposal" : "Your safari proposal",
    paragraphs: [
      `Dear ${firstNameOf(p.leadName)},`,
      p.version > 1
        ? `We have updated your tailor-made safari, ${title}. This version replaces the one we sent before: the link below opens it, day by day, with its price.`
        : `Thank you for planning your safari with us. Your tailor-made proposal, ${title}, is ready: the link below opens it, day by day, with its price.`,
      `You can accept it online until ${formatDay(p.optionDate)} and pay the ${p.depositPercent}% deposit to secure it.`,
    ],
    table: [
      { label: "Reference", value: p.reference },
      { label: "Starts", value: formatDay(p.startDate) },
      { label: "Days", value: String(p.days) },
      { label: "Travellers", value: p.travellers },
      { label: "Total", value: formatMoney(p.totalMinor, "USD") },
      { label: "Offer open until", value: formatDay(p.optionDate) },
    ],
    cta: { label: "Open your proposal", url: p.url },
    after: [
      "The link is yours alone: anyone holding it can read the proposal, so please do not share it.",
      ...QUESTIONS_AND_SIGN_OFF,
    ],
  });
  return {
    template: "proposal-sent",
    subject: `Your safari proposal ${p.reference}: ${title}`.slice(0, 150),
    ...rendered,
  };
}

/** A reminder to staff: an offer about to lapse, or a lodge about to release the rooms it holds. */
export type ProposalReminder = {
  kind: "option_date" | "hold_release";
  proposalId: string;
  reference: string;
  leadName: string;
  /** What it is about, in a sentence. */
  text: string;
};

const HEADINGS: Record<ProposalReminder["kind"], string> = {
  option_date: "Offers about to lapse",
  hold_release: "Lodge holds about to be released",
};

/** To the operator: proposal reminders new since the last mail, each mailed once. */
export function proposalRemindersStaff(reminders: readonly ProposalReminder[]): EmailTemplate {
  const kinds = (Object.keys(HEADINGS) as ProposalReminder["kind"][]).filter((kind) =>
    reminders.some((r) => r.kind === kind),
  );
  const rendered = renderEmail({
    preheader: reminders[0]?.text ?? "Proposals need attention.",
    heading: "Proposals need attention",
    paragraphs: [
      reminders.length === 1
        ? "One proposal reminder is new since the last mail:"
        : `${reminders.length} proposal reminders are new since the last mail:`,
    ],
    table: kinds.map((kind) => ({
      label: HEADINGS[kind],
      value: reminders
        .filter((r) => r.kind === kind)
        .map((r) => r.text)
        .join("\n"),
    })),
    cta: { label: "Open Proposals", url: `${env.SITE_URL}/admin/proposals` },
    after: ["Each reminder is mailed once."],
  });
  return {
    template: "proposal-reminders-staff",
    subject:
      reminders.length === 1
        ? `Proposal reminder: ${reminders[0]!.reference}`
        : `${reminders.length} proposal reminders`,
    ...rendered,
  };
}

export type ProposalAcceptedStaffData = {
  proposalId: string;
  reference: string;
  title: string;
  version: number;
  /** The name the traveller typed to accept. */
  acceptedByName: string;
  leadName: string;
  email: string;
  startDate: string;
  travellers: string;
  totalMinor: number;
  depositPercent: number;
  depositMinor: number;
};

/**
 * To the operator when a traveller accepts a proposal: who accepted which version, at what total
 * and deposit, so staff can book the lodges and watch for the deposit.
 */
export function proposalAcceptedStaff(p: ProposalAcceptedStaffData): EmailTemplate {
  const title = oneLine(p.title);
  const name = oneLine(p.acceptedByName);
  const rendered = renderEmail({
    preheader: `${name} accepted version ${p.version} of ${p.reference}, ${title}.`,
    heading: `Proposal ${p.reference} accepted`,
    paragraphs: [
      `${name} accepted version ${p.version} of the proposal ${title}. The booking is confirmed at its total; the deposit is asked for on the pay page.`,
    ],
    table: [
      { label: "Reference", value: p.reference },
      { label: "Accepted by", value: name },
      { label: "Lead traveller", value: `${oneLine(p.leadName)} <${p.email}>` },
      { label: "Version", value: String(p.version) },
      { label: "Starts", value: formatDay(p.startDate) },
      { label: "Travellers", value: p.travellers },
      { label: "Total", value: formatMoney(p.totalMinor, "USD") },
      {
        label: `Deposit (${p.depositPercent}%)`,
        value: formatMoney(p.depositMinor, "USD"),
      },
    ],
    cta: { label: "Open the proposal", url: `${env.SITE_URL}/admin/proposals/${p.proposalId}` },
  });
  return {
    template: "proposal-accepted-staff",
    subject: `Proposal ${p.reference} accepted`,
    ...rendered,
  };
}

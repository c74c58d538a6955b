import { formatDay, formatTripDates, formatTripDay } from "@/lib/dates";
import { MEAL_PLAN_LABELS } from "@/lib/library/rules";
import { formatMoney } from "@/lib/payments/ledger";
import type { TravellerProposal } from "@/lib/proposals/data/traveller";
import { site } from "@/lib/site";

import { startDocument } from "./pdf-layout";

/**
 * A tailor-made proposal as a PDF, the same version its page shows: the trip, the days with their
 * lodges, activities and transport, what is included and not, the price per person and in all,
 * the deposit, the balance's day and until when the offer holds. Pure: the route reads the version
 * through the traveller's link (lib/proposals/data/traveller.ts) and hands it here. Text only, in
 * the built-in fonts: a few kilobytes, whatever the number of days.
 */
export type ProposalPdfData = Pick<
  TravellerProposal,
  | "reference"
  | "number"
  | "title"
  | "summary"
  | "leadName"
  | "startDate"
  | "endDate"
  | "adults"
  | "children"
  | "singleRooms"
  | "pricePerAdultMinor"
  | "pricePerChildMinor"
  | "singleSupplementMinor"
  | "totalMinor"
  | "parkFeesMinor"
  | "depositPercent"
  | "depositMinor"
  | "balanceDueOn"
  | "optionDate"
  | "inclusions"
  | "exclusions"
  | "days"
  | "lodges"
  | "standing"
  | "acceptedAt"
  | "acceptedByName"
>;

/** The file's name: 'breathe-uganda-proposal-TM-7K2QXD-v2.pdf'. */
export function proposalFileName(p: Pick<ProposalPdfData, "reference" | "number">): string {
  return `breathe-uganda-proposal-${p.reference}-v${p.number}.pdf`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function renderProposal(p: ProposalPdfData, issuedAt: Date): Promise<Uint8Array> {
  const usd = (minor: number) => formatMoney(minor, "USD");
  const pdf = await startDocument({
    title: "Proposal",
    subject: `${p.reference} version ${p.number}`,
    createdAt: issuedAt,
  });
  pdf.heading(p.title);
  pdf.rows([
    { label: "Prepared for", value: p.leadName },
    { label: "Reference", value: `${p.reference}, version ${p.number}` },
    { label: "Dates", value: formatTripDates(p.startDate, p.endDate) },
    {
      label: "Travellers",
      value: [
        plural(p.adults, "adult"),
        ...(p.children > 0 ? [plural(p.children, "child", "children")] : []),
      ].join(", "),
    },
    { label: "Offer", value: standingText(p) },
  ]);
  if (p.summary) pdf.paragraph(p.summary);

  pdf.heading("Day by day");
  const lodgeName = new Map(p.lodges.map((l) => [l.id, l.name]));
  for (const day of p.days) {
    pdf.rows([
      {
        label: `Day ${day.day} · ${formatTripDay(day.date)}`,
        value: `${day.title} (${day.place})`,
      },
    ]);
    if (day.notes) pdf.paragraph(day.notes);
    if (day.lines.length > 0)
      pdf.table(
        [
          { title: "What", width: 7 },
          { title: "Details", width: 4 },
        ],
        day.lines.map((line) => {
          const lodge = line.lodgeId ? lodgeName.get(line.lodgeId) : undefined;
          const what = lodge ? `${lodge}: ${line.room ?? line.description}` : line.description;
          const details =
            line.kind === "stay"
              ? [
                  line.mealPlan ? MEAL_PLAN_LABELS[line.mealPlan] : null,
                  plural(line.quantity, "night"),
                ]
                  .filter(Boolean)
                  .join(", ")
              : line.kind === "activity"
                ? line.needsPermit
                  ? "Permit included"
                  : "Activity"
                : line.kind === "vehicle"
                  ? plural(line.quantity, "day")
                  : line.kind === "transfer"
                    ? "Transfer"
                    : "";
          return [what, details];
        }),
      );
  }

  if (p.inclusions.length > 0) {
    pdf.heading("Included");
    for (const item of p.inclusions) pdf.paragraph(`+ ${item}`);
  }
  if (p.exclusions.length > 0) {
    pdf.heading("Not included");
    for (const item of p.exclusions) pdf.paragraph(`- ${item}`);
  }

  pdf.heading("Price");
  pdf.table(
    [
      { title: "Item", width: 6 },
      { title: "Each", width: 2, right: true },
      { title: "Amount", width: 2, right: true },
    ],
    [
      [`Per adult x ${p.adults}`, usd(p.pricePerAdultMinor), usd(p.pricePerAdultMinor * p.adults)],
      ...(p.children > 0
        ? [
            [
              `Per child x ${p.children}`,
              usd(p.pricePerChildMinor),
              usd(p.pricePerChildMinor * p.children),
            ],
          ]
        : []),
      ...(p.singleRooms > 0
        ? [
            [
              `Single supplement x ${p.singleRooms}`,
              usd(p.singleSupplementMinor),
              usd(p.singleSupplementMinor * p.singleRooms),
            ],
          ]
        : []),
    ],
  );
  pdf.total("Total", usd(p.totalMinor));
  if (p.parkFeesMinor > 0)
    pdf.paragraph(
      `The total includes ${usd(p.parkFeesMinor)} of Uganda Wildlife Authority park fees and permits at face value.`,
    );
  pdf.rows([
    { label: `Deposit (${p.depositPercent}%)`, value: usd(p.depositMinor) },
    {
      label: "Balance",
      value: `${usd(Math.max(0, p.totalMinor - p.depositMinor))}${p.balanceDueOn ? `, due by ${formatDay(p.balanceDueOn)}` : ""}`,
    },
  ]);
  pdf.paragraph(
    `Accept this proposal and pay the deposit from the link in our email (MTN Mobile Money, Airtel Money or card). Questions? Call ${site.phone} or write to ${site.email}, quoting ${p.reference}.`,
  );
  return pdf.finish();
}

function standingText(p: ProposalPdfData): string {
  switch (p.standing) {
    case "open":
      return `This offer holds until ${formatTripDay(p.optionDate)}`;
    case "lapsed":
      return `This proposal lapsed on ${formatTripDay(p.optionDate)}`;
    case "superseded":
      return "A newer version of this proposal was sent";
    case "accepted":
      return `Accepted${p.acceptedByName ? ` by ${p.acceptedByName}` : ""}${p.acceptedAt ? ` on ${formatDay(p.acceptedAt)}` : ""}`;
  }
}

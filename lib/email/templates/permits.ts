import { env } from "@/lib/env";
import type { PermitAlert } from "@/lib/parks/rules";

import { type EmailTemplate, renderEmail } from "./layout";

const HEADINGS: Record<PermitAlert["kind"], string> = {
  block_lapsing: "Blocks lapsing",
  balance_due: "UWA balances due",
  unsold: "Permits unsold",
};

/**
 * To the operator: permit alerts raised since the last mail (blocks UWA lets lapse within 48
 * hours unpaid, UWA balances due within 14 days, permits unsold 30 days before the trek), each
 * mailed once; the Permits screen keeps listing them while they stand.
 */
export function permitAlertsStaff(alerts: readonly PermitAlert[]): EmailTemplate {
  const kinds = (Object.keys(HEADINGS) as PermitAlert["kind"][]).filter((kind) =>
    alerts.some((a) => a.kind === kind),
  );
  const rendered = renderEmail({
    preheader: alerts[0]?.text ?? "Permits need attention.",
    heading: "Permits need attention",
    paragraphs: [
      alerts.length === 1
        ? "One permit alert is new since the last mail:"
        : `${alerts.length} permit alerts are new since the last mail:`,
    ],
    table: kinds.map((kind) => ({
      label: HEADINGS[kind],
      value: alerts
        .filter((a) => a.kind === kind)
        .map((a) => a.text)
        .join("\n"),
    })),
    cta: { label: "Open Permits", url: `${env.SITE_URL}/admin/permits` },
    after: ["Each alert is mailed once; the Permits screen lists them for as long as they stand."],
  });
  return {
    template: "permit-alerts-staff",
    subject:
      alerts.length === 1
        ? `Permit alert: ${alerts[0]!.park}, ${alerts[0]!.trekDate}`
        : `${alerts.length} permit alerts`,
    ...rendered,
  };
}

/**
 * The shared brand layout of every mail: well-formed HTML (table layout, inline styles, the
 * brand's forest, savanna and cream) plus a plain-text part. Every user-supplied string is escaped
 * in the HTML part; the text part is plain text. The mails themselves are the other files of this
 * folder; the caller adds `to` and queues them with queueEmail.
 */
import { bookingRef } from "@/lib/bookings/labels";
import { env } from "@/lib/env";
import { site } from "@/lib/site";

const COLORS = {
  forest: "#1f6b4a",
  forestDeep: "#0f3d2e",
  savanna: "#e0a526",
  cream: "#fbf6ec",
  card: "#fffdf8",
  border: "#e6dcc8",
  text: "#17251d",
  muted: "#5b6459",
} as const;

const SANS = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SERIF = "Georgia, 'Iowan Old Style', 'Times New Roman', serif";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Only http(s) and mailto links are rendered as links. */
function safeUrl(url: string): string {
  return /^(https?:|mailto:)/i.test(url) ? url : "#";
}

export type EmailTableRow = { label: string; value: string };

export type EmailContent = {
  /** Shown by mail clients next to the subject; hidden in the body. */
  preheader: string;
  heading: string;
  /** Plain text paragraphs (escaped; line breaks kept). */
  paragraphs: string[];
  /** A label/value summary table. */
  table?: EmailTableRow[];
  cta?: { label: string; url: string };
  /** Plain text paragraphs after the call to action. */
  after?: string[];
  /** Adds an 'Unsubscribe' link to the footer (newsletter mails). */
  unsubscribeUrl?: string;
};

export type RenderedEmail = { html: string; text: string };

function paragraphHtml(text: string): string {
  return `<p style="margin:0 0 16px;font-family:${SANS};font-size:16px;line-height:1.6;color:${COLORS.text};">${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>`;
}

function tableHtml(rows: EmailTableRow[]): string {
  const body = rows
    .map(
      (row, i) => `<tr>
<td style="padding:10px 14px;font-family:${SANS};font-size:14px;color:${COLORS.muted};width:38%;vertical-align:top;${i ? `border-top:1px solid ${COLORS.border};` : ""}">${escapeHtml(row.label)}</td>
<td style="padding:10px 14px;font-family:${SANS};font-size:14px;color:${COLORS.text};font-weight:600;vertical-align:top;word-break:break-word;${i ? `border-top:1px solid ${COLORS.border};` : ""}">${escapeHtml(row.value).replace(/\r?\n/g, "<br>")}</td>
</tr>`,
    )
    .join("\n");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:separate;border:1px solid ${COLORS.border};border-radius:10px;background:${COLORS.cream};margin:8px 0 24px;">
${body}
</table>`;
}

function ctaHtml(cta: { label: string; url: string }): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>
<td style="border-radius:999px;background:${COLORS.savanna};">
<a href="${escapeHtml(safeUrl(cta.url))}" style="display:inline-block;padding:12px 28px;font-family:${SANS};font-size:16px;font-weight:700;color:${COLORS.forestDeep};text-decoration:none;border-radius:999px;">${escapeHtml(cta.label)}</a>
</td></tr></table>`;
}

/** The shared brand layout: HTML and text parts of one mail. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const footerLines = [`${site.name} · ${site.address}`, `${site.phone} · ${site.email}`];
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.cream};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.cream};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${COLORS.card};border:1px solid ${COLORS.border};border-radius:14px;overflow:hidden;">
<tr><td style="background:${COLORS.forestDeep};padding:24px 32px;">
<a href="${escapeHtml(env.SITE_URL)}" style="font-family:${SERIF};font-size:24px;font-weight:700;color:#ffffff;text-decoration:none;">${escapeHtml(site.name)}</a>
<div style="font-family:${SERIF};font-style:italic;font-size:14px;color:${COLORS.savanna};margin-top:4px;">${escapeHtml(site.tagline)}</div>
</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 20px;font-family:${SERIF};font-size:26px;line-height:1.25;color:${COLORS.forestDeep};">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraphHtml).join("\n")}
${content.table?.length ? tableHtml(content.table) : ""}
${content.cta ? ctaHtml(content.cta) : ""}
${(content.after ?? []).map(paragraphHtml).join("\n")}
</td></tr>
<tr><td style="background:${COLORS.cream};border-top:1px solid ${COLORS.border};padding:20px 32px;font-family:${SANS};font-size:12px;line-height:1.6;color:${COLORS.muted};">
${footerLines.map(escapeHtml).join("<br>")}
${content.unsubscribeUrl ? `<br><a href="${escapeHtml(safeUrl(content.unsubscribeUrl))}" style="color:${COLORS.forest};">Unsubscribe</a> from our newsletter with one click.` : ""}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const width = Math.max(0, ...(content.table ?? []).map((r) => r.label.length));
  const text = [
    site.name.toUpperCase(),
    "",
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.table?.length
      ? [
          ...content.table.map(
            (r) => `${`${r.label}:`.padEnd(width + 2)}${r.value.replace(/\r?\n/g, " ")}`,
          ),
          "",
        ]
      : []),
    ...(content.cta ? [`${content.cta.label}: ${content.cta.url}`, ""] : []),
    ...(content.after ?? []).flatMap((p) => [p, ""]),
    "--",
    ...footerLines,
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join("\n");

  return { html, text };
}

/** A mail ready for queueEmail (the caller adds `to`). */
export type EmailTemplate = {
  template: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/** A subject or quoted text on one line: control characters become spaces, at most `max`. */
export function oneLine(value: string, max = 120): string {
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, max);
}

/** How every mail but the staff's signs off. */
export const SIGN_OFF = `Warm regards,\nThe ${site.name} team`;

/** A booking mail's last lines: how to ask about it, then the sign-off. */
export const QUESTIONS_AND_SIGN_OFF = [
  `Questions? Reply to this email, call ${site.phone} or message us on WhatsApp.`,
  SIGN_OFF,
];

/** The greeting's name: the first word of a full name (all of it when it has no space). */
export const firstNameOf = (fullName: string) => fullName.split(" ")[0] || fullName;

/** The booking a mail is about: its id (the reference), the traveller, the tour and its date. */
export type BookingMailSubject = {
  id: string;
  fullName: string;
  tourPackage: string;
  /** 'Jun 12, 2027', or null when not set. */
  departureDate: string | null;
};

/**
 * A mail to the customer about one of their bookings: the greeting by first name before
 * `paragraphs`, the table opening with the booking's reference and tour package, the closing
 * lines of the booking mails unless `after` gives others, and a subject ending with the tour and
 * the reference ('Booking update: Gorilla Trek (ref 3F2B8C1E)').
 */
export function bookingMail(
  b: Pick<BookingMailSubject, "id" | "fullName" | "tourPackage">,
  mail: Omit<EmailContent, "table" | "unsubscribeUrl"> & {
    template: string;
    /** The subject's first words ('Booking update'). */
    subject: string;
    table: EmailTableRow[];
  },
): EmailTemplate {
  const { template, subject, paragraphs, table, after, ...content } = mail;
  const reference = bookingRef(b.id);
  return {
    template,
    subject: `${subject}: ${oneLine(b.tourPackage)} (ref ${reference})`,
    ...renderEmail({
      ...content,
      paragraphs: [`Hello ${firstNameOf(b.fullName)},`, ...paragraphs],
      table: [
        { label: "Reference", value: reference },
        { label: "Tour package", value: b.tourPackage },
        ...table,
      ],
      after: after ?? QUESTIONS_AND_SIGN_OFF,
    }),
  };
}

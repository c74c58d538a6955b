/** The contact form's mails: the acknowledgement to the sender and the message to staff. */
import { env } from "@/lib/env";
import { site } from "@/lib/site";
import type { ContactInput } from "@/lib/messages/schemas/contact";

import { type EmailTemplate, oneLine, renderEmail } from "./layout";

/**
 * To the sender. It does not repeat the message body: a form that mails arbitrary text to any
 * address typed into it would be a spam relay.
 */
export function contactReceived(c: Pick<ContactInput, "name" | "subject">): EmailTemplate {
  const rendered = renderEmail({
    preheader: "We'll get back to you within 24 hours.",
    heading: "Thank you for contacting us",
    paragraphs: [
      `Hello ${c.name},`,
      `We've received your message "${oneLine(c.subject, 200)}". A member of our team will get back to you within 24 hours.`,
      `Our office hours are ${site.officeHours.map((h) => `${h.days} ${h.hours}`).join(", ")}, ${site.timezoneLabel}.`,
    ],
    cta: { label: "Explore our tours", url: `${env.SITE_URL}/tours` },
    after: [`Warm regards,\nThe ${site.name} team`],
  });
  return { template: "contact-received", subject: `We received your message – ${site.name}`, ...rendered };
}

/** To staff: the whole message, with a reply link. */
export function newContactStaff(c: ContactInput): EmailTemplate {
  const replySubject = `Re: ${oneLine(c.subject, 200)}`;
  const rendered = renderEmail({
    preheader: `${c.name}: ${oneLine(c.subject, 100)}`,
    heading: "New contact message",
    paragraphs: [`${c.name} sent a message from the contact page.`],
    table: [
      { label: "Name", value: c.name },
      { label: "Email", value: c.email },
      { label: "Phone", value: c.phone ?? "Not given" },
      { label: "Country", value: c.country ?? "N/A" },
      { label: "Subject", value: c.subject },
      { label: "Message", value: c.message },
    ],
    cta: {
      label: "Reply via email",
      url: `mailto:${encodeURIComponent(c.email)}?subject=${encodeURIComponent(replySubject)}`,
    },
  });
  return {
    template: "new-contact-staff",
    subject: `New contact message: ${oneLine(c.subject, 150)}`,
    ...rendered,
  };
}

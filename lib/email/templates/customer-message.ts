/** To staff: a signed-in customer wrote to support (a new thread or a reply). */
import { env } from "@/lib/env";

import { type EmailTemplate, renderEmail } from "./layout";

export function customerMessageStaff(
  customer: { name: string | null; email: string },
  subject: string,
  message: string,
): EmailTemplate {
  const rendered = renderEmail({
    preheader: `${customer.email}: ${subject.slice(0, 100)}`,
    heading: "New customer message",
    paragraphs: [`${customer.name || customer.email} wrote to support from their account.`],
    table: [
      {
        label: "Customer",
        value: customer.name ? `${customer.name} <${customer.email}>` : customer.email,
      },
      { label: "Subject", value: subject },
      { label: "Message", value: message },
    ],
    cta: { label: "Open messages", url: `${env.SITE_URL}/admin/messages` },
  });
  return {
    template: "customer-message-staff",
    subject: `Customer message: ${subject.replace(/\s+/g, " ").slice(0, 150)}`,
    ...rendered,
  };
}

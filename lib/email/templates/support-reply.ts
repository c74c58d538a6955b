/** To the customer: the support team answered in one of their message threads (docs/decisions/0007). */
import { env } from "@/lib/env";
import { site } from "@/lib/site";

import { type EmailTemplate, oneLine, renderEmail } from "./layout";

export function supportReply(reply: {
  customerName: string | null;
  subject: string;
  message: string;
}): EmailTemplate {
  const rendered = renderEmail({
    preheader: oneLine(reply.message, 100),
    heading: "Our support team replied",
    paragraphs: [
      `Hello ${reply.customerName || "there"},`,
      `We've answered your message "${oneLine(reply.subject, 200)}":`,
      reply.message,
    ],
    cta: { label: "View the conversation", url: `${env.SITE_URL}/customer/messages` },
    after: [
      "You can reply from the Messages page of your account.",
      `Warm regards,\nSupport Team, ${site.name}`,
    ],
  });
  return {
    template: "support-reply",
    subject: `Re: ${oneLine(reply.subject, 150)} – ${site.name}`,
    ...rendered,
  };
}

import { env } from "@/lib/env";
import { site } from "@/lib/site";

import { type EmailTemplate, renderEmail } from "./layout";

/** The newsletter welcome, with a one-click unsubscribe link (RFC 8058 headers). */
export function newsletterWelcome(unsubscribeUrl: string): EmailTemplate {
  const rendered = renderEmail({
    preheader: "Travel stories, seasonal offers and gorilla-permit news, about once a month.",
    heading: "Welcome to the Breathe Uganda newsletter",
    paragraphs: [
      "Thank you for subscribing to our newsletter.",
      "About once a month we'll send travel stories from the field, seasonal offers and news on gorilla permits, so you can plan your East African journey at the right time.",
    ],
    cta: { label: "Find your next adventure", url: `${env.SITE_URL}/tours` },
    after: ["Changed your mind? The unsubscribe link below works with one click."],
    unsubscribeUrl,
  });
  return {
    template: "newsletter-welcome",
    subject: `Welcome to the ${site.name} newsletter`,
    ...rendered,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

import { type Locator } from "@playwright/test";

import { Toasts } from "./toasts";
import { PageObject } from "./page-object";

export type ContactMessage = {
  name: string;
  email: string;
  country?: string;
  phone?: string;
  subject: string;
  message: string;
};

/** A visitor's question about gorilla permits: every field the form requires but the email. */
export const PERMITS_QUESTION = {
  name: "Amara Okello",
  subject: "Gorilla permits in July",
  message: "Are permits still available for two people?\nThank you!",
};

/** The 'Send Us a Message' form of /contact. */
export class ContactFormPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly form = this.page.getByRole("region", { name: "Send Us a Message" }).locator("form");
  readonly send = this.form.getByRole("button", { name: /^(Send Message|Sending\.\.\.)$/ });

  async goto() {
    return this.page.goto("/contact");
  }

  field(
    label: "Full Name" | "Email Address" | "Country" | "Phone Number" | "Subject" | "Message",
  ): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async fill(message: ContactMessage) {
    await this.field("Full Name").fill(message.name);
    await this.field("Email Address").fill(message.email);
    await this.field("Country").fill(message.country ?? "");
    await this.field("Phone Number").fill(message.phone ?? "");
    await this.field("Subject").fill(message.subject);
    await this.field("Message").fill(message.message);
  }
}

import { describe, expect, it } from "vitest";

import { bookingMailData, type BookingRequest } from "@/lib/bookings/request";
import { demoMailboxEntry } from "@/lib/email/outbox";
import {
  bookingReceived,
  type BookingMailData,
  contactReceived,
  escapeHtml,
  newBookingStaff,
  newContactStaff,
  newsletterWelcome,
  renderEmail,
} from "@/lib/email/templates";

const booking: BookingMailData = {
  id: "3f2b8c1e-0000-4000-8000-000000000000",
  fullName: `Jane <script>alert("x")</script> O'Brien`,
  email: "jane@example.com",
  phone: "+256 700 123 456",
  country: "Kenya",
  tourPackage: "Gorilla Trek & Safari Escape (5 Days)",
  departureDate: "Jun 12, 2030",
  endDate: "Jun 17, 2030",
  groupSize: "9+ people",
  accommodation: "Standard",
  dietaryRestrictions: null,
  specialRequests: "Window seat\n<b>please</b>",
  newsletter: true,
};

/** Every opening tag of these elements has its closing tag (a cheap well-formedness check). */
function expectBalanced(html: string) {
  for (const tag of ["html", "head", "body", "table", "tr", "td", "p", "h1", "a", "div", "title"]) {
    const open = html.match(new RegExp(`<${tag}[\\s>]`, "g"))?.length ?? 0;
    const close = html.match(new RegExp(`</${tag}>`, "g"))?.length ?? 0;
    expect(close, `<${tag}>`).toBe(open);
  }
  expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
}

describe("renderEmail", () => {
  it("escapes every piece of text and keeps line breaks", () => {
    const { html, text } = renderEmail({
      preheader: "<pre>",
      heading: "Hi <b>",
      paragraphs: ["a & b\nc"],
      table: [{ label: "<l>", value: `"v"` }],
      cta: { label: "Go", url: "javascript:alert(1)" },
    });
    expect(html).not.toMatch(/<b>|<pre>|<l>|javascript:/);
    expect(html).toContain("a &amp; b<br>c");
    expect(html).toContain("&quot;v&quot;");
    expect(html).toContain('href="#"');
    expect(text).toContain("a & b\nc");
    expect(text).toContain("Go: javascript:alert(1)");
    expectBalanced(html);
  });

  it("escapes the five HTML metacharacters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("booking mails", () => {
  it("tells the customer the summary and the 24-hour promise", () => {
    const mail = bookingReceived(booking);
    expect(mail.template).toBe("booking-received");
    expect(mail.subject).toBe(
      "Booking request received: Gorilla Trek & Safari Escape (5 Days) (ref 3F2B8C1E)",
    );
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("within 24 hours");
      expect(part).toContain("9+ people");
      expect(part).toContain("Jun 12, 2030 – Jun 17, 2030");
    }
    expect(mail.html).toContain("Gorilla Trek &amp; Safari Escape (5 Days)");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expectBalanced(mail.html);
  });

  it("gives staff every field", () => {
    const mail = newBookingStaff(booking);
    expect(mail.subject).toMatch(/^New booking request: Jane/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain("Kenya");
    expect(mail.text).toContain("Special requests:");
    expect(mail.html).toContain("&lt;b&gt;please&lt;/b&gt;");
    expect(mail.html).toContain("/admin/bookings");
    expectBalanced(mail.html);
  });
});

describe("contact mails", () => {
  const contact = {
    name: "Jane",
    email: "jane@example.com",
    country: null,
    phone: null,
    subject: "Permits\r\nBcc: victim@example.com",
    message: "Buy <a href='http://spam'>this</a>",
  };

  it("confirms to the sender without echoing the message body", () => {
    const mail = contactReceived(contact);
    expect(mail.text).toContain("within 24 hours");
    expect(mail.html).not.toContain("spam");
    expect(mail.text).not.toContain("spam");
  });

  it("gives staff the message and a reply link; subjects stay on one line", () => {
    const mail = newContactStaff(contact);
    expect(mail.subject).toBe("New contact message: Permits Bcc: victim@example.com");
    expect(mail.html).toContain("&lt;a href=&#39;http://spam&#39;&gt;");
    expect(mail.html).toContain(
      "mailto:jane%40example.com?subject=Re%3A%20Permits%20Bcc%3A%20victim%40example.com",
    );
    expect(mail.text).toContain("N/A");
    expectBalanced(mail.html);
  });
});

describe("newsletter welcome", () => {
  it("carries the one-click unsubscribe link and the RFC 8058 headers", () => {
    const url = "https://breatheuganda.com/api/newsletter/unsubscribe?email=a%40b.co&token=abc";
    const mail = newsletterWelcome(url);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.html).toContain(escapeHtml(url));
    expect(mail.text).toContain(`Unsubscribe: ${url}`);
    expectBalanced(mail.html);
  });
});

describe("the demo's mailbox in the terminal", () => {
  it("prints the recipient, the subject and the text with its links", () => {
    const url = "http://localhost:3000/api/newsletter/unsubscribe?email=a%40b.co&token=abc";
    const mail = newsletterWelcome(url);
    const entry = demoMailboxEntry({
      toAddress: "a@b.co",
      subject: mail.subject,
      textBody: mail.text,
    });
    expect(entry).toContain("Email (outbox) to a@b.co");
    expect(entry).toContain("Subject: Welcome to the Breathe Uganda newsletter");
    expect(entry).toContain(`Unsubscribe: ${url}`);
    expect(entry).not.toContain("<");
    expect(entry).not.toContain("Attached:");
  });

  it("names a mail's files and their size, which stay in the outbox row", () => {
    const entry = demoMailboxEntry({
      toAddress: "a@b.co",
      subject: "Payment received",
      textBody: "Your receipt is attached.",
      attachments: [
        {
          filename: "breathe-uganda-receipt-BU-1.pdf",
          contentType: "application/pdf",
          content: Buffer.alloc(3000).toString("base64"),
        },
      ],
    });
    expect(entry).toContain(
      "Attached: breathe-uganda-receipt-BU-1.pdf (3 KB, kept in email_outbox)",
    );
  });
});

describe("booking mail data", () => {
  const request: BookingRequest = {
    fullName: "Jane Doe",
    email: "jane@example.com",
    phone: "+256 700 123 456",
    address: "Kenya",
    tour: "custom",
    departureId: null,
    departureDate: "2030-06-12",
    endDate: "2030-06-17",
    groupSize: 9,
    accommodationPreference: null,
    dietaryRestrictions: null,
    specialRequests: null,
    termsAccepted: true,
    newsletter: false,
  };

  it("formats dates and the public wizard's top group size as the form offered them", () => {
    const data = bookingMailData("id", request, "Custom", "public");
    expect(data).toMatchObject({
      departureDate: "Jun 12, 2030",
      endDate: "Jun 17, 2030",
      groupSize: "9+ people",
      country: "Kenya",
    });
  });

  it("shows the customer wizard's size as is and no country", () => {
    const data = bookingMailData(
      "id",
      { ...request, groupSize: 1, endDate: null },
      "Custom",
      "customer",
    );
    expect(data).toMatchObject({ groupSize: "1 person", endDate: null, country: null });
  });
});

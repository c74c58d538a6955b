import { parse } from "csv-parse/sync";
import { formatDayTimeLong } from "@/lib/dates";
import { describe, expect, it } from "vitest";

import {
  contactAgeBadge,
  messagePreview,
  parseMessagesQuery,
  replyMailto,
  telHref,
} from "@/lib/messages/list-query";
import { parseSubscribersQuery } from "@/lib/newsletter/list-query";
import { countLabel } from "@/lib/list-query";
import { supportReply } from "@/lib/email/templates";
import { neutralizeCell } from "@/lib/csv";
import { csvChunk, csvDateTime, exportFileName } from "@/lib/newsletter/csv";

// 2027-03-10 09:00 in Kampala (UTC+3).
const NOW = new Date("2027-03-10T06:00:00Z");

describe("contact message badge (from age, Kampala days)", () => {
  it("is New on the same day, Recent up to 2 days, Read after", () => {
    expect(contactAgeBadge(new Date("2027-03-09T21:30:00Z"), NOW)).toBe("New"); // 00:30 on the 10th
    expect(contactAgeBadge(new Date("2027-03-09T20:30:00Z"), NOW)).toBe("Recent"); // 23:30 on the 9th
    expect(contactAgeBadge(new Date("2027-03-08T08:00:00Z"), NOW)).toBe("Recent");
    expect(contactAgeBadge(new Date("2027-03-07T08:00:00Z"), NOW)).toBe("Read");
  });
});

describe("message preview", () => {
  it("keeps 100 characters and adds '...' only when cut", () => {
    const exactly = "a".repeat(100);
    expect(messagePreview(exactly)).toBe(exactly);
    expect(messagePreview(`${exactly}b`)).toBe(`${exactly}...`);
    expect(messagePreview("Short")).toBe("Short");
  });
});

describe("View Full links and dates", () => {
  it("replies with 'Re: subject' and the message quoted, URL-encoded", () => {
    const href = replyMailto({
      email: "ann+trip@example.com",
      subject: "Gorillas & chimps?",
      message: "Hi\nTwo of us",
    });
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(decodeURIComponent(url.pathname)).toBe("ann+trip@example.com");
    expect(url.searchParams.get("subject")).toBe("Re: Gorillas & chimps?");
    expect(url.searchParams.get("body")).toContain("> Hi\n> Two of us");
  });

  it("offers a Call link only with a phone number", () => {
    expect(telHref("+256 772 123-456")).toBe("tel:+256772123456");
    expect(telHref(null)).toBeNull();
    expect(telHref("  ")).toBeNull();
  });

  it("writes the received time 'MMMM dd, yyyy at HH:mm' in Kampala", () => {
    expect(formatDayTimeLong("2027-03-01T21:05:00Z")).toBe("March 02, 2027 at 00:05");
  });
});

describe("counts", () => {
  it("marks a capped search count with '+'", () => {
    expect(countLabel(1000, true)).toBe("1,000+");
    expect(countLabel(12, false)).toBe("12");
  });
});

describe("list state from the URL", () => {
  it("reads tab, search and page, falling back on bad values", () => {
    expect(parseMessagesQuery({ tab: "customers", q: "  nile ", page: "3" })).toEqual({
      tab: "customers",
      q: "nile",
      page: 3,
      thread: null,
    });
    expect(parseMessagesQuery({ tab: "x", page: "-2" })).toMatchObject({
      tab: "contacts",
      page: 1,
    });
    expect(parseSubscribersQuery({ filter: "inactive", page: "abc" })).toEqual({
      q: "",
      filter: "inactive",
      page: 1,
    });
    expect(parseSubscribersQuery({ filter: "bogus" }).filter).toBe("all");
  });
});

describe("newsletter CSV", () => {
  it("neutralises cells that begin with =, +, -, @, tab or CR", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutralizeCell(`${start}x@example.com`)).toBe(`'${start}x@example.com`);
    }
    expect(neutralizeCell("plain@example.com")).toBe("plain@example.com");
  });

  it("writes the header, Kampala dates and escaped cells", () => {
    const text = csvChunk(
      [
        {
          email: '=HYPERLINK("http://x","y")@example.com',
          subscribedAt: new Date("2027-01-31T22:15:09Z"),
        },
        { email: "a,b@example.com", subscribedAt: new Date("2027-02-01T00:00:00Z") },
      ],
      { header: true },
    );
    expect(text.split("\r\n")[0]).toBe('"Email","Subscribed Date"');
    expect(parse(text)).toEqual([
      ["Email", "Subscribed Date"],
      ['\'=HYPERLINK("http://x","y")@example.com', "2027-02-01 01:15:09"],
      ["a,b@example.com", "2027-02-01 03:00:00"],
    ]);
  });

  it("formats the date and the file name", () => {
    expect(csvDateTime(new Date("2027-12-31T21:00:00Z"))).toBe("2028-01-01 00:00:00");
    expect(exportFileName(new Date("2027-12-31T21:00:00Z"))).toBe(
      "newsletter-subscribers-2028-01-01.csv",
    );
  });
});

describe("the 'reply from support' mail", () => {
  it("quotes the reply, escapes it, links to Messages and answers the thread's subject", () => {
    const mail = supportReply({
      customerName: "Amelia <b>Carter</b>",
      subject: "Permits\r\nBcc: x@example.com",
      message: "Yes, both permits <script>are</script> included.",
    });
    expect(mail.template).toBe("support-reply");
    expect(mail.subject).toBe("Re: Permits Bcc: x@example.com – Breathe Uganda");
    expect(mail.html).not.toMatch(/<script>|<b>Carter/);
    expect(mail.html).toContain("Yes, both permits &lt;script&gt;are&lt;/script&gt; included.");
    expect(mail.text).toContain("Yes, both permits <script>are</script> included.");
    expect(mail.text).toMatch(/View the conversation: https?:\/\/\S+\/customer\/messages/);
    expect(mail.text).toContain("Support Team");
  });
});

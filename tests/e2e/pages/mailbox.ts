import { expect, type APIRequestContext } from "@playwright/test";

import { type CapturedMail, mailCaptureUrl } from "../support/mail-capture";

export type { CapturedMail };

/**
 * The mails the e2e web server sent, as the Resend stand-in received them
 * (tests/e2e/support/mail-capture.ts): sent after the response (`after()`) or by the retry timer,
 * so every read waits for its mail to arrive.
 */
export class Mailbox {
  constructor(readonly request: APIRequestContext) {}

  /** The newest mail to `to` with this subject, newer than `after` when given (waits for it). */
  async latest(to: string, subject: string, after?: CapturedMail): Promise<CapturedMail> {
    let mail: CapturedMail | undefined;
    await expect
      .poll(
        async () => {
          const response = await this.request.get(
            `${mailCaptureUrl()}/captured?${new URLSearchParams({ to, subject })}`,
          );
          expect(response.ok(), "the mail capture server answers").toBe(true);
          const { mails } = (await response.json()) as { mails: CapturedMail[] };
          mail = mails.findLast((found) => found.seq > (after?.seq ?? 0));
          return mail?.id ?? null;
        },
        { message: `a mail "${subject}" to ${to}`, timeout: 15_000 },
      )
      .not.toBeNull();
    return mail!;
  }

  /** A mail's attached file by name, its bytes decoded (fails the test when it is missing). */
  static attachment(mail: CapturedMail, filename: string): Buffer {
    const found = mail.attachments.find((a) => a.filename === filename);
    expect(
      found,
      `"${filename}" attached to ${mail.subject} (has: ${mail.attachments.map((a) => a.filename).join(", ") || "none"})`,
    ).toBeTruthy();
    return Buffer.from(found!.content, "base64");
  }

  /** The path and query of the first link to `path` in a mail's text part. */
  static linkTo(mail: CapturedMail, path: string): string {
    const match = new RegExp(`https?://[^\\s]+(${path.replace(/[/?]/g, "\\$&")}\\?[^\\s]+)`).exec(
      mail.text,
    );
    if (!match?.[1]) throw new Error(`no ${path} link in ${mail.subject}`);
    return match[1];
  }
}

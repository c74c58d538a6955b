import { expect, type APIRequestContext } from "@playwright/test";

export type OutboxMail = {
  template: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

/**
 * The e2e web server's mail outbox, read over HTTP (/api/test/outbox, served only with
 * E2E_OUTBOX=1 on the embedded database): the test process cannot open the server's PGlite.
 */
export class Outbox {
  constructor(readonly request: APIRequestContext) {}

  /** The newest mail of `template` to `to`, newer than `after` (waits for it to be queued). */
  async latest(to: string, template: string, after?: string): Promise<OutboxMail> {
    let mail: OutboxMail | null = null;
    await expect
      .poll(
        async () => {
          const response = await this.request.get(
            `/api/test/outbox?${new URLSearchParams({ to, template })}`,
          );
          if (!response.ok()) return null;
          const found = (await response.json()) as OutboxMail;
          mail = !after || found.createdAt > after ? found : null;
          return mail?.createdAt ?? null;
        },
        { message: `a ${template} mail to ${to}`, timeout: 10_000 },
      )
      .not.toBeNull();
    return mail!;
  }

  /** The path and query of the first link to `path` in a mail's text part. */
  static linkTo(mail: OutboxMail, path: string): string {
    const match = new RegExp(`https?://[^\\s]+(${path.replace(/[/?]/g, "\\$&")}\\?[^\\s]+)`).exec(
      mail.text,
    );
    if (!match?.[1]) throw new Error(`no ${path} link in ${mail.subject}`);
    return match[1];
  }
}

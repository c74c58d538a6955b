/**
 * A stand-in for the Resend API, for the end-to-end tests: the web server sends its mails the way
 * production does (lib/email/outbox.ts, the Resend SDK), with RESEND_BASE_URL pointing here. The
 * mails are kept in memory, with their attachments as Resend received them (base64), and read back
 * over HTTP by the test workers (tests/e2e/pages/mailbox.ts).
 * Started by tests/e2e/support/global-setup.ts, on a loopback port.
 *
 *   POST /emails         one mail, as the SDK's `emails.send` posts it; answers { id }
 *   POST /emails/batch   an array of them (`batch.send`); answers { data: [{ id }] }
 *   GET  /captured?to=&subject=   the mails received, oldest first (filters optional, exact,
 *                        the address case-insensitive)
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/** A file sent with a mail, as the API body carries it. */
export type CapturedAttachment = {
  filename: string;
  /** The file's bytes, base64. */
  content: string;
  /** The type the sender named, or null (Resend then derives it from the file name). */
  contentType: string | null;
};

export type CapturedMail = {
  id: string;
  /** Order of arrival, from 1: a test asks for a mail newer than one it already has. */
  seq: number;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: CapturedAttachment[];
  receivedAt: string;
};

/** The key the e2e web server sends with (any key would do; a missing one is refused, as Resend does). */
export const MAIL_CAPTURE_API_KEY = "re_e2e_capture";

/**
 * The capture server's port: E2E_MAIL_PORT, or the web server's port + 90 (3390 next to the default
 * 3300), so two runs on different E2E_PORTs do not share a mailbox. playwright.config.ts sets
 * E2E_MAIL_PORT once; the global setup and the workers read it from there.
 */
export function mailCapturePort(appPort: number): number {
  return Number(process.env.E2E_MAIL_PORT || appPort + 90);
}

export function mailCaptureUrl(): string {
  const port = process.env.E2E_MAIL_PORT;
  if (!port) throw new Error("E2E_MAIL_PORT is unset: run the tests through playwright.config.ts");
  return `http://127.0.0.1:${port}`;
}

/** Room for the heaviest mail the outbox queues (lib/email/outbox.ts MAX_ATTACHMENT_BYTES). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "payload_too_large", "body too large");
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "invalid_json", "the body is not JSON");
  }
}

/** `attachments` as Resend reads it: each a file name with base64 content (or a remote path). */
function parseAttachments(value: unknown): CapturedAttachment[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid("`attachments` must be an array");
  return value.map((item: unknown) => {
    const a = (item ?? {}) as Record<string, unknown>;
    if (typeof a.path === "string") throw invalid("remote attachments are not captured");
    if (typeof a.filename !== "string" || !a.filename)
      throw invalid("an attachment needs a `filename`");
    if (typeof a.content !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(a.content))
      throw invalid("an attachment's `content` must be base64");
    return {
      filename: a.filename,
      content: a.content,
      contentType: typeof a.content_type === "string" ? a.content_type : null,
    };
  });
}

/** The fields the app sends, checked as Resend would refuse them (422 validation_error). */
function parseMail(body: unknown): Omit<CapturedMail, "id" | "seq" | "receivedAt"> {
  const mail = (body ?? {}) as Record<string, unknown>;
  const to = typeof mail.to === "string" ? [mail.to] : mail.to;
  if (typeof mail.from !== "string" || !mail.from) throw invalid("`from` is required");
  if (!Array.isArray(to) || to.length === 0 || !to.every((a) => typeof a === "string" && a))
    throw invalid("`to` is required");
  if (typeof mail.subject !== "string" || !mail.subject) throw invalid("`subject` is required");
  if (typeof mail.html !== "string" && typeof mail.text !== "string")
    throw invalid("`html` or `text` is required");
  return {
    from: mail.from,
    to: to as string[],
    subject: mail.subject,
    html: typeof mail.html === "string" ? mail.html : "",
    text: typeof mail.text === "string" ? mail.text : "",
    headers: (mail.headers as Record<string, string> | undefined) ?? {},
    attachments: parseAttachments(mail.attachments),
  };
}

function invalid(message: string) {
  return new HttpError(422, "validation_error", message);
}

export type MailCapture = { url: string; mails: CapturedMail[]; close: () => Promise<void> };

/** Starts the capture server on 127.0.0.1:`port` (fails if the port is taken). */
export async function startMailCapture(port: number): Promise<MailCapture> {
  const mails: CapturedMail[] = [];
  // Resend answers a repeated Idempotency-Key with its first answer and sends nothing again.
  const answered = new Map<string, unknown>();

  const capture = (body: unknown): { id: string } => {
    const mail = {
      ...parseMail(body),
      id: randomUUID(),
      seq: mails.length + 1,
      receivedAt: new Date().toISOString(),
    };
    mails.push(mail);
    return { id: mail.id };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://capture");
    if (request.method === "GET" && url.pathname === "/captured") {
      const to = url.searchParams.get("to")?.trim().toLowerCase();
      const subject = url.searchParams.get("subject");
      const found = mails.filter(
        (mail) =>
          (!to || mail.to.some((address) => address.trim().toLowerCase() === to)) &&
          (subject === null || mail.subject === subject),
      );
      return send(response, 200, { mails: found });
    }
    if (
      request.method !== "POST" ||
      (url.pathname !== "/emails" && url.pathname !== "/emails/batch")
    )
      return send(response, 404, { statusCode: 404, name: "not_found", message: "Not found" });
    if (!/^Bearer \S+$/.test(request.headers.authorization ?? ""))
      throw new HttpError(401, "missing_api_key", "Missing API key in the authorization header");

    const key = request.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" && key ? `${url.pathname} ${key}` : undefined;
    const body = await readJson(request);
    const previous = idempotencyKey ? answered.get(idempotencyKey) : undefined;
    if (previous) return send(response, 200, previous);

    let answer: unknown;
    if (url.pathname === "/emails") {
      answer = capture(body);
    } else {
      if (!Array.isArray(body) || body.length === 0) throw invalid("a batch is a non-empty array");
      // Resend's batch endpoint takes no attachments.
      if (body.some((mail: unknown) => (mail as { attachments?: unknown } | null)?.attachments))
        throw invalid("attachments are not supported in a batch");
      const batch = body.map(parseMail); // all or nothing, as Resend's strict batch validation
      answer = { data: batch.map((mail) => capture(mail)) };
    }
    if (idempotencyKey) answered.set(idempotencyKey, answer);
    send(response, 200, answer);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof HttpError)
        return send(response, error.status, {
          statusCode: error.status,
          name: error.code,
          message: error.message,
        });
      console.error("mail capture:", error);
      send(response, 500, { statusCode: 500, name: "application_error", message: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The web server's fetch keeps its connection open: do not wait for it to time out.
        server.closeAllConnections();
      }),
  };
}

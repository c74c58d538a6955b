/**
 * A fake Pesapal API 3.0 on loopback for the payment tests: node:http on a random port, the
 * endpoints the driver uses under a base path like Pesapal's own ('/pesapalv3'). Every answer is
 * one Pesapal publishes on developer.pesapal.com or one recorded from its sandbox or live API in
 * public code; docs/decisions/0221-pesapal-as-documented.md names the source of each.
 *
 *   POST api/Auth/RequestToken {consumer_key, consumer_secret} -> {token, expiryDate, error, status, message}
 *   POST api/URLSetup/RegisterIPN {url, ipn_notification_type} -> {url, created_date, ipn_id, ..., ipn_status_decription}
 *   GET  api/URLSetup/GetIpnList -> [{url, created_date, ipn_id, error, status}]
 *   POST api/Transactions/SubmitOrderRequest {id, currency, amount, ...} -> {order_tracking_id, merchant_reference, redirect_url, error, status}
 *   GET  api/Transactions/GetTransactionStatus?orderTrackingId= -> {payment_method, amount, status_code, ...}
 *   POST api/Transactions/CancelOrder {order_tracking_id} -> {status: "200" | "500", message}
 *   POST api/Transactions/RefundRequest {confirmation_code, amount, username, remarks} -> {status: "200" | "500", message}
 *
 * A token lives five minutes (by Date.now: a test's faked Date moves the fake's clock too). Every
 * endpoint but RequestToken wants `Authorization: Bearer <a token it issued>` that has not
 * expired, and answers any other with HTTP 500 and the error code invalid_api_credentials_provided,
 * as Pesapal was recorded doing. Answers carry `status` as a string ("200", "500") beside an
 * `error` object; an order nobody paid yet answers status_code 0 with the
 * "payment_details_not_found" error ("Pending Payment") inside an HTTP 200.
 *
 * What the fake does not know from any source it does not make up: a repeated merchant
 * reference is taken like any other (Pesapal's pages ask for unique ones, and say nothing of a
 * refusal); a malformed request and an unknown tracking id get the one recorded answer to a
 * request Pesapal could not read (invalid_api_request_parameters).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const BASE_PATH = "/pesapalv3";
const TOKEN_LIFETIME_MS = 5 * 60_000;

export type FakeOrder = {
  trackingId: string;
  merchantReference: string;
  /** The decimal amount as submitted. */
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  notificationId: string;
  billing: Record<string, unknown>;
  /** What GetTransactionStatus answers (set by `settle`). */
  outcome: SettleOutcome;
  /** Cancelled by CancelOrder (its status then reads failed). */
  cancelled: boolean;
  /** The refund Pesapal took for this payment (RefundRequest), or null: one a payment. */
  refund: { amount: number; username: string; remarks: string } | null;
};

export type SettleOutcome = {
  status: "completed" | "failed" | "reversed" | "pending";
  /** Decimal, as Pesapal sends it; default the order's amount. */
  amount?: number;
  currency?: string;
  method?: string;
  confirmationCode?: string;
};

export type FakeRequest = {
  method: string;
  /** After the base path, with the query string: '/api/Transactions/GetTransactionStatus?orderTrackingId=…'. */
  path: string;
  /** The parsed JSON body, or null (GET). */
  body: unknown;
  /** The Authorization header, or null. */
  auth: string | null;
  /** The Accept and Content-Type headers, or null. */
  accept: string | null;
  contentType: string | null;
};

export type FakePesapal = {
  /** The base, to use as PESAPAL_BASE_URL. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  /** The order the fake holds, by tracking id. */
  order(trackingId: string): FakeOrder | undefined;
  /** Sets what GetTransactionStatus answers for an order. */
  settle(trackingId: string, outcome: SettleOutcome): void;
  /**
   * Makes a token refused early (Pesapal revoked it): the next authenticated request answers as
   * to an expired token.
   */
  revokeTokens(): void;
  /** Makes every endpoint answer 503 (true) or recover (false). */
  setDown(down: boolean): void;
  /** Requests received, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
};

/** The error object of a status answer that has none (its fields all null). */
const NO_ERROR = { error_type: null, code: null, message: null, call_back_url: null };
const STATUS_CODES = { pending: 0, completed: 1, failed: 2, reversed: 3 } as const;
const STATUS_TEXTS = {
  pending: "INVALID",
  completed: "COMPLETED",
  failed: "FAILED",
  reversed: "REVERSED",
} as const;

function apiError(code: string, message: string, errorType = "api_error", status = "500") {
  return { error: { error_type: errorType, code, message }, status };
}

/** Pesapal's answer to a bearer token it does not take (expired, revoked, unknown): HTTP 500. */
const TOKEN_REFUSED = {
  error: {
    error_type: "authentication_error",
    code: "invalid_api_credentials_provided",
    message: "Invalid Access Token",
  },
};

/** Pesapal's answer to a request it could not read, as recorded (an empty message). */
const BAD_REQUEST = apiError("invalid_api_request_parameters", "", "invalid_request_error");

/** Whether a method name is a mobile wallet's (only refunded in whole, says Pesapal). */
const isMobileMoney = (method: string) => /mtn|airtel|mobile|mpesa|tigo/i.test(method);

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return null;
  const raw = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export async function startFakePesapal(): Promise<FakePesapal> {
  const consumerKey = `fake-key-${randomBytes(6).toString("hex")}`;
  const consumerSecret = `fake-secret-${randomBytes(12).toString("hex")}`;
  const tokens = new Map<string, number>();
  const ipns: { url: string; ipn_id: string; type: "GET" | "POST"; created: string }[] = [];
  const orders = new Map<string, FakeOrder>();
  const requests: FakeRequest[] = [];
  let down = false;
  let origin = "";

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  }

  function authorized(auth: string | null): boolean {
    const token = auth?.match(/^Bearer (.+)$/)?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  function statusOf(order: FakeOrder) {
    const outcome = order.outcome;
    const common = {
      created_date: new Date().toISOString(),
      call_back_url: `${order.callbackUrl}?OrderTrackingId=${order.trackingId}&OrderMerchantReference=${order.merchantReference}`,
      merchant_reference: order.merchantReference,
      currency: outcome.currency ?? order.currency,
    };
    if (outcome.status === "pending") {
      return {
        ...common,
        payment_method: "",
        amount: order.amount,
        confirmation_code: "",
        payment_status_description: STATUS_TEXTS.pending,
        description: null,
        message: "Request processed successfully",
        payment_account: "",
        status_code: STATUS_CODES.pending,
        ...apiError("payment_details_not_found", "Pending Payment"),
      };
    }
    return {
      ...common,
      payment_method: outcome.method ?? "Visa",
      amount: outcome.amount ?? order.amount,
      confirmation_code:
        outcome.status === "failed"
          ? ""
          : (outcome.confirmationCode ?? randomBytes(5).toString("hex").toUpperCase()),
      payment_status_description: STATUS_TEXTS[outcome.status],
      description: outcome.status === "failed" ? "Insufficient funds" : null,
      message: "Request processed successfully",
      payment_account: "476173**0010",
      status_code: STATUS_CODES[outcome.status],
      payment_status_code: "",
      error: NO_ERROR,
      status: "200",
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    const auth = req.headers.authorization ?? null;
    const path = url.pathname.startsWith(BASE_PATH)
      ? url.pathname.slice(BASE_PATH.length)
      : url.pathname;
    requests.push({
      method: req.method ?? "GET",
      path: `${path}${url.search}`,
      body,
      auth,
      accept: req.headers.accept ?? null,
      contentType: req.headers["content-type"] ?? null,
    });

    if (down) {
      res.writeHead(503, { "content-type": "text/html" });
      res.end("<html><body>503 Service Unavailable</body></html>");
      return;
    }
    const route = `${req.method} ${path.toLowerCase()}`;
    if (route === "POST /api/auth/requesttoken") {
      const { consumer_key, consumer_secret } = (body ?? {}) as Record<string, unknown>;
      if (consumer_key !== consumerKey || consumer_secret !== consumerSecret) {
        return send(res, 200, apiError("invalid_consumer_key_or_secret_provided", ""));
      }
      const token = randomBytes(24).toString("base64url");
      const expiresAt = Date.now() + TOKEN_LIFETIME_MS;
      tokens.set(token, expiresAt);
      return send(res, 200, {
        token,
        expiryDate: new Date(expiresAt).toISOString(),
        error: null,
        status: "200",
        message: "Request processed successfully",
      });
    }
    if (!route.startsWith("POST /api/auth/") && !authorized(auth)) {
      return send(res, 500, TOKEN_REFUSED);
    }
    if (route === "POST /api/urlsetup/registeripn") {
      const { url: ipnUrl, ipn_notification_type } = (body ?? {}) as Record<string, unknown>;
      if (
        typeof ipnUrl !== "string" ||
        !URL.canParse(ipnUrl) ||
        !["GET", "POST"].includes(String(ipn_notification_type))
      ) {
        return send(res, 200, BAD_REQUEST);
      }
      const ipn = {
        url: ipnUrl,
        ipn_id: randomUUID(),
        type: ipn_notification_type as "GET" | "POST",
        created: new Date().toISOString(),
      };
      ipns.push(ipn);
      // As recorded from Pesapal's sandbox and live API: its own spelling of ipn_status_decription.
      return send(res, 200, {
        url: ipn.url,
        created_date: ipn.created,
        ipn_id: ipn.ipn_id,
        notification_type: ipn.type === "GET" ? 0 : 1,
        ipn_notification_type_description: ipn.type,
        ipn_status: 1,
        ipn_status_decription: "Active",
        status: "200",
        message: "Request processed successfully",
      });
    }
    if (route === "GET /api/urlsetup/getipnlist") {
      return send(
        res,
        200,
        ipns.map((ipn) => ({
          url: ipn.url,
          created_date: ipn.created,
          ipn_id: ipn.ipn_id,
          error: null,
          status: "200",
        })),
      );
    }
    if (route === "POST /api/transactions/submitorderrequest") {
      const order = (body ?? {}) as Record<string, unknown>;
      const billing = (order.billing_address ?? {}) as Record<string, unknown>;
      const problems: string[] = [];
      if (typeof order.id !== "string" || !order.id || order.id.length > 50) problems.push("id");
      if (typeof order.currency !== "string" || !/^[A-Z]{3}$/.test(order.currency))
        problems.push("currency");
      if (typeof order.amount !== "number" || !(order.amount > 0)) problems.push("amount");
      if (
        typeof order.description !== "string" ||
        !order.description ||
        order.description.length > 100
      )
        problems.push("description");
      if (typeof order.callback_url !== "string" || !URL.canParse(order.callback_url))
        problems.push("callback_url");
      if (!ipns.some((ipn) => ipn.ipn_id === order.notification_id))
        problems.push("notification_id");
      if (!billing.email_address && !billing.phone_number) problems.push("billing_address");
      // The fields the documentation requires, with its limits (id 50, description 100).
      if (problems.length) return send(res, 200, BAD_REQUEST);
      const trackingId = randomUUID();
      orders.set(trackingId, {
        trackingId,
        merchantReference: order.id as string,
        amount: order.amount as number,
        currency: order.currency as string,
        description: order.description as string,
        callbackUrl: order.callback_url as string,
        notificationId: order.notification_id as string,
        billing,
        outcome: { status: "pending" },
        cancelled: false,
        refund: null,
      });
      return send(res, 200, {
        order_tracking_id: trackingId,
        merchant_reference: order.id,
        redirect_url: `${origin}/iframe/PesapalIframe3/Index?OrderTrackingId=${trackingId}`,
        error: null,
        status: "200",
      });
    }
    if (route === "GET /api/transactions/gettransactionstatus") {
      const trackingId = url.searchParams.get("orderTrackingId") ?? "";
      const order = orders.get(trackingId);
      if (!order) return send(res, 200, BAD_REQUEST);
      return send(res, 200, statusOf(order));
    }
    if (route === "POST /api/transactions/cancelorder") {
      const trackingId = String(((body ?? {}) as Record<string, unknown>).order_tracking_id ?? "");
      const order = orders.get(trackingId);
      // Pesapal cancels failed or pending orders only, and only once.
      if (!order || order.cancelled || !["pending", "failed"].includes(order.outcome.status)) {
        return send(res, 200, { status: "500", message: "Order could not be cancelled." });
      }
      order.cancelled = true;
      order.outcome = { status: "failed" };
      return send(res, 200, { status: "200", message: "Order successfully cancelled." });
    }
    if (route === "POST /api/transactions/refundrequest") {
      const asked = (body ?? {}) as Record<string, unknown>;
      const amount = Number(asked.amount);
      const order = [...orders.values()].find(
        (held) =>
          held.outcome.status === "completed" &&
          held.outcome.confirmationCode !== undefined &&
          held.outcome.confirmationCode === asked.confirmation_code,
      );
      const paid = order ? (order.outcome.amount ?? order.amount) : 0;
      // The documented limits: COMPLETED payments only, never more than was collected, one refund
      // a payment, a mobile-money payment only in whole; username and remarks are required.
      const refused =
        !order ||
        order.refund !== null ||
        !Number.isFinite(amount) ||
        amount <= 0 ||
        amount > paid ||
        (isMobileMoney(order.outcome.method ?? "") && amount !== paid) ||
        typeof asked.username !== "string" ||
        !asked.username ||
        typeof asked.remarks !== "string" ||
        !asked.remarks;
      if (refused) return send(res, 200, { status: "500", message: "Refund rejected" });
      order.refund = {
        amount,
        username: asked.username as string,
        remarks: asked.remarks as string,
      };
      return send(res, 200, { status: "200", message: "Refund request successfully" });
    }
    return send(res, 404, apiError("not_found", `No endpoint ${req.method} ${path}`, "404"));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}${BASE_PATH}`,
    consumerKey,
    consumerSecret,
    order: (trackingId) => orders.get(trackingId),
    settle(trackingId, outcome) {
      const order = orders.get(trackingId);
      if (!order) throw new Error(`The fake Pesapal holds no order ${trackingId}`);
      // A paid order keeps one receipt code, as the processor gave it (refunds name it).
      order.outcome =
        outcome.status === "completed" || outcome.status === "reversed"
          ? {
              ...outcome,
              confirmationCode:
                outcome.confirmationCode ?? randomBytes(5).toString("hex").toUpperCase(),
            }
          : outcome;
    },
    setDown(value) {
      down = value;
    },
    revokeTokens() {
      tokens.clear();
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

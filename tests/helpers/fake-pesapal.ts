/**
 * A fake Pesapal API 3.0 on loopback for the payment tests: node:http on a random port, the four
 * endpoints the driver uses (plus GetIpnList) under a base path like Pesapal's own
 * ('/pesapalv3'), with the documented requests and answers:
 *
 *   POST api/Auth/RequestToken {consumer_key, consumer_secret} -> {token, expiryDate, error, status}
 *   POST api/URLSetup/RegisterIPN {url, ipn_notification_type} -> {url, created_date, ipn_id, ...}
 *   GET  api/URLSetup/GetIpnList -> [{url, created_date, ipn_id, ...}]
 *   POST api/Transactions/SubmitOrderRequest {id, currency, amount, ...} -> {order_tracking_id, redirect_url, ...}
 *   GET  api/Transactions/GetTransactionStatus?orderTrackingId= -> {status_code, amount, ...}
 *   POST api/Transactions/CancelOrder {order_tracking_id} -> {status: "200" | "500", message}
 *
 * Every endpoint but RequestToken wants `Authorization: Bearer <a token it issued>` that has not
 * expired (five minutes, by Date.now: a test's faked Date moves the fake's clock too) and answers
 * 401 otherwise. Like Pesapal, answers carry `status` as a string and an `error` object, all
 * nulls on success; an order nobody paid yet answers status_code 0 with the
 * "payment_details_not_found" error inside an HTTP 200.
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
  /** Makes every endpoint answer 503 (true) or recover (false). */
  setDown(down: boolean): void;
  /** Requests received, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
};

const NO_ERROR = { error_type: null, code: null, message: null };
const STATUS_CODES = { pending: 0, completed: 1, failed: 2, reversed: 3 } as const;
const STATUS_TEXTS = {
  pending: "INVALID",
  completed: "COMPLETED",
  failed: "FAILED",
  reversed: "REVERSED",
} as const;

function apiError(code: string, message: string, status = "500") {
  return { error: { error_type: "api_error", code, message }, status };
}

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
    requests.push({ method: req.method ?? "GET", path: `${path}${url.search}`, body, auth });

    if (down) {
      res.writeHead(503, { "content-type": "text/html" });
      res.end("<html><body>503 Service Unavailable</body></html>");
      return;
    }
    const route = `${req.method} ${path.toLowerCase()}`;
    if (route === "POST /api/auth/requesttoken") {
      const { consumer_key, consumer_secret } = (body ?? {}) as Record<string, unknown>;
      if (consumer_key !== consumerKey || consumer_secret !== consumerSecret) {
        return send(res, 200, {
          token: null,
          expiryDate: null,
          ...apiError(
            "invalid_consumer_key_or_secret_provided",
            "Invalid consumer_key or consumer_secret provided",
          ),
        });
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
      return send(res, 401, apiError("unauthorized", "Invalid or expired token", "401"));
    }
    if (route === "POST /api/urlsetup/registeripn") {
      const { url: ipnUrl, ipn_notification_type } = (body ?? {}) as Record<string, unknown>;
      if (
        typeof ipnUrl !== "string" ||
        !URL.canParse(ipnUrl) ||
        !["GET", "POST"].includes(String(ipn_notification_type))
      ) {
        return send(
          res,
          200,
          apiError(
            "invalid_ipn_details",
            "url and ipn_notification_type (GET or POST) are required",
            "400",
          ),
        );
      }
      const ipn = {
        url: ipnUrl,
        ipn_id: randomUUID(),
        type: ipn_notification_type as "GET" | "POST",
        created: new Date().toISOString(),
      };
      ipns.push(ipn);
      return send(res, 200, {
        url: ipn.url,
        created_date: ipn.created,
        ipn_id: ipn.ipn_id,
        notification_type: ipn.type === "GET" ? 0 : 1,
        ipn_notification_type_description: ipn.type,
        ipn_status: 1,
        ipn_status_description: "Active",
        error: null,
        status: "200",
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
      // "Unique at all times for every order request", say the docs; what Pesapal answers to a
      // repeat is not documented: the fake refuses it, so a caller that repeats one finds out.
      if ([...orders.values()].some((held) => held.merchantReference === order.id))
        problems.push("id (already used)");
      if (problems.length) {
        return send(
          res,
          200,
          apiError("invalid_order_details", `Invalid ${problems.join(", ")}`, "400"),
        );
      }
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
      });
      return send(res, 200, {
        order_tracking_id: trackingId,
        merchant_reference: order.id,
        redirect_url: `${origin}${BASE_PATH}/iframe/PesapalIframe3/Index?OrderTrackingId=${trackingId}`,
        error: null,
        status: "200",
      });
    }
    if (route === "GET /api/transactions/gettransactionstatus") {
      const trackingId = url.searchParams.get("orderTrackingId") ?? "";
      const order = orders.get(trackingId);
      if (!order) {
        return send(res, 200, {
          status_code: 0,
          payment_status_description: "INVALID",
          ...apiError("invalid_order_tracking_id", "No order with this tracking id", "500"),
        });
      }
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
      order.outcome = outcome;
    },
    setDown(value) {
      down = value;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

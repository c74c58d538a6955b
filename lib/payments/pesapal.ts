/**
 * The Pesapal API 3.0 driver (JSON over HTTPS): MTN Mobile Money, Airtel Money, Visa and
 * Mastercard in Uganda, in UGX or USD.
 *
 * Written on `fetch` rather than an npm client. The JavaScript client published for API 3.0
 * (pesapaljs-v3, read at 1.0.13) is untyped, on axios, writes the two Pesapal addresses into its
 * code (no way to point it at our fake Pesapal, tests/helpers/fake-pesapal.ts), keeps one token in
 * a module global with no expiry, logs every whole response (tokens included) to the console,
 * sends the IPN type as the IPN's address, and passes its GET headers where axios ignores them, so
 * its status request goes without the token. The protocol itself is four JSON requests. What
 * this module owns: the token cache (a token lives five minutes), one IPN registration per
 * process, the minor-unit conversion, and reading Pesapal's answers defensively (below).
 *
 * The flow: POST api/Auth/RequestToken (the merchant's keys) gives a bearer token; the IPN address
 * is registered once (api/URLSetup/RegisterIPN, after looking for it in api/URLSetup/GetIpnList)
 * and its id goes with every order (notification_id); POST api/Transactions/SubmitOrderRequest
 * gives the order's tracking id and the checkout's address; GET
 * api/Transactions/GetTransactionStatus?orderTrackingId= is the only account of the payment we
 * trust (the IPN and the callback only tell us to ask). POST api/Transactions/CancelOrder
 * {order_tracking_id} cancels an order not paid yet, once (a newer order of the booking replaced
 * it): `status` "200" when cancelled, "500" when Pesapal refused (paid or processed already).
 * POST api/Transactions/RefundRequest {confirmation_code, amount, username, remarks} asks for a
 * refund of a completed payment: "200" taken (Pesapal's finance team pays it once the merchant
 * approves), "500" refused. Every request carries Accept and Content-Type: application/json, as
 * each endpoint's page asks (GET included). docs/decisions/0221-pesapal-as-documented.md.
 *
 * Where the documentation is loose, this module takes the safe reading:
 * - Every answer carries a `status` (an HTTP code as a string, "200") and an `error` object.
 *   On success the object is often there with every field null, so an error is an `error` with a
 *   code or a message, not the object's presence.
 * - A status asked for an order not paid yet answers status_code 0 (INVALID), and in practice an
 *   `error` with the code "payment_details_not_found" and `status` "500" inside an HTTP 200. That
 *   is an order still waiting for its payer, not an outage: it reads as pending.
 * - status_code 0 (INVALID) means "no such payment" to Pesapal. We only ask about orders Pesapal
 *   gave us a tracking id for, so it is read as pending (the ledger's schedule decides when an
 *   unpaid order is abandoned); an unknown code is pending too, never completed or failed.
 * - `expiryDate` of a token comes without a promised time zone: the token is kept for the
 *   shorter of its expiryDate and five minutes from the request, and renewed 30 seconds early.
 *   A token Pesapal refuses anyway (an HTTP 500 with the code invalid_api_credentials_provided,
 *   or a 401) is dropped and a new one asked for, once.
 * - `amount` in a status is a decimal in the order's currency (0 while unpaid); UGX has no minor
 *   unit, so 350000 shillings are 350000 both ways; US dollars are cents over 100.
 */
import {
  type OrderRequest,
  type OrderStatus,
  type PaymentDriver,
  type ProviderStatus,
  ProviderUnavailable,
  type RefundAnswer,
  type RefundRequest,
  type SubmittedOrder,
} from "./types";

export const PESAPAL_BASE_URLS = {
  sandbox: "https://cybqa.pesapal.com/pesapalv3",
  live: "https://pay.pesapal.com/v3",
} as const;

/** How long Pesapal says a token lives, and how early we replace it. */
export const PESAPAL_TOKEN_LIFETIME_MS = 5 * 60_000;
const TOKEN_RENEW_MARGIN_MS = 30_000;
/** Pesapal's limit on an order's description. */
export const PESAPAL_DESCRIPTION_MAX = 100;
/** How long one request to Pesapal may take before the provider counts as unavailable. */
const REQUEST_TIMEOUT_MS = 20_000;

export type PesapalConfig = {
  /** 'https://cybqa.pesapal.com/pesapalv3' (sandbox), 'https://pay.pesapal.com/v3' (live), or a fake. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Where Pesapal notifies us of a change (our IPN route): registered once per process. */
  ipnUrl: string;
  /** How Pesapal calls the IPN address: GET (query string) or POST (JSON body). */
  ipnNotificationType?: "GET" | "POST";
  /** An IPN id registered already (PESAPAL_IPN_ID): no registration is made. */
  ipnId?: string;
  /** The clock, for the token's expiry (tests pass their own). */
  now?: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** Digits after the decimal point of each currency Pesapal is sent (ISO 4217); unknown: 2. */
const MINOR_DIGITS: Record<string, number> = { UGX: 0, USD: 2, KES: 2, TZS: 2, RWF: 0 };

function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** 12345 USD cents -> 123.45; 350000 UGX -> 350000. */
export function minorToDecimal(amountMinor: number, currency: string): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new RangeError(
      `An order's amount must be a positive whole number of minor units (got ${amountMinor})`,
    );
  }
  const digits = minorDigits(currency);
  return digits === 0 ? amountMinor : Number((amountMinor / 10 ** digits).toFixed(digits));
}

/** 123.45 USD -> 12345 cents; 350000 UGX -> 350000; a string "123.45" is read as a number. */
export function decimalToMinor(amount: unknown, currency: string): number {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (typeof value !== "number" || !Number.isFinite(value)) return 0;
  return Math.round(value * 10 ** minorDigits(currency));
}

/** Pesapal's status_code (and, without one, its description) as the ledger's states. */
export function providerStatusOf(statusCode: unknown, description?: unknown): ProviderStatus {
  const code =
    typeof statusCode === "string" && statusCode.trim() !== "" ? Number(statusCode) : statusCode;
  switch (code) {
    case 1:
      return "completed";
    case 2:
      return "failed";
    case 3:
      return "reversed";
    case 0:
      return "pending";
  }
  switch (typeof description === "string" ? description.trim().toUpperCase() : "") {
    case "COMPLETED":
      return "completed";
    case "FAILED":
      return "failed";
    case "REVERSED":
      return "reversed";
    default:
      return "pending";
  }
}

type PesapalError = { error_type?: unknown; code?: unknown; message?: unknown } | null | undefined;
type Answer = Record<string, unknown> & { error?: PesapalError; status?: unknown };

/** An `error` object that says something (Pesapal also sends one full of nulls on success). */
function realError(error: PesapalError): { code: string; message: string } | null {
  if (!error || typeof error !== "object") return null;
  const code = typeof error.code === "string" ? error.code : "";
  const message = typeof error.message === "string" ? error.message : "";
  return code || message ? { code, message } : null;
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

class Unauthorized extends Error {}

/** The error code of Pesapal's answer to a bearer token it does not accept (expired, revoked). */
export const TOKEN_REFUSED_CODE = "invalid_api_credentials_provided";

export function createPesapalDriver(config: PesapalConfig): PaymentDriver {
  const base = config.baseUrl.replace(/\/+$/, "");
  const now = config.now ?? (() => Date.now());
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;
  let ipnId: string | null = config.ipnId ?? null;
  let ipnRequest: Promise<string> | null = null;

  /** One request to Pesapal: its JSON answer, or ProviderUnavailable saying what went wrong. */
  async function call(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    bearer: string | null,
  ): Promise<Answer> {
    // Pesapal's pages ask for both headers on every endpoint, GET included.
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Content-Type": "application/json",
    };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let response: Response;
    try {
      response = await doFetch(`${base}/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        cache: "no-store",
      });
    } catch (error) {
      throw new ProviderUnavailable(`Pesapal could not be reached (${path})`, error);
    }
    if (response.status === 401 && bearer) throw new Unauthorized();
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      throw new ProviderUnavailable(
        `Pesapal answered ${response.status} without JSON (${path})`,
        error,
      );
    }
    // A token Pesapal no longer takes comes back as an HTTP 500 naming the credentials, not a 401.
    if (bearer && realError((answer as Answer | null)?.error)?.code === TOKEN_REFUSED_CODE)
      throw new Unauthorized();
    if (!response.ok) {
      const detail = realError((answer as Answer | null)?.error);
      throw new ProviderUnavailable(
        `Pesapal answered ${response.status} (${path})${detail ? `: ${detail.code} ${detail.message}`.trimEnd() : ""}`,
      );
    }
    if (answer === null || typeof answer !== "object") {
      throw new ProviderUnavailable(`Pesapal answered with no object (${path})`);
    }
    return answer as Answer;
  }

  async function requestToken(): Promise<string> {
    const requestedAt = now();
    const answer = await call(
      "POST",
      "api/Auth/RequestToken",
      { consumer_key: config.consumerKey, consumer_secret: config.consumerSecret },
      null,
    );
    const error = realError(answer.error);
    const value = text(answer.token);
    if (error || !value) {
      // Wrong keys answer 200 with an error object (invalid_consumer_key_or_secret_provided).
      throw new ProviderUnavailable(
        `Pesapal refused a token${error ? `: ${error.code} ${error.message}`.trimEnd() : ""}`,
      );
    }
    const lifetimeEnd = requestedAt + PESAPAL_TOKEN_LIFETIME_MS;
    const stated = typeof answer.expiryDate === "string" ? Date.parse(answer.expiryDate) : NaN;
    const expiresAt =
      Number.isFinite(stated) && stated > requestedAt ? Math.min(stated, lifetimeEnd) : lifetimeEnd;
    token = { value, renewAt: expiresAt - TOKEN_RENEW_MARGIN_MS };
    return value;
  }

  /** The cached token while it has time left; one request for a new one, shared by concurrent callers. */
  async function bearer(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** An authenticated call; a token Pesapal no longer accepts is replaced once. */
  async function authed(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
    try {
      return await call(method, path, body, await bearer());
    } catch (error) {
      if (!(error instanceof Unauthorized)) throw error;
      token = null;
      try {
        return await call(method, path, body, await bearer());
      } catch (again) {
        if (again instanceof Unauthorized)
          throw new ProviderUnavailable(`Pesapal refused our token (${path})`);
        throw again;
      }
    }
  }

  async function registerIpn(): Promise<string> {
    const type = config.ipnNotificationType ?? "GET";
    // A restarted process finds the address it registered before rather than adding another.
    const list = await authed("GET", "api/URLSetup/GetIpnList");
    const entries: unknown[] = Array.isArray(list) ? list : [];
    for (const entry of entries) {
      const row = entry as Record<string, unknown>;
      if (row?.url === config.ipnUrl && text(row.ipn_id)) return text(row.ipn_id)!;
    }
    const answer = await authed("POST", "api/URLSetup/RegisterIPN", {
      url: config.ipnUrl,
      ipn_notification_type: type,
    });
    const error = realError(answer.error);
    const id = text(answer.ipn_id);
    if (error || !id) {
      throw new ProviderUnavailable(
        `Pesapal did not register the IPN address${error ? `: ${error.code} ${error.message}`.trimEnd() : ""}`,
      );
    }
    return id;
  }

  async function notificationId(): Promise<string> {
    if (ipnId) return ipnId;
    ipnRequest ??= registerIpn()
      .then((id) => (ipnId = id))
      .finally(() => {
        ipnRequest = null;
      });
    return ipnRequest;
  }

  return {
    name: "pesapal",

    async submitOrder(order: OrderRequest): Promise<SubmittedOrder> {
      const amount = minorToDecimal(order.amountMinor, order.currency);
      const billing: Record<string, string> = {
        email_address: order.billing.email,
        first_name: order.billing.firstName,
        last_name: order.billing.lastName,
      };
      if (order.billing.phone) billing.phone_number = order.billing.phone;
      if (order.billing.countryCode) billing.country_code = order.billing.countryCode.toUpperCase();
      const answer = await authed("POST", "api/Transactions/SubmitOrderRequest", {
        id: order.merchantReference,
        currency: order.currency,
        amount,
        description: order.description.slice(0, PESAPAL_DESCRIPTION_MAX),
        callback_url: order.callbackUrl,
        notification_id: await notificationId(),
        billing_address: billing,
      });
      const error = realError(answer.error);
      const trackingId = text(answer.order_tracking_id);
      const redirectUrl = text(answer.redirect_url);
      if (error || !trackingId || !redirectUrl) {
        throw new ProviderUnavailable(
          `Pesapal did not take the order ${order.merchantReference}${error ? `: ${error.code} ${error.message}`.trimEnd() : ""}`,
        );
      }
      return { trackingId, redirectUrl };
    },

    async getOrderStatus(trackingId: string): Promise<OrderStatus> {
      const answer = await authed(
        "GET",
        `api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(trackingId)}`,
      );
      const error = realError(answer.error);
      let status = providerStatusOf(answer.status_code, answer.payment_status_description);
      if (error) {
        // An order its payer has not paid yet comes back as an "error" (see the top of the file).
        const notPaidYet = error.code === "payment_details_not_found";
        if (!notPaidYet) {
          throw new ProviderUnavailable(
            `Pesapal could not give the status of ${trackingId}: ${error.code} ${error.message}`.trimEnd(),
          );
        }
        status = "pending";
      }
      const currency = text(answer.currency)?.toUpperCase() ?? "";
      return {
        trackingId,
        merchantReference: text(answer.merchant_reference) ?? "",
        status,
        amountMinor: decimalToMinor(answer.amount, currency),
        currency,
        method: text(answer.payment_method),
        confirmationCode: text(answer.confirmation_code),
        description: status === "completed" ? null : text(answer.description),
      };
    },

    async cancelOrder(trackingId: string): Promise<boolean> {
      const answer = await authed("POST", "api/Transactions/CancelOrder", {
        order_tracking_id: trackingId,
      });
      // "500" is Pesapal's refusal (an order paid, processed or cancelled before), not an outage.
      return String(answer.status) === "200" && !realError(answer.error);
    },

    async requestRefund(refund: RefundRequest): Promise<RefundAnswer> {
      const answer = await authed("POST", "api/Transactions/RefundRequest", {
        confirmation_code: refund.confirmationCode,
        amount: minorToDecimal(refund.amountMinor, refund.currency),
        username: refund.requestedBy.slice(0, 100),
        remarks: refund.remarks.slice(0, 250),
      });
      const error = realError(answer.error);
      const message =
        text(answer.message) ?? (error ? `${error.code} ${error.message}`.trim() : "");
      // "200": taken, to be approved and paid out by Pesapal; "500": refused (see `message`).
      return { accepted: String(answer.status) === "200" && !error, message };
    },
  };
}

/**
 * The payment adapter's contract: what the site asks of a payment provider, whichever it is.
 * Two drivers implement it (lib/payments/index.ts picks one by PAYMENTS_DRIVER): `pesapal`
 * (Pesapal API 3.0, JSON: MTN Mobile Money, Airtel Money, Visa and Mastercard in Uganda) and
 * `demo`, the built-in checkout of `npm run demo` and the tests, where no money moves.
 *
 * Amounts cross this boundary in minor units (US cents, or whole shillings for UGX, which has no
 * minor unit) so no float ever holds money; a driver converts to the provider's own format.
 */

export const PAYMENT_CURRENCIES = ["USD", "UGX"] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** What the provider says of an order, reduced to the states the ledger keeps. */
export const PROVIDER_STATUSES = ["pending", "completed", "failed", "reversed"] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** An order handed to the provider's checkout. */
export type OrderRequest = {
  /** Our merchant reference: unique per order, kept on the ledger row. */
  merchantReference: string;
  amountMinor: number;
  currency: PaymentCurrency;
  /** Shown to the payer on the checkout (Pesapal: at most 100 characters). */
  description: string;
  /** Where the payer's browser comes back after paying (our return page). */
  callbackUrl: string;
  billing: {
    email: string;
    phone: string | null;
    firstName: string;
    lastName: string;
    /** ISO 3166-1 alpha-2, when known. */
    countryCode: string | null;
  };
};

/** The provider's answer to an order: its tracking id and the checkout to send the payer to. */
export type SubmittedOrder = { trackingId: string; redirectUrl: string };

/** The provider's account of an order, as its status endpoint gives it. */
export type OrderStatus = {
  trackingId: string;
  merchantReference: string;
  status: ProviderStatus;
  /** The amount and currency the provider says were paid (checked against the order). */
  amountMinor: number;
  currency: string;
  /** 'MTN Mobile Money', 'Airtel Money', 'Visa', 'Mastercard'... as the provider names it. */
  method: string | null;
  /** The provider's receipt code for a completed payment. */
  confirmationCode: string | null;
  /** The provider's words when it failed. */
  description: string | null;
};

/**
 * A refund asked of the provider against one completed payment, named by the receipt code the
 * provider gave it. Pesapal takes one refund per payment, in that payment's currency: a card
 * payment in part or in whole, a mobile-money payment only in whole.
 */
export type RefundRequest = {
  confirmationCode: string;
  amountMinor: number;
  currency: string;
  /** Who asked for it (Pesapal's `username`): the admin's name or email. */
  requestedBy: string;
  /** Why (Pesapal's `remarks`). */
  remarks: string;
};

/** The provider's answer to a refund request: taken (to be processed) or refused, in its words. */
export type RefundAnswer = { accepted: boolean; message: string };

/** How a payment was made, as far as refunds go: Pesapal's rules differ for cards and wallets. */
export type PaymentChannel = "card" | "mobile_money" | "other";

/** The channel of a provider's method name ('Visa', 'MTN Mobile Money', 'Airtel Money', 'MpesaKE'...). */
export function paymentChannelOf(method: string | null | undefined): PaymentChannel {
  const name = (method ?? "").toLowerCase();
  if (/mtn|airtel|mobile|mpesa|m-pesa|tigo|momo/.test(name)) return "mobile_money";
  if (/visa|master|card|amex|american express/.test(name)) return "card";
  return "other";
}

export interface PaymentDriver {
  readonly name: "pesapal" | "demo";
  /** Registers the order with the provider and returns where the payer goes to pay. */
  submitOrder(order: OrderRequest): Promise<SubmittedOrder>;
  /** Asks the provider for the order's status: the only source the ledger trusts. */
  getOrderStatus(trackingId: string): Promise<OrderStatus>;
  /**
   * Cancels an order nobody has paid, so its checkout no longer takes money (a newer order of the
   * same booking replaced it). True when the provider cancelled it; false when it refused (the
   * order was paid or processed already: its status check says what happened).
   * ProviderUnavailable when it could not be asked.
   */
  cancelOrder(trackingId: string): Promise<boolean>;
  /**
   * Asks the provider to refund a completed payment (Pesapal's RefundRequest). `accepted` false
   * is the provider's refusal (refunded already, more than was paid...); ProviderUnavailable
   * when it could not be asked. Both drivers have it; optional so a test's own stub driver
   * need not (a driver without it takes no refunds: they are recorded by hand).
   */
  requestRefund?(refund: RefundRequest): Promise<RefundAnswer>;
}

/** The provider could not be reached or answered with an error: the order stays as it was. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = "ProviderUnavailable";
  }
}

import "server-only";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import type { ActionState, FieldErrors, Toast } from "@/lib/action-state";
import {
  type Admin,
  type Staff,
  type Customer,
  requireStaff,
  requireAdmin,
  requireCustomer,
  requireStaffAccount,
} from "@/lib/session";
import { DomainError, type DomainErrorCode } from "@/lib/errors";
import {
  CHECKS_UNAVAILABLE_MESSAGE,
  checkRateLimit,
  clientIp,
  type RateLimits,
  tooManyRequestsMessage,
} from "@/lib/rate-limit";

/**
 * The one way to write a server action:
 *
 *   export const sendContactMessageAction = publicAction(contactSchema, handler, options);
 *
 * The builder parses the input with the form's own zod schema, resolves the caller (the visitor's
 * address, the signed-in customer, the staff member) and hands both to the handler, turns the
 * data modules' typed domain errors into the product's toasts or field errors, revalidates what
 * the action changed, and answers `{ status, title, message, fieldErrors, values }` so the form
 * keeps what was typed. The result is the action itself: no wrapper function around it.
 */

/** Field names never echoed back into form state. */
const SECRET_FIELDS = /password|token|secret/i;

/**
 * What a handler returns: nothing (the action's `success` toast), the success toast with data
 * for the form, or a whole state.
 */
export type HandlerResult = void | (Toast & { data?: Record<string, string> }) | ActionState;

/** How a domain error reaches the form: a toast, or a message on one field. */
export type ErrorMapping = Toast | { field: string; message: string; title?: string };

export type ActionOptions<Data = unknown, Caller = unknown> = {
  /** For the logs. */
  name: string;
  /**
   * Limits checked after the input is valid and before the handler runs (a refused request
   * answers `rate_limited`: 'Too Many Requests', or the title `errors.rate_limited` gives).
   */
  rateLimit?: {
    scope: string;
    keys: (data: Data, caller: Caller) => string[];
    limits?: RateLimits;
  }[];
  /** The toast when something unexpected fails (logged, never shown raw). */
  failure: Toast;
  /** Domain errors this action expects, and what the user sees for each. */
  errors?: Partial<Record<DomainErrorCode, ErrorMapping | ((error: DomainError) => ErrorMapping)>>;
  /** A toast for an invalid request instead of the generic one (e.g. 'Terms Required'). */
  invalid?: (fieldErrors: FieldErrors) => Toast | undefined;
  /** Paths to revalidate after a success (`'/customer'` + 'layout', or a page path). */
  revalidate?: readonly (string | readonly [path: string, type: "layout" | "page"])[];
  /** The toast of a success, when the handler returns none. */
  success?: Toast;
  /**
   * A honeypot field (hidden from people). When a request fills it, the action answers with its
   * `success` toast as if it had worked, without validating, saving or sending anything.
   */
  honeypot?: string;
};

export type ServerAction = (
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
) => Promise<ActionState>;

type Handler<S extends z.ZodType, C> = (data: z.output<S>, caller: C) => Promise<HandlerResult>;

/** Builds an action kind from how it resolves its caller (a redirect for a refused one). */
function actionKind<C>(resolveCaller: () => Promise<C>) {
  return function action<S extends z.ZodType>(
    schema: S,
    handler: Handler<S, C>,
    options: ActionOptions<z.output<S>, C>,
  ): ServerAction {
    return async (_prev, input) => {
      const raw = formDataToObject(input ?? {});
      if (options.honeypot && filled(raw[options.honeypot])) {
        console.warn(JSON.stringify({ event: "honeypot", action: options.name }));
        return { status: "success", ...(options.success ?? { title: "", message: "" }) };
      }
      const state = await run(schema, handler, options, resolveCaller, raw);
      if (state.status === "success") {
        for (const target of options.revalidate ?? []) {
          if (typeof target === "string") revalidatePath(target);
          else revalidatePath(target[0], target[1]);
        }
      }
      return state;
    };
  };
}

async function run<S extends z.ZodType, C>(
  schema: S,
  handler: Handler<S, C>,
  options: ActionOptions<z.output<S>, C>,
  resolveCaller: () => Promise<C>,
  raw: Record<string, unknown>,
): Promise<ActionState> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const toast = options.invalid?.(fieldErrors);
    return {
      status: "invalid",
      fieldErrors,
      values: echoValues(raw),
      message: toast?.message ?? "Please correct the highlighted fields.",
      ...(toast ? { title: toast.title } : {}),
    };
  }
  try {
    const caller = await resolveCaller();
    for (const limit of options.rateLimit ?? []) {
      await enforceRateLimit(limit.scope, limit.keys(parsed.data, caller), limit.limits);
    }
    const result = await handler(parsed.data, caller);
    if (!result) return { status: "success", ...(options.success ?? { title: "", message: "" }) };
    return "status" in result ? result : { status: "success", ...result };
  } catch (error) {
    if (isNextControlFlow(error)) throw error;
    if (error instanceof DomainError) {
      const mapped = mapDomainError(error, options);
      if (mapped && "field" in mapped) {
        return {
          status: "invalid",
          fieldErrors: { [mapped.field]: [mapped.message] },
          values: echoValues(raw),
          message: mapped.message,
          // The toast's title, where the error has one ('Slug already exists').
          ...(mapped.title ? { title: mapped.title } : {}),
        };
      }
      if (mapped) return { status: "error", ...mapped, values: echoValues(raw) };
    }
    console.error(
      JSON.stringify({ event: "action_failed", action: options.name, error: String(error) }),
    );
    return { status: "error", ...options.failure, values: echoValues(raw) };
  }
}

function mapDomainError<D, C>(
  error: DomainError,
  options: ActionOptions<D, C>,
): ErrorMapping | undefined {
  const mapping = options.errors?.[error.code];
  if (typeof mapping === "function") return mapping(error);
  if (mapping) return mapping;
  if (error.code === "rate_limited") return rateLimited("Too Many Requests")(error);
  if (error.code === "limits_unavailable") {
    return { title: "Temporarily Unavailable", message: CHECKS_UNAVAILABLE_MESSAGE };
  }
  return undefined;
}

/** The 'too many requests' toast under an action's own title ('Sign In Failed'). */
export function rateLimited(title: string) {
  return (error: DomainError): Toast => ({
    title,
    message: tooManyRequestsMessage(error.details.retryAfterSeconds ?? 60),
  });
}

/** Throws `rate_limited` once any of `keys` has used up its limits in `scope`. */
async function enforceRateLimit(scope: string, keys: string[], limits?: RateLimits): Promise<void> {
  const result = await checkRateLimit(scope, keys, limits);
  if (!result.allowed) {
    throw new DomainError("rate_limited", { retryAfterSeconds: result.retryAfterSeconds });
  }
}

/* Action kinds ------------------------------------------------------------------------------ */

/** Anyone may call it; the handler gets the client's address (for rate limits). */
export const publicAction = actionKind(async () => ({ ip: await clientIp() }));

/** Signed-in customers; a visitor is sent to /customer/auth. */
export const customerAction = actionKind(
  async (): Promise<{ customer: Customer }> => ({ customer: await requireCustomer() }),
);

/** Staff and admins (admin_users); anyone else is sent to /admin/login. */
export const staffAction = actionKind(
  async (): Promise<{ staff: Staff }> => ({
    staff: await requireStaff(),
  }),
);

/** Admins only: staff get `forbidden`. */
export const adminAction = actionKind(
  async (): Promise<{ staff: Admin }> => ({ staff: await requireAdmin() }),
);

/**
 * A staff member's own account (/admin/account: the second factor), reachable before a required
 * second factor is set up; anyone else is sent to /admin/login.
 */
export const staffAccountAction = actionKind(
  async (): Promise<{ staff: Staff }> => ({ staff: await requireStaffAccount() }),
);

/* Input and output ------------------------------------------------------------------------ */

/** FormData (or a plain object from a client form) to a plain object for zod. */
export function formDataToObject(
  input: FormData | Record<string, unknown>,
): Record<string, unknown> {
  if (!(input instanceof FormData)) return { ...input };
  const out: Record<string, unknown> = {};
  for (const key of new Set(input.keys())) {
    if (key.startsWith("$ACTION")) continue; // React's own action fields
    const all = input.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** What the user typed, as strings, so the form can be refilled (never passwords). */
export function echoValues(raw: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (SECRET_FIELDS.test(key)) continue;
    if (typeof value === "string") values[key] = value.slice(0, 10_000);
    else if (typeof value === "number" || typeof value === "boolean") values[key] = String(value);
  }
  return values;
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== "";

/** redirect() and notFound() throw errors Next must see. */
function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_REDIRECT") ||
      digest.startsWith("NEXT_HTTP_ERROR_FALLBACK") ||
      digest === "NEXT_NOT_FOUND")
  );
}

import "server-only";

import { z } from "zod";

import { ActionError, ActionFieldError, type ActionState, type FieldErrors } from "@/lib/action-state";

/** Field names never echoed back into form state. */
const SECRET_FIELDS = /password|token|secret/i;

/** FormData (or a plain object from a client form) to a plain object for zod. */
export function formDataToObject(input: FormData | Record<string, unknown>): Record<string, unknown> {
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

type Handler<S extends z.ZodType, C> = (data: z.output<S>, context: C) => Promise<ActionState>;

/**
 * The one action shape: parse with zod, run the handler with the caller's context, map expected
 * failures (ActionError) to a message and unexpected ones to a generic message after logging.
 * Redirects and revalidation belong after this returns (in the action body), not inside it.
 */
export function createAction<S extends z.ZodType, C>(
  schema: S,
  handler: Handler<S, C>,
  options: {
    context: () => Promise<C>;
    /** Shown when something unexpected fails. */
    failure: { title: string; message: string };
    name: string;
    /**
     * A honeypot field (hidden from people). When a request fills it, the action answers with
     * `success` as if it had worked, without validating, saving or sending anything.
     */
    honeypot?: { field: string; success: { title: string; message: string } };
  },
) {
  return async (_prev: ActionState | undefined, input: FormData | Record<string, unknown>): Promise<ActionState> => {
    const raw = formDataToObject(input ?? {});
    const trap = options.honeypot ? raw[options.honeypot.field] : undefined;
    if (options.honeypot && trap !== undefined && trap !== null && trap !== "") {
      console.warn(JSON.stringify({ event: "honeypot", action: options.name }));
      return { status: "success", ...options.honeypot.success };
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      return {
        status: "invalid",
        fieldErrors: fieldErrorsOf(parsed.error),
        values: echoValues(raw),
        message: "Please correct the highlighted fields.",
      };
    }
    try {
      const context = await options.context();
      return await handler(parsed.data, context);
    } catch (error) {
      if (error instanceof ActionFieldError) {
        return { status: "invalid", fieldErrors: error.fieldErrors, values: echoValues(raw), message: error.message };
      }
      if (error instanceof ActionError) {
        return { status: "error", title: error.title, message: error.message, values: echoValues(raw) };
      }
      if (isNextControlFlow(error)) throw error;
      console.error(JSON.stringify({ event: "action_failed", action: options.name, error: String(error) }));
      return { status: "error", ...options.failure, values: echoValues(raw) };
    }
  };
}

/** redirect() and notFound() throw errors Next must see. */
function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK") || digest === "NEXT_NOT_FOUND");
}

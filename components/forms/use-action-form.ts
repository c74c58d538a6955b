"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useContext, useId, useState, useTransition } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  useForm,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";

import { type ActionState, idleState, type Toast } from "@/lib/action-state";

import { useHoneypot } from "./form-field";
import { IslandValues } from "./interaction-island";
import { toastError, toastState } from "./load-toast";

/** A server action built by lib/action.ts, as a client component receives it. */
export type FormAction = (
  prev: ActionState | undefined,
  input: Record<string, unknown>,
) => Promise<ActionState>;

export type ActionFormOptions<TValues extends FieldValues> = {
  /** The action's own zod schema: the browser checks what the server will check. */
  schema: z.ZodType<unknown, TValues>;
  action: FormAction;
  defaultValues: DefaultValues<TValues>;
  /** What the user sees when the request itself fails (network, server down). */
  failure: Toast;
  /** The toast title of a refused input when the action gives none (defaults to failure's). */
  invalidTitle?: string;
  /**
   * The whole toast of a refused input (by the browser's check or the server's), for a form that
   * has its own; the reasons are on the fields.
   */
  invalidToast?: Toast;
  /** Fields sent beside the form's values (an idempotency key). */
  extra?: () => Record<string, unknown>;
  /**
   * The id of the form's honeypot (public forms): the hook renders it as `honeypot` and sends
   * what a bot typed into it as `website`, which the action answers with a fake success.
   */
  honeypot?: string;
  /** Empty the form again after a success (the defaults come back). */
  resetOnSuccess?: boolean;
  onSuccess?: (
    state: Extract<ActionState, { status: "success" }>,
    form: UseFormReturn<TValues>,
  ) => void;
  /**
   * Called with the refused fields (by the browser's check or the server's) before focus moves
   * to the first: a wizard shows the step that holds it.
   */
  onFieldErrors?: (fields: string[]) => void;
  onError?: (state: Extract<ActionState, { status: "error" }>) => void;
};

/**
 * The one form model: react-hook-form validated by the action's zod schema, submitted to the
 * action, its answer applied (its toast, the server's field errors on their fields with
 * focus on the first, what was typed kept). `pending` is true while the action runs;
 * SubmitButton reads it through the form context.
 */
export function useActionForm<TValues extends FieldValues>(options: ActionFormOptions<TValues>) {
  // Text typed into the form's static HTML before its code loaded (interaction-island.tsx).
  const typed = useContext(IslandValues);
  const [defaultValues] = useState(() => withTyped(options.defaultValues, typed));
  const form = useForm<TValues>({
    // The schema's output type differs from its input (trimmed text, nulls, numbers): the form
    // holds what the user typed and the action parses it again.
    resolver: zodResolver(options.schema as z.ZodType<TValues, TValues>),
    defaultValues,
    mode: "onTouched",
  });
  const [state, setState] = useState<ActionState>(idleState);
  const honeypot = useHoneypot(options.honeypot ?? "honeypot");
  // One toast per form: its next answer replaces the last ('Sign Up Failed' never sits under
  // 'Account Created' from the same form).
  const toastId = `form-${useId()}`;

  async function apply(result: ActionState) {
    setState(result);
    if (result.status === "success") {
      await toastState(result, options.failure.title, toastId);
      if (options.resetOnSuccess) form.reset(options.defaultValues);
      options.onSuccess?.(result, form);
      return;
    }
    if (result.status === "invalid") {
      // A nested field's error comes keyed by its path ('travellers.1.fullName').
      const values = form.getValues();
      const known = Object.keys(result.fieldErrors).filter((f) => f.split(".")[0]! in values);
      options.onFieldErrors?.(known);
      known.forEach((field, index) =>
        form.setError(
          field as Path<TValues>,
          { type: "server", message: result.fieldErrors[field]?.[0] },
          { shouldFocus: index === 0 },
        ),
      );
      if (options.invalidToast && !result.title)
        await toastError(options.invalidToast, undefined, toastId);
      else await toastState(result, options.invalidTitle ?? options.failure.title, toastId);
      return;
    }
    if (result.status === "error") {
      await toastState(result, options.failure.title, toastId);
      options.onError?.(result);
    }
  }

  const submit = form.handleSubmit(
    async () => {
      let result: ActionState;
      try {
        // What the user typed, not the resolver's parsed output: the action parses it again with
        // the same schema, and parsing is not idempotent (a ticked box 'true' becomes true).
        const input = {
          ...form.getValues(),
          ...options.extra?.(),
          ...(options.honeypot ? { website: honeypot.value() } : {}),
        };
        result = await options.action(idleState, input);
      } catch (error) {
        // An action that sends the browser on (redirect: the pay page after a checkout hold) ends
        // its promise this way while Next navigates: not a failure to report.
        if (isRedirect(error)) return;
        setState({ status: "error", ...options.failure });
        await toastError(options.failure, undefined, toastId);
        return;
      }
      await apply(result);
    },
    async (errors) => {
      options.onFieldErrors?.(Object.keys(errors));
      if (options.invalidToast) await toastError(options.invalidToast, undefined, toastId);
    },
  );

  return {
    form,
    /** The honeypot field to render inside the form (null without the `honeypot` option). */
    honeypot: options.honeypot ? honeypot.field : null,
    /** The form's onSubmit. */
    submit: (event?: React.BaseSyntheticEvent) => void submit(event),
    state,
    pending: form.formState.isSubmitting,
  };
}

/** Next's redirect() from a server action, as the calling client's promise ends with it. */
function isRedirect(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_REDIRECT");
}

/** The defaults, with the text fields someone already typed into replaced by what they typed. */
function withTyped<T extends FieldValues>(
  defaults: DefaultValues<T>,
  typed: Readonly<Record<string, string>>,
): DefaultValues<T> {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [name, value] of Object.entries(typed)) {
    if (typeof merged[name] === "string" && value) merged[name] = value;
  }
  return merged as DefaultValues<T>;
}

/**
 * An action run by a button, not a form (Sign Out, a new verification link, marking a thread
 * read): the same answer handling and toasts, and `pending` while it runs.
 */
export function useActionCall(action: FormAction, options: { failure: Toast; quiet?: boolean }) {
  const [pending, startTransition] = useTransition();
  const run = (input: Record<string, unknown>, then?: (state: ActionState) => void) =>
    startTransition(async () => {
      let result: ActionState;
      try {
        result = await action(idleState, input);
      } catch (error) {
        if (isRedirect(error)) return;
        if (!options.quiet) await toastError(options.failure);
        return;
      }
      if (!options.quiet) await toastState(result, options.failure.title);
      then?.(result);
    });
  return { run, pending };
}

/**
 * A form in a dialog: closed on success, and each opening starts again from `values()` (the
 * record as it is now, or an empty form), not from what was typed before it was closed; with
 * `keepTyped`, a dialog closed unsent opens again as it was left (a message half written), and a
 * sent one is emptied.
 * `dialog` is DialogShell's `open` and `onOpenChange`; `close` is for a Cancel button.
 */
export function useDialogForm<TValues extends FieldValues>(
  values: () => DefaultValues<TValues>,
  options: Omit<ActionFormOptions<TValues>, "defaultValues" | "onSuccess"> & {
    keepTyped?: boolean;
  },
) {
  const [open, setOpen] = useState(false);
  const actionForm = useActionForm<TValues>({
    ...options,
    defaultValues: values(),
    resetOnSuccess: options.resetOnSuccess ?? options.keepTyped,
    onSuccess: () => setOpen(false),
  });
  const onOpenChange = (next: boolean) => {
    if (next && !options.keepTyped) actionForm.form.reset(values() as TValues);
    setOpen(next);
  };
  return { ...actionForm, dialog: { open, onOpenChange }, close: () => setOpen(false) };
}

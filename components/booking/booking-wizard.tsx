"use client";

import { Check, ChevronLeft, ChevronRight, CreditCard, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { FieldValues, Path } from "react-hook-form";

import { Form, SubmitButton } from "@/components/forms/form-field";
import { newRequestKey } from "@/components/forms/request-key";
import { type ActionFormOptions, useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { stepOfField, type WizardStep } from "@/lib/wizard";

/**
 * The booking wizards' engine, shared by the public wizard (/booking) and the customer's Book New
 * Trip: steps whose Next validates only their own fields (derived from each step's schema),
 * focus on the new step's heading, a refused field (by the browser or the server) shown on its
 * step, one idempotency key per filled-in request (a double click or a retry stores one booking),
 * and the one form model (useActionForm) underneath. Each wizard keeps its own fields and texts.
 */
export function useBookingWizard<TValues extends FieldValues>(
  options: ActionFormOptions<TValues> & { steps: readonly WizardStep[] },
) {
  const { steps } = options;
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  const requestKey = useRef<string | null>(null);

  const goTo = (next: number) => {
    setMoved(true);
    setStep(Math.min(Math.max(next, 0), steps.length - 1));
  };

  const action = useActionForm<TValues>({
    ...options,
    extra: () => ({
      ...options.extra?.(),
      idempotencyKey: (requestKey.current ??= newRequestKey()),
    }),
    onFieldErrors: (fields) => {
      if (fields.length) goTo(Math.min(...fields.map((field) => stepOfField(steps, field))));
    },
    onSuccess: (state, form) => {
      requestKey.current = null; // the next request is a new booking
      options.onSuccess?.(state, form);
    },
  });

  const last = step === steps.length - 1;
  const next = async () => {
    const fields = (steps[step]?.fields ?? []) as Path<TValues>[];
    if (await action.form.trigger(fields, { shouldFocus: true })) goTo(step + 1);
  };

  /** Enter or Next on the first steps only moves on; on the last step it submits. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (last) return action.submit(event);
    event.preventDefault();
    void next();
  };

  return { ...action, step, last, moved, goTo, onSubmit, steps };
}

export type BookingWizard<T extends FieldValues> = ReturnType<typeof useBookingWizard<T>>;

/**
 * The wizard's frame: the step indicator, the form with the step's heading, the refused
 * request's message, and Previous / Next / Submit Booking ('Submitting...' while busy).
 */
export function BookingWizardForm<T extends FieldValues>({
  wizard,
  idPrefix,
  indicator,
  canContinue = true,
  canSubmit,
  paying = false,
  className,
  children,
}: {
  wizard: BookingWizard<T>;
  idPrefix: string;
  /** 'labelled': numbered circles with the step names; 'dots': numbered dots joined by lines. */
  indicator: "labelled" | "dots";
  /** Next is enabled (the customer wizard waits for the step's required fields). */
  canContinue?: boolean;
  /** Submit Booking is enabled (both wizards wait for the terms box). */
  canSubmit: boolean;
  /**
   * On a departure the last button goes on to pay ('Continue to payment'): the seats are held
   * and the payer is sent to the checkout. Otherwise it sends a request ('Submit Booking').
   */
  paying?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const { step, steps, last, moved, state, form, pending } = wizard;
  const headingId = `${idPrefix}-step-heading`;
  const heading = useRef<HTMLHeadingElement>(null);

  // Moving between steps puts focus on the new step's heading (announced, and scrolled to).
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [step, moved]);

  const message =
    state.status === "error"
      ? state.message
      : state.status === "invalid"
        ? state.title
          ? state.message
          : "Please correct the highlighted fields."
        : null;
  return (
    <div className={cn("grid grid-cols-1 gap-8", className)}>
      <StepIndicator steps={steps} current={step} variant={indicator} />
      <Form
        form={form}
        onSubmit={wizard.onSubmit}
        idPrefix={idPrefix}
        controlClassName="h-11"
        className="relative grid grid-cols-1 gap-6"
        aria-labelledby={headingId}
      >
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="font-display text-2xl font-bold text-forest-deep outline-none"
        >
          {steps[step]?.title}
        </h2>
        {children}
        <p
          role="alert"
          className={
            message
              ? "rounded-lg bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
              : "sr-only"
          }
        >
          {message}
        </p>
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={() => wizard.goTo(step - 1)}
            disabled={step === 0 || pending}
            className="rounded-full bg-card"
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          {last ? (
            <SubmitButton
              key="submit"
              size="lg"
              disabled={!canSubmit}
              pendingLabel={
                <>
                  <Send aria-hidden="true" />
                  Submitting...
                </>
              }
              className="rounded-full sm:px-8"
            >
              {paying ? (
                <>
                  <CreditCard aria-hidden="true" />
                  Continue to payment
                </>
              ) : (
                <>
                  <Send aria-hidden="true" />
                  Submit Booking
                </>
              )}
            </SubmitButton>
          ) : (
            <Button
              key="next"
              type="submit"
              size="lg"
              disabled={!canContinue}
              className="rounded-full sm:px-8"
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}

function StepIndicator({
  steps,
  current,
  variant,
}: {
  steps: readonly WizardStep[];
  current: number;
  variant: "labelled" | "dots";
}) {
  const labelled = variant === "labelled";
  return (
    <ol
      aria-label="Booking steps"
      className={labelled ? "grid grid-cols-3 gap-2" : "flex items-center justify-center gap-2"}
    >
      {steps.map(({ title }, index) => {
        const state = index < current ? "done" : index === current ? "current" : "todo";
        return (
          <li
            key={title}
            aria-current={state === "current" ? "step" : undefined}
            className={
              labelled ? "flex flex-col items-center gap-2 text-center" : "flex items-center gap-2"
            }
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex items-center justify-center rounded-full border-2 text-sm font-bold transition-colors",
                labelled ? "size-10" : "size-9",
                state === "done" && "border-primary bg-primary text-primary-foreground",
                state === "current" && "border-primary bg-secondary text-primary",
                state === "todo" && "border-border bg-card text-muted-foreground",
              )}
            >
              {state === "done" ? <Check className="size-5" /> : index + 1}
            </span>
            <span
              className={cn(
                labelled ? "text-xs font-medium sm:text-sm" : "sr-only",
                state === "todo" ? "text-muted-foreground" : "text-forest-deep",
              )}
            >
              <span className="sr-only">{`Step ${index + 1}: `}</span>
              {title}
              {state === "done" ? <span className="sr-only"> (completed)</span> : null}
            </span>
            {!labelled && index < steps.length - 1 ? (
              <span
                aria-hidden="true"
                className={cn(
                  "h-0.5 w-8 rounded sm:w-16",
                  index < current ? "bg-primary" : "bg-border",
                )}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

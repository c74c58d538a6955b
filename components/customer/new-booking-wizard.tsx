"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Check, ChevronLeft, ChevronRight, Send } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";

import { createCustomerBookingAction } from "@/actions/customer";
import { FormField } from "@/components/forms/form-field";
import { newRequestKey } from "@/components/forms/request-key";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { type ActionState, idleState } from "@/lib/action-state";
import type { BookingTourOption } from "@/lib/booking-options";
import { formatDay, groupSizeLabel } from "@/lib/customer";
import { cn } from "@/lib/utils";
import {
  CUSTOMER_ACCOMMODATION_OPTIONS,
  CUSTOMER_BOOKING_STEPS,
  CUSTOMER_GROUP_SIZE_MAX,
  type CustomerBookingFormValues,
  type CustomerBookingInput,
  customerBookingSchema,
  TERMS_MESSAGE,
} from "@/lib/validations/customer";
import { LIMITS, todayInKampala } from "@/lib/validations/fields";

import { stateMessage } from "./action-feedback";

const STEP_FIELDS: FieldPath<CustomerBookingFormValues>[][] = [
  ["fullName", "phone", "address"],
  ["tour", "departureDate", "groupSize", "accommodation"],
  ["dietary", "specialRequests", "terms"],
];

const GROUP_SIZES = Array.from({ length: CUSTOMER_GROUP_SIZE_MAX }, (_, i) => i + 1);

const stepOf = (field: string) =>
  Math.max(
    0,
    STEP_FIELDS.findIndex((fields) => (fields as string[]).includes(field)),
  );

/**
 * Book New Trip (/customer/new-booking): Personal Information, Trip Details, Additional
 * Information. Next is disabled until the step's required fields are filled; Submit until the
 * terms are accepted. The email comes from the account on the server.
 */
export function NewBookingWizard({
  tourOptions,
  defaults,
}: {
  tourOptions: BookingTourOption[];
  defaults: { fullName: string; phone: string };
}) {
  const router = useRouter();
  const form = useForm<CustomerBookingFormValues, unknown, CustomerBookingInput>({
    resolver: zodResolver(customerBookingSchema),
    defaultValues: {
      fullName: defaults.fullName,
      phone: defaults.phone,
      address: "",
      tour: "",
      departureDate: "",
      groupSize: "1",
      accommodation: "",
      dietary: "",
      specialRequests: "",
      terms: undefined,
    },
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const [step, setStep] = useState(0);
  const [pending, startTransition] = useTransition();
  const [today] = useState(() => todayInKampala());
  const requestKey = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const watched = useWatch({ control: form.control });

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setStep(Math.min(Math.max(next, 0), CUSTOMER_BOOKING_STEPS.length - 1));
  };

  const termsAccepted = watched.terms === "true" || watched.terms === "on";
  const canContinue =
    step === 0
      ? !!watched.fullName?.trim() && !!watched.phone?.trim()
      : step === 1
        ? !!watched.tour
        : true;
  const selected = tourOptions.find((o) => o.value === watched.tour);
  const groupSize = Number(watched.groupSize) || 1;

  const next = async () => {
    if (!canContinue) return;
    if (await form.trigger(STEP_FIELDS[step], { shouldFocus: true })) goTo(step + 1);
  };

  function handleResult(state: ActionState) {
    if (state.status === "success") {
      toast.success(state.title, { description: state.message });
      router.push("/customer/bookings");
      return;
    }
    if (state.status === "invalid") {
      let first: number = CUSTOMER_BOOKING_STEPS.length;
      for (const [field, messages] of Object.entries(state.fieldErrors)) {
        if (STEP_FIELDS.flat().includes(field as FieldPath<CustomerBookingFormValues>)) {
          form.setError(field as FieldPath<CustomerBookingFormValues>, { message: messages[0] });
          first = Math.min(first, stepOf(field));
        }
      }
      if (first < CUSTOMER_BOOKING_STEPS.length && first !== step) goTo(first);
      toast.error(state.title ?? "Submission Error", { description: stateMessage(state) });
      return;
    }
    if (state.status === "error") toast.error(state.title, { description: state.message });
  }

  const submit = (values: CustomerBookingFormValues) => {
    requestKey.current ??= newRequestKey();
    startTransition(async () => {
      try {
        handleResult(
          await createCustomerBookingAction(idleState, {
            ...values,
            idempotencyKey: requestKey.current,
          }),
        );
      } catch {
        toast.error("Submission Error", {
          description: "There was an error submitting your booking. Please try again.",
        });
      }
    });
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < CUSTOMER_BOOKING_STEPS.length - 1) {
      void next();
      return;
    }
    if (pending) return;
    if (!termsAccepted) {
      toast.error("Terms Required", { description: TERMS_MESSAGE });
      return;
    }
    void form.handleSubmit(
      () => submit(form.getValues()),
      (fieldErrors) => {
        const fields = Object.keys(fieldErrors);
        if (fields.length) goTo(Math.min(...fields.map(stepOf)));
      },
    )(event);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <ol aria-label="Booking steps" className="flex items-center justify-center gap-2">
        {CUSTOMER_BOOKING_STEPS.map((label, index) => {
          const state = index < step ? "done" : index === step ? "current" : "todo";
          return (
            <li
              key={label}
              aria-current={state === "current" ? "step" : undefined}
              className="flex items-center gap-2"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold transition-colors",
                  state === "done" && "border-primary bg-primary text-primary-foreground",
                  state === "current" && "border-primary bg-secondary text-primary",
                  state === "todo" && "border-border bg-card text-muted-foreground",
                )}
              >
                {state === "done" ? <Check className="size-4" /> : index + 1}
              </span>
              <span className="sr-only">
                {`Step ${index + 1}: ${label}`}
                {state === "done" ? " (completed)" : ""}
              </span>
              {index < CUSTOMER_BOOKING_STEPS.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    "h-0.5 w-8 rounded sm:w-16",
                    index < step ? "bg-primary" : "bg-border",
                  )}
                />
              ) : null}
            </li>
          );
        })}
      </ol>

      <form
        noValidate
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-6"
        aria-busy={pending}
        aria-labelledby="new-booking-step"
      >
        <h2
          id="new-booking-step"
          ref={heading}
          tabIndex={-1}
          className="font-display text-xl font-bold text-forest-deep outline-none"
        >
          {CUSTOMER_BOOKING_STEPS[step]}
        </h2>

        {step === 0 ? (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FormField
              id="nb-full-name"
              label="Full Name"
              required
              error={errors.fullName?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("fullName")}
                  autoComplete="name"
                  maxLength={LIMITS.name}
                  className="h-11"
                />
              )}
            </FormField>
            <FormField id="nb-phone" label="Phone Number" required error={errors.phone?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("phone")}
                  type="tel"
                  autoComplete="tel"
                  maxLength={LIMITS.phone}
                  className="h-11"
                />
              )}
            </FormField>
            <FormField
              id="nb-address"
              label="Address"
              hint="Optional"
              error={errors.address?.message}
              className="sm:col-span-2"
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...form.register("address")}
                  rows={3}
                  autoComplete="street-address"
                  maxLength={LIMITS.requests}
                  className="field-sizing-fixed resize-y"
                />
              )}
            </FormField>
          </div>
        ) : null}

        {step === 1 ? (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FormField
              id="nb-tour"
              label="Tour Package"
              required
              error={errors.tour?.message}
              className="sm:col-span-2"
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="tour"
                  render={({ field }) => (
                    <Select value={field.value ?? ""} onValueChange={field.onChange}>
                      <SelectTrigger {...control} ref={field.ref} className="h-11 w-full bg-card">
                        <SelectValue placeholder="Select a tour package" />
                      </SelectTrigger>
                      <SelectContent>
                        {tourOptions.map((o) => (
                          <SelectItem key={o.value} value={o.value}>
                            {o.price ? `${o.label} - ${o.price}` : o.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField
              id="nb-departure"
              label="Preferred Departure Date"
              error={errors.departureDate?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("departureDate")}
                  type="date"
                  min={today}
                  className="h-11"
                  suppressHydrationWarning
                />
              )}
            </FormField>
            <FormField
              id="nb-group-size"
              label="Group Size"
              required
              error={errors.groupSize?.message}
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="groupSize"
                  render={({ field }) => (
                    <Select value={String(field.value ?? "1")} onValueChange={field.onChange}>
                      <SelectTrigger {...control} ref={field.ref} className="h-11 w-full bg-card">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {GROUP_SIZES.map((n) => (
                          <SelectItem key={n} value={String(n)}>
                            {groupSizeLabel(n)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField
              id="nb-accommodation"
              label="Accommodation Preference"
              error={errors.accommodation?.message}
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="accommodation"
                  render={({ field }) => (
                    <Select value={field.value ?? ""} onValueChange={field.onChange}>
                      <SelectTrigger {...control} ref={field.ref} className="h-11 w-full bg-card">
                        <SelectValue placeholder="Select accommodation" />
                      </SelectTrigger>
                      <SelectContent>
                        {CUSTOMER_ACCOMMODATION_OPTIONS.map((o) => (
                          <SelectItem key={o.value} value={o.value}>
                            {o.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
          </div>
        ) : null}

        {step === 2 ? (
          <div className="grid gap-5">
            <FormField id="nb-dietary" label="Dietary Restrictions" error={errors.dietary?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  {...form.register("dietary")}
                  rows={3}
                  maxLength={LIMITS.requests}
                  placeholder="Vegetarian, allergies, halal…"
                  className="field-sizing-fixed resize-y"
                />
              )}
            </FormField>
            <FormField
              id="nb-special"
              label="Special Requests"
              error={errors.specialRequests?.message}
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...form.register("specialRequests")}
                  rows={3}
                  maxLength={LIMITS.requests}
                  placeholder="Celebrations, mobility needs, activities you'd love to add…"
                  className="field-sizing-fixed resize-y"
                />
              )}
            </FormField>
            <Controller
              control={form.control}
              name="terms"
              render={({ field }) => (
                <div className="grid gap-1">
                  <div className="flex items-start gap-3">
                    <Checkbox
                      id="nb-terms"
                      ref={field.ref}
                      checked={termsAccepted}
                      onCheckedChange={(checked) =>
                        field.onChange(checked === true ? "true" : undefined)
                      }
                      aria-required="true"
                      aria-invalid={errors.terms ? true : undefined}
                      aria-describedby={errors.terms ? "nb-terms-error" : undefined}
                      className="mt-0.5 size-5"
                    />
                    <Label htmlFor="nb-terms" className="block leading-relaxed font-normal">
                      I accept the terms and conditions and privacy policy *
                    </Label>
                  </div>
                  <p className="pl-8 text-xs text-muted-foreground">
                    Read our{" "}
                    <Link
                      href="/terms"
                      target="_blank"
                      className="text-primary underline underline-offset-2"
                    >
                      terms
                    </Link>{" "}
                    and{" "}
                    <Link
                      href="/privacy"
                      target="_blank"
                      className="text-primary underline underline-offset-2"
                    >
                      privacy policy
                    </Link>
                    .
                  </p>
                  <p
                    id="nb-terms-error"
                    aria-live="polite"
                    className={errors.terms ? "text-sm font-medium text-destructive" : "sr-only"}
                  >
                    {errors.terms?.message}
                  </p>
                </div>
              )}
            />
            <section
              aria-labelledby="nb-summary"
              className="rounded-xl border border-border bg-muted/60 p-5"
            >
              <h3 id="nb-summary" className="font-display text-lg font-semibold text-forest-deep">
                Booking Summary
              </h3>
              <dl className="mt-3 grid gap-2 text-sm">
                {[
                  { label: "Package", value: selected?.label ?? "Not selected" },
                  { label: "Group Size", value: groupSizeLabel(groupSize) },
                  {
                    label: "Departure",
                    value: watched.departureDate
                      ? formatDay(watched.departureDate)
                      : "To be confirmed",
                  },
                ].map((row) => (
                  <div key={row.label} className="grid grid-cols-[7rem_1fr] gap-3">
                    <dt className="text-muted-foreground">{row.label}</dt>
                    <dd className="font-medium break-words text-foreground">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Button
            type="button"
            variant="outline"
            onClick={() => goTo(step - 1)}
            disabled={step === 0 || pending}
            className="bg-card"
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          {step < CUSTOMER_BOOKING_STEPS.length - 1 ? (
            <Button key="next" type="submit" disabled={!canContinue}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          ) : (
            <Button key="submit" type="submit" disabled={!termsAccepted || pending}>
              <Send aria-hidden="true" />
              {pending ? "Submitting..." : "Submit Booking"}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { format, parseISO } from "date-fns";
import { Check, ChevronLeft, ChevronRight, Send } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState, useTransition } from "react";
import { Controller, type DefaultValues, type FieldPath, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";

import { submitBooking } from "@/actions/booking";
import { FormField, HoneypotField } from "@/components/forms/form-field";
import { newRequestKey } from "@/components/forms/request-key";
import { WhatsAppIcon } from "@/components/site/social-icons";
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
import { whatsappLink } from "@/lib/site";
import { cn } from "@/lib/utils";
import {
  BOOKING_STEP_FIELDS,
  BOOKING_STEPS,
  LIMITS,
  PUBLIC_ACCOMMODATION_OPTIONS,
  PUBLIC_GROUP_SIZE_OPTIONS,
  type PublicBookingFormValues,
  type PublicBookingInput,
  publicBookingSchema,
  stepOfField,
  todayInKampala,
} from "@/lib/validations/booking";

/** A package in the Tour Package list: a tour id (or 'custom'), its display name and price text. */
export type TourOption = { value: string; label: string; price: string | null };

const EMPTY: DefaultValues<PublicBookingFormValues> = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  country: "",
  tour: "",
  startDate: "",
  endDate: "",
  groupSize: "",
  accommodation: "",
  dietary: "",
  specialRequests: "",
  terms: undefined,
  newsletter: "",
};

const UNEXPECTED = {
  title: "Submission Failed",
  message: "There was an unexpected error. Please try again or contact us directly.",
};

function displayDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, "MMM dd, yyyy");
}

/**
 * The public booking request wizard (/booking): Personal Info, Trip Details, Confirmation. The
 * same zod schema validates each step here (Next checks only the current step) and the whole
 * request in the server action. Values survive moving between steps and a failed submit.
 */
export function PublicBookingWizard({
  tourOptions,
  defaultTour = "",
}: {
  tourOptions: TourOption[];
  defaultTour?: string;
}) {
  const form = useForm<PublicBookingFormValues, unknown, PublicBookingInput>({
    resolver: zodResolver(publicBookingSchema),
    defaultValues: { ...EMPTY, tour: defaultTour },
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const [step, setStep] = useState(0);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [today] = useState(() => todayInKampala());
  const honeypot = useRef<HTMLInputElement>(null);
  const requestKey = useRef<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const watched = useWatch({ control: form.control });
  const termsAccepted = watched.terms === "true" || watched.terms === "on";
  const selectedTour = tourOptions.find((o) => o.value === watched.tour);

  // Moving between steps puts focus on the new step's heading (announced, and scrolled to).
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setFormMessage(null);
    setStep(Math.min(Math.max(next, 0), BOOKING_STEPS.length - 1));
  };

  const next = async () => {
    const valid = await form.trigger(
      BOOKING_STEP_FIELDS[step] as FieldPath<PublicBookingFormValues>[],
      {
        shouldFocus: true,
      },
    );
    if (valid) goTo(step + 1);
  };

  function showFieldErrors(fieldErrors: Record<string, string[]>) {
    let first: number = BOOKING_STEPS.length;
    for (const [field, messages] of Object.entries(fieldErrors)) {
      if (!(field in EMPTY)) continue;
      form.setError(field as FieldPath<PublicBookingFormValues>, {
        type: "server",
        message: messages[0],
      });
      first = Math.min(first, stepOfField(field));
    }
    if (first < BOOKING_STEPS.length && first !== step) goTo(first);
  }

  function handleResult(state: ActionState) {
    if (state.status === "success") {
      toast.success(state.title, { description: state.message });
      requestKey.current = null; // the next request is a new booking
      form.reset({ ...EMPTY });
      goTo(0);
      return;
    }
    if (state.status === "invalid") {
      setFormMessage(state.title ? state.message : "Please correct the highlighted fields.");
      if (state.title) toast.error(state.title, { description: state.message });
      showFieldErrors(state.fieldErrors);
      return;
    }
    if (state.status === "error") {
      setFormMessage(state.message);
      toast.error(state.title, { description: state.message });
    }
  }

  const submit = () => {
    requestKey.current ??= newRequestKey();
    const payload = {
      ...form.getValues(),
      idempotencyKey: requestKey.current,
      website: honeypot.current?.value ?? "",
    };
    setFormMessage(null);
    startTransition(async () => {
      try {
        handleResult(await submitBooking(idleState, payload));
      } catch {
        setFormMessage(UNEXPECTED.message);
        toast.error(UNEXPECTED.title, { description: UNEXPECTED.message });
      }
    });
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter on steps 1 and 2 only moves on (spec section 4).
    if (step < BOOKING_STEPS.length - 1) {
      void next();
      return;
    }
    if (pending) return;
    void form.handleSubmit(submit, (fieldErrors) => {
      const fields = Object.keys(fieldErrors);
      if (fields.length) goTo(Math.min(...fields.map(stepOfField)));
    })(event);
  };

  const summary = [
    {
      label: "Name",
      value:
        [watched.firstName?.trim(), watched.lastName?.trim()].filter(Boolean).join(" ") ||
        "Not specified",
    },
    { label: "Email", value: watched.email?.trim() || "Not specified" },
    { label: "Package", value: selectedTour?.label ?? "Not selected" },
    {
      label: "Travel Date",
      value: displayDate(watched.startDate)
        ? [displayDate(watched.startDate), displayDate(watched.endDate)].filter(Boolean).join(" – ")
        : "Not specified",
    },
    {
      label: "Group Size",
      value:
        PUBLIC_GROUP_SIZE_OPTIONS.find((o) => o.value === String(watched.groupSize ?? ""))?.label ??
        "Not specified",
    },
  ];

  const chatText = selectedTour
    ? `Hello! I'd like to book the ${selectedTour.label}. Can you help me?`
    : "Hello! I'd like some help booking a tour.";

  return (
    <div className="grid gap-8">
      <ol aria-label="Booking steps" className="grid grid-cols-3 gap-2">
        {BOOKING_STEPS.map((label, index) => {
          const state = index < step ? "done" : index === step ? "current" : "todo";
          return (
            <li
              key={label}
              aria-current={state === "current" ? "step" : undefined}
              className="flex flex-col items-center gap-2 text-center"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-10 items-center justify-center rounded-full border-2 text-sm font-bold transition-colors",
                  state === "done" && "border-primary bg-primary text-primary-foreground",
                  state === "current" && "border-primary bg-secondary text-primary",
                  state === "todo" && "border-border bg-card text-muted-foreground",
                )}
              >
                {state === "done" ? <Check className="size-5" /> : index + 1}
              </span>
              <span
                className={cn(
                  "text-xs font-medium sm:text-sm",
                  state === "todo" ? "text-muted-foreground" : "text-forest-deep",
                )}
              >
                <span className="sr-only">{`Step ${index + 1}: `}</span>
                {label}
                {state === "done" ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>

      <form
        noValidate
        onSubmit={onSubmit}
        className="relative grid gap-6"
        aria-busy={pending}
        aria-labelledby="booking-step-heading"
      >
        <h2
          id="booking-step-heading"
          ref={stepHeading}
          tabIndex={-1}
          className="font-display text-2xl font-bold text-forest-deep outline-none"
        >
          {BOOKING_STEPS[step]}
        </h2>

        {step === 0 ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="booking-first-name"
              label="First Name"
              required
              error={errors.firstName?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("firstName")}
                  autoComplete="given-name"
                  maxLength={LIMITS.name}
                  className="h-11"
                />
              )}
            </FormField>
            <FormField
              id="booking-last-name"
              label="Last Name"
              required
              error={errors.lastName?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("lastName")}
                  autoComplete="family-name"
                  maxLength={LIMITS.name}
                  className="h-11"
                />
              )}
            </FormField>
            <FormField
              id="booking-email"
              label="Email Address"
              required
              error={errors.email?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("email")}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  maxLength={LIMITS.email}
                  placeholder="you@example.com"
                  className="h-11"
                />
              )}
            </FormField>
            <FormField
              id="booking-phone"
              label="Phone Number"
              required
              error={errors.phone?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("phone")}
                  type="tel"
                  autoComplete="tel"
                  maxLength={LIMITS.phone}
                  placeholder="+1 555 000 0000"
                  className="h-11"
                />
              )}
            </FormField>
            <FormField
              id="booking-country"
              label="Country of Residence"
              required
              error={errors.country?.message}
              className="sm:col-span-2"
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("country")}
                  autoComplete="country-name"
                  maxLength={LIMITS.country}
                  className="h-11"
                />
              )}
            </FormField>
          </div>
        ) : null}

        {step === 1 ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="booking-tour"
              label="Preferred Tour Package"
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
                        {tourOptions.map((option) => (
                          <SelectItem key={option.value} value={option.value}>
                            {option.price ? `${option.label} - ${option.price}` : option.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField
              id="booking-start-date"
              label="Preferred Start Date"
              required
              error={errors.startDate?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("startDate")}
                  type="date"
                  min={today}
                  className="h-11"
                  suppressHydrationWarning
                />
              )}
            </FormField>
            <FormField
              id="booking-end-date"
              label="End Date (optional)"
              error={errors.endDate?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("endDate")}
                  type="date"
                  min={watched.startDate || today}
                  className="h-11"
                  suppressHydrationWarning
                />
              )}
            </FormField>
            <FormField
              id="booking-group-size"
              label="Group Size"
              required
              error={errors.groupSize?.message}
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="groupSize"
                  render={({ field }) => (
                    <Select value={String(field.value ?? "")} onValueChange={field.onChange}>
                      <SelectTrigger {...control} ref={field.ref} className="h-11 w-full bg-card">
                        <SelectValue placeholder="Select group size" />
                      </SelectTrigger>
                      <SelectContent>
                        {PUBLIC_GROUP_SIZE_OPTIONS.map((option) => (
                          <SelectItem key={option.value} value={option.value}>
                            {option.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField
              id="booking-accommodation"
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
                        {PUBLIC_ACCOMMODATION_OPTIONS.map((option) => (
                          <SelectItem key={option.value} value={option.value}>
                            {option.label}
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
            <FormField
              id="booking-dietary"
              label="Dietary Requirements"
              error={errors.dietary?.message}
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...form.register("dietary")}
                  rows={3}
                  maxLength={LIMITS.requests}
                  className="field-sizing-fixed resize-y"
                  placeholder="Vegetarian, allergies, halal…"
                />
              )}
            </FormField>
            <FormField
              id="booking-special-requests"
              label="Special Requests"
              error={errors.specialRequests?.message}
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...form.register("specialRequests")}
                  rows={4}
                  maxLength={LIMITS.requests}
                  className="field-sizing-fixed resize-y"
                  placeholder="Celebrations, mobility needs, activities you'd love to add…"
                />
              )}
            </FormField>

            <section
              aria-labelledby="booking-summary-heading"
              className="rounded-xl border border-border bg-muted/60 p-5"
            >
              <h3
                id="booking-summary-heading"
                className="font-display text-lg font-semibold text-forest-deep"
              >
                Booking Summary
              </h3>
              <dl className="mt-3 grid gap-2 text-sm">
                {summary.map((row) => (
                  <div key={row.label} className="grid grid-cols-[7.5rem_1fr] gap-3">
                    <dt className="text-muted-foreground">{row.label}</dt>
                    <dd className="font-medium break-words text-foreground">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </section>

            <div className="grid gap-4">
              <Controller
                control={form.control}
                name="terms"
                render={({ field }) => (
                  <div className="grid gap-1">
                    <div className="flex items-start gap-3">
                      <Checkbox
                        id="booking-terms"
                        ref={field.ref}
                        checked={field.value === "true" || field.value === "on"}
                        onCheckedChange={(checked) =>
                          field.onChange(checked === true ? "true" : undefined)
                        }
                        aria-required="true"
                        aria-invalid={errors.terms ? true : undefined}
                        aria-describedby={errors.terms ? "booking-terms-error" : undefined}
                        className="mt-0.5 size-5"
                      />
                      <Label htmlFor="booking-terms" className="block leading-relaxed font-normal">
                        I agree to the{" "}
                        <Link
                          href="/terms"
                          target="_blank"
                          className="font-medium text-primary underline underline-offset-2"
                        >
                          Terms and Conditions
                        </Link>{" "}
                        and{" "}
                        <Link
                          href="/privacy"
                          target="_blank"
                          className="font-medium text-primary underline underline-offset-2"
                        >
                          Privacy Policy
                        </Link>
                        <span aria-hidden="true" className="text-destructive">
                          {" *"}
                        </span>
                      </Label>
                    </div>
                    <p
                      id="booking-terms-error"
                      aria-live="polite"
                      className={errors.terms ? "text-sm font-medium text-destructive" : "sr-only"}
                    >
                      {errors.terms?.message}
                    </p>
                  </div>
                )}
              />
              <Controller
                control={form.control}
                name="newsletter"
                render={({ field }) => (
                  <div className="flex items-start gap-3">
                    <Checkbox
                      id="booking-newsletter"
                      ref={field.ref}
                      checked={field.value === "true" || field.value === "on"}
                      onCheckedChange={(checked) => field.onChange(checked === true ? "true" : "")}
                      className="mt-0.5 size-5"
                    />
                    <Label
                      htmlFor="booking-newsletter"
                      className="block leading-relaxed font-normal"
                    >
                      Subscribe to our newsletter for travel tips and seasonal offers
                    </Label>
                  </div>
                )}
              />
            </div>
          </div>
        ) : null}

        <HoneypotField id="booking-website" inputRef={honeypot} />

        <p
          role="alert"
          className={
            formMessage
              ? "rounded-lg bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
              : "sr-only"
          }
        >
          {formMessage}
        </p>

        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={() => goTo(step - 1)}
            disabled={step === 0 || pending}
            className="rounded-full"
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          {step < BOOKING_STEPS.length - 1 ? (
            <Button key="next" type="submit" size="lg" className="rounded-full sm:px-8">
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          ) : (
            <Button
              key="submit"
              type="submit"
              size="lg"
              disabled={!termsAccepted || pending}
              className="rounded-full sm:px-8"
            >
              <Send aria-hidden="true" />
              {pending ? "Submitting..." : "Submit Booking"}
            </Button>
          )}
        </div>
      </form>

      <div className="flex flex-col items-start gap-3 rounded-xl bg-secondary/70 p-4 text-sm text-secondary-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>Prefer to arrange everything by chat? Our team answers on WhatsApp.</p>
        <Button
          asChild
          variant="outline"
          className="rounded-full border-[#1a7f4b] text-[#145f39] hover:bg-[#1a7f4b] hover:text-white"
        >
          <a href={whatsappLink(chatText)} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon className="size-4" />
            Book via WhatsApp
          </a>
        </Button>
      </div>
    </div>
  );
}

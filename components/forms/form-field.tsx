"use client";

import { createContext, useContext, useRef } from "react";
import {
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/**
 * The form kit: `Form` (react-hook-form's provider around a <form>), one field component per kind
 * of control, each on `FormField` (label, required mark, hint and live error tied to the control),
 * and `SubmitButton` with its busy caption (`pendingLabel`). A form reads as a list of fields:
 *
 *   <Form form={form} onSubmit={submit} idPrefix="contact">
 *     <TextField name="email" label="Email Address" required type="email" />
 *     <SubmitButton pendingLabel="Sending...">Send Message</SubmitButton>
 *   </Form>
 */

const IdPrefix = createContext("field");
/** Classes every single-line control of the form shares (the wizards' and auth forms' h-11). */
export const ControlClass = createContext<string | undefined>(undefined);

/** Field ids are `{form}-{field-name}`: stable, so labels and errors can point at them. */
export function useFieldId(name: string, id?: string) {
  const prefix = useContext(IdPrefix);
  return id ?? `${prefix}-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export function useFieldError(name: string): string | undefined {
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name });
  return getFieldState(name, formState).error?.message;
}

/**
 * The `action` of every form of the kit. Until React has hydrated a form, a click on its submit
 * button would make the browser send the form itself: a GET of this page with every field, a
 * password too, in the address, where server logs, the history and Referer headers keep it (and
 * the page would come back empty). Given a function as the action, React renders the form's
 * action as a script address that sends nothing, so an early click does nothing and loses
 * nothing. Once hydrated, `onSubmit` handles the submit and react-hook-form prevents the default,
 * so this is never called.
 */
const sendNothingBeforeHydration = () => {};

export function Form<T extends FieldValues>({
  form,
  onSubmit,
  idPrefix,
  controlClassName,
  className,
  children,
  ...props
}: {
  form: UseFormReturn<T>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  idPrefix: string;
  /** Classes of every input and select of the form (its height, say). */
  controlClassName?: string;
} & Omit<React.ComponentProps<"form">, "onSubmit">) {
  return (
    <FormProvider {...form}>
      <ControlClass value={controlClassName}>
        <IdPrefix value={idPrefix}>
          <form
            noValidate
            action={sendNothingBeforeHydration}
            onSubmit={onSubmit}
            aria-busy={form.formState.isSubmitting}
            className={className}
            {...props}
          >
            {children}
          </form>
        </IdPrefix>
      </ControlClass>
    </FormProvider>
  );
}

/** What a control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

/**
 * A labelled form field: required fields show `*` next to the label (the control carries
 * aria-required), the hint and the error are tied to the control with aria-describedby, and the
 * error sits in a live region so it is announced when it appears.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  className,
  labelClassName,
  errorClassName,
  children,
}: {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string;
  className?: string;
  /** `sr-only` for a field whose purpose the layout shows (the footer's newsletter box). */
  labelClassName?: string;
  errorClassName?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <div className={cn("flex items-center gap-1", labelClassName === "sr-only" && "sr-only")}>
        <Label htmlFor={id} className={labelClassName}>
          {label}
        </Label>
        {/* Outside the label: the control's name stays 'First Name', aria-required says the rest. */}
        {required ? (
          <span aria-hidden="true" className="text-sm leading-none font-medium text-destructive">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} className={errorClassName} />
    </div>
  );
}

export function FieldError({
  id,
  error,
  className,
}: {
  id: string;
  error?: string;
  className?: string;
}) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn("text-sm font-medium text-destructive", !error && "sr-only", className)}
    >
      {error}
    </p>
  );
}

export type FieldProps = {
  name: string;
  label: React.ReactNode;
  id?: string;
  required?: boolean;
  hint?: React.ReactNode;
  /** Classes of the field's wrapper (grid placement). */
  className?: string;
  labelClassName?: string;
  errorClassName?: string;
};

export function splitField<P extends FieldProps>(props: P) {
  const { name, label, id, required, hint, className, labelClassName, errorClassName, ...control } =
    props;
  return {
    field: { name, label, id, required, hint, className, labelClassName, errorClassName },
    control,
  };
}

/** Wires FormField to the form: its id, its error. */
export function Field({
  field,
  children,
}: {
  field: FieldProps;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const id = useFieldId(field.name, field.id);
  const error = useFieldError(field.name);
  return (
    <FormField
      id={id}
      label={field.label}
      required={field.required}
      hint={field.hint}
      error={error}
      className={field.className}
      labelClassName={field.labelClassName}
      errorClassName={field.errorClassName}
    >
      {children}
    </FormField>
  );
}

export type InputProps = Omit<
  React.ComponentProps<"input">,
  "name" | "id" | "required" | "className"
>;

/**
 * A text input (type text, email, tel…), or `as` another input component with the same props
 * (PasswordField's show/hide input).
 */
export function TextField({
  as: Control = Input,
  ...props
}: FieldProps &
  InputProps & {
    inputClassName?: string;
    as?: React.ComponentType<React.ComponentProps<"input">>;
  }) {
  const { field, control } = splitField(props);
  const { inputClassName, ...input } = control;
  const shared = useContext(ControlClass);
  const { register } = useFormContext();
  return (
    <Field field={field}>
      {(aria) => (
        <Control
          {...aria}
          {...input}
          {...register(field.name)}
          className={cn(shared, inputClassName)}
        />
      )}
    </Field>
  );
}

/** An email address: the right keyboard, autofill and length. */
export function EmailField(props: FieldProps & InputProps & { inputClassName?: string }) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      maxLength={254}
      placeholder="you@example.com"
      {...props}
    />
  );
}

/** A person's name: autofill ('name', or 'given-name' / 'family-name' for a part) and length. */
export function NameField({
  part = "full",
  ...props
}: FieldProps & InputProps & { inputClassName?: string; part?: "full" | "given" | "family" }) {
  const autoComplete = { full: "name", given: "given-name", family: "family-name" }[part];
  return <TextField autoComplete={autoComplete} maxLength={100} {...props} />;
}

/** A country: autofill and length. */
export function CountryField(props: FieldProps & InputProps & { inputClassName?: string }) {
  return <TextField autoComplete="country-name" maxLength={100} {...props} />;
}

/** A phone number: the phone keyboard, autofill and length. */
export function PhoneField(props: FieldProps & InputProps & { inputClassName?: string }) {
  return <TextField type="tel" autoComplete="tel" maxLength={40} {...props} />;
}

/** A date input; `min`/`max` as 'yyyy-MM-dd' (today in Kampala differs from the server's day). */
export function DateField(props: FieldProps & InputProps & { inputClassName?: string }) {
  const { field, control } = splitField(props);
  const { inputClassName, ...input } = control;
  const { register } = useFormContext();
  const shared = useContext(ControlClass);
  return (
    <Field field={field}>
      {(aria) => (
        <Input
          {...aria}
          {...input}
          {...register(field.name)}
          type="date"
          className={cn(shared, inputClassName)}
          suppressHydrationWarning
        />
      )}
    </Field>
  );
}

/** A multi-line text. */
export function TextareaField(
  props: FieldProps &
    Omit<React.ComponentProps<"textarea">, "name" | "id" | "required" | "className"> & {
      inputClassName?: string;
    },
) {
  const { field, control } = splitField(props);
  const { inputClassName, ...textarea } = control;
  const { register } = useFormContext();
  return (
    <Field field={field}>
      {(aria) => (
        <Textarea
          {...aria}
          {...textarea}
          {...register(field.name)}
          className={cn("field-sizing-fixed resize-y", inputClassName)}
        />
      )}
    </Field>
  );
}

/** The form's submit button: disabled and showing `pendingLabel` while the action runs. */
export function SubmitButton({
  pendingLabel,
  disabled,
  children,
  ...props
}: React.ComponentProps<typeof Button> & { pendingLabel: React.ReactNode }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" disabled={disabled || isSubmitting} {...props}>
      {isSubmitting ? pendingLabel : children}
    </Button>
  );
}

/**
 * The honeypot: a field people never see or reach (hidden, out of the tab order, ignored by
 * screen readers); bots that fill every input fill it, and the server then pretends success.
 * `value()` is what to send as `website`.
 */
export function useHoneypot(id: string) {
  const ref = useRef<HTMLInputElement>(null);
  const field = (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden opacity-0"
    >
      <label htmlFor={id}>Website (leave empty)</label>
      <input
        ref={ref}
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
  return { field, value: () => ref.current?.value ?? "" };
}

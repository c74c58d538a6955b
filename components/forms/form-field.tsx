import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

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
  children,
}: {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-center gap-1">
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
      <p
        id={errorId}
        aria-live="polite"
        className={cn("text-sm font-medium text-destructive", !error && "sr-only")}
      >
        {error}
      </p>
    </div>
  );
}

/**
 * The honeypot: a field people never see or reach (hidden, out of the tab order, ignored by
 * screen readers); bots that fill every input fill it, and the server then pretends success.
 */
export function HoneypotField({
  id,
  inputRef,
}: {
  id: string;
  inputRef: React.Ref<HTMLInputElement>;
}) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden opacity-0"
    >
      <label htmlFor={id}>Website (leave empty)</label>
      <input
        ref={inputRef}
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

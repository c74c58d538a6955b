"use client";

import { useContext } from "react";
import { Controller, useFormContext } from "react-hook-form";

import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Select, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";

import {
  ControlClass,
  Field,
  FieldError,
  type FieldProps,
  splitField,
  useFieldError,
  useFieldId,
} from "./form-field";
import { SelectOptions } from "./select-options";

/**
 * The form kit's choice controls (a list, a box, a switch), in a module of their own: their Radix
 * primitives stay out of the pages whose forms only have text fields (the footer newsletter form
 * is on every public page).
 */

export type SelectOption = { value: string; label: string };

/** A list to choose one of (Radix Select; the value is a string). */
export function SelectField(
  props: FieldProps & {
    options: readonly SelectOption[];
    placeholder?: string;
    triggerClassName?: string;
  },
) {
  const { field, control } = splitField(props);
  const { control: formControl } = useFormContext();
  const shared = useContext(ControlClass);
  return (
    <Field field={field}>
      {(aria) => (
        <Controller
          control={formControl}
          name={field.name}
          render={({ field: f }) => (
            <Select value={String(f.value ?? "")} onValueChange={f.onChange}>
              <SelectTrigger
                {...aria}
                ref={f.ref}
                onBlur={f.onBlur}
                className={cn("w-full bg-card", shared, control.triggerClassName)}
              >
                <SelectValue placeholder={control.placeholder} />
              </SelectTrigger>
              <SelectOptions options={control.options} />
            </Select>
          )}
        />
      )}
    </Field>
  );
}

/**
 * A box to tick. Its value is 'true' when ticked and `uncheckedValue` (undefined: the field is
 * absent, which a required box refuses) when not, as a browser would send it.
 */
export function CheckboxField({
  name,
  label,
  id,
  required = false,
  uncheckedValue,
  description,
  className,
}: {
  name: string;
  label: React.ReactNode;
  id?: string;
  required?: boolean;
  uncheckedValue?: "" | undefined;
  description?: React.ReactNode;
  className?: string;
}) {
  const fieldId = useFieldId(name, id);
  const error = useFieldError(name);
  const { control } = useFormContext();
  const errorId = `${fieldId}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn("grid gap-1", className)}>
          <div className="flex items-start gap-3">
            <Checkbox
              id={fieldId}
              ref={field.ref}
              checked={field.value === "true" || field.value === "on"}
              onCheckedChange={(checked) =>
                field.onChange(checked === true ? "true" : uncheckedValue)
              }
              onBlur={field.onBlur}
              aria-required={required ? true : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-0.5 size-5"
            />
            <Label htmlFor={fieldId} className="block leading-relaxed font-normal">
              {label}
            </Label>
          </div>
          {description}
          <FieldError id={errorId} error={error} />
        </div>
      )}
    />
  );
}

/** An on/off switch with a title and description; a locked one stays on and cannot change. */
export function SwitchField({
  name,
  label,
  description,
  aside,
  locked = false,
  className,
}: {
  name: string;
  label: React.ReactNode;
  description?: React.ReactNode;
  /** Beside the title (a badge). */
  aside?: React.ReactNode;
  locked?: boolean;
  className?: string;
}) {
  const id = useFieldId(name);
  const descriptionId = `${id}-description`;
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn("flex items-start justify-between gap-4", className)}>
          <div className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Label htmlFor={id} className="text-base font-semibold text-forest-deep">
                {label}
              </Label>
              {aside}
            </div>
            {description ? (
              <p id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </div>
          <Switch
            id={id}
            ref={field.ref}
            checked={locked ? true : field.value === true}
            onCheckedChange={(checked) => field.onChange(checked)}
            disabled={locked || field.disabled}
            aria-describedby={description ? descriptionId : undefined}
            className="mt-1 shrink-0"
          />
        </div>
      )}
    />
  );
}

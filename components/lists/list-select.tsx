"use client";

import { Label } from "@/components/ui/label";
import { SelectOptions } from "@/components/forms/select-options";
import { Select, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

import { useListParam } from "./use-list-param";

/** Radix Select items cannot have an empty value: the default option's value in the widget. */
const DEFAULT = "__default";

/**
 * A filter of a list as a select, its value in the URL parameter `param` (left out for the default
 * option). A change goes back to page 1 and drops `resetKeys`; the server renders the new list.
 */
export function ListSelect({
  id,
  label,
  param,
  options,
  defaultValue = "",
  resetKeys = [],
  className,
}: {
  id: string;
  label: string;
  param: string;
  /** The option whose value is `defaultValue` is the default ('All ...'). */
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  resetKeys?: string[];
  className?: string;
}) {
  const { value, set, pending } = useListParam(param, resetKeys, defaultValue);
  const widget = (v: string) => (v === defaultValue ? DEFAULT : v);
  // Given as text, so the server's HTML shows the choice before the select has hydrated.
  const chosen = options.find((option) => option.value === value)?.label;

  return (
    <div className={cn("grid gap-2", className)} aria-busy={pending}>
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={widget(value)}
        onValueChange={(next) => void set(next === DEFAULT ? null : next)}
      >
        <SelectTrigger id={id} className="w-full min-w-0 bg-card data-[size=default]:h-10">
          <SelectValue>{chosen}</SelectValue>
        </SelectTrigger>
        <SelectOptions options={options} widgetValue={widget} />
      </Select>
    </div>
  );
}

"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

import { useListParam } from "./use-list-param";

/**
 * A day filter of a list (the first or last day of a range) as a date field, its value
 * ('yyyy-MM-dd') in the URL parameter `param`, left out when cleared. A change goes back to
 * page 1 and drops `resetKeys`; the server renders the new list and reads the day in Kampala.
 */
export function ListDate({
  id,
  label,
  param,
  resetKeys = [],
  className,
}: {
  id: string;
  label: string;
  param: string;
  resetKeys?: string[];
  className?: string;
}) {
  const { value, set, pending } = useListParam(param, resetKeys);

  return (
    <div className={cn("grid gap-2", className)} aria-busy={pending}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={param}
        type="date"
        value={value}
        onChange={(event) => void set(event.target.value || null)}
        className="h-10 bg-card"
      />
    </div>
  );
}

"use client";

import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

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
  const [pending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(
    {
      [param]: parseAsString.withDefault(""),
      page: parseAsString,
      ...Object.fromEntries(resetKeys.map((key) => [key, parseAsString])),
    },
    { shallow: false, scroll: false, history: "replace", startTransition },
  );

  return (
    <div className={cn("grid gap-2", className)} aria-busy={pending}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={param}
        type="date"
        value={params[param] ?? ""}
        onChange={(event) =>
          void setParams({
            [param]: event.target.value || null,
            page: null,
            ...Object.fromEntries(resetKeys.map((key) => [key, null])),
          })
        }
        className="h-10 bg-card"
      />
    </div>
  );
}

"use client";

import { debounce } from "nuqs";

import { Search } from "@/components/icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SEARCH_MAX } from "@/lib/list-query";
import { cn } from "@/lib/utils";

import { useListParam } from "./use-list-param";

/** How long typing may pause before the list searches (Enter searches at once). */
const TYPING_PAUSE_MS = 300;

/**
 * The search box of a list. The search lives in the URL (`q`, or `param`), so a result can be
 * bookmarked and the server renders the list for it (no shallow update). A new search goes back to page 1 and
 * drops `resetKeys` (an open dialog). Inside a GET form, Enter also works before the page's
 * scripts have loaded.
 */
export function ListSearch({
  id,
  label,
  placeholder,
  param = "q",
  showLabel = false,
  resetKeys = [],
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  /** The URL parameter of the search. */
  param?: string;
  /** The label shown above the box; otherwise read by screen readers only. */
  showLabel?: boolean;
  resetKeys?: string[];
  className?: string;
}) {
  const { value: q, set, pending } = useListParam(param, resetKeys);
  const search = (value: string, now: boolean) =>
    set(value.trim() === "" ? null : value, {
      limitUrlUpdates: now ? undefined : debounce(TYPING_PAUSE_MS),
    });

  return (
    <form
      role="search"
      className={cn("grid flex-1 gap-2", className)}
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        void search(q, true);
      }}
    >
      <Label htmlFor={id} className={showLabel ? undefined : "sr-only"}>
        {label}
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          name={param}
          type="search"
          value={q}
          onChange={(event) => void search(event.target.value, false)}
          placeholder={placeholder}
          maxLength={SEARCH_MAX}
          className="h-10 bg-card pl-9"
        />
      </div>
    </form>
  );
}

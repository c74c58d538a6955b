"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";

import { Search } from "@/components/icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import {
  ALL_TOURS_LABEL,
  DATE_RANGE_LABELS,
  DATE_RANGES,
  type DateRange,
} from "@/lib/admin-bookings";

/** The tour filter's value for 'All Tours' (Radix Select items cannot have an empty value). */
const ALL_TOURS = "__all";

/**
 * Search (name, email, tour), tour filter and date filter of /admin/bookings. The state lives in
 * the URL, as in the customer's My Bookings; any change goes back to page 1 and closes a dialog.
 */
export function AdminBookingsToolbar({
  q,
  tour,
  range,
  tours,
}: {
  q: string;
  tour: string;
  range: DateRange;
  tours: string[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [text, setText] = useState(q);
  // The URL changed from elsewhere (Clear filters, back button): show its search.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    next.delete("edit");
    const query = next.toString();
    startTransition(() =>
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }),
    );
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => update({ q: value.trim() }), 300);
  };

  // A bookmarked tour no booking has any more still shows as chosen.
  const tourOptions = tour && !tours.includes(tour) ? [tour, ...tours] : tours;

  return (
    <div
      className="grid gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_14rem_11rem] md:items-end"
      aria-busy={pending}
    >
      <div className="grid gap-2">
        <Label htmlFor="admin-bookings-search">Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="admin-bookings-search"
            type="search"
            value={text}
            onChange={(e) => onSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                clearTimeout(timer.current);
                update({ q: text.trim() });
              }
            }}
            placeholder="Search by name, email or tour"
            maxLength={100}
            className="h-10 pl-9"
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-bookings-tour">Tour package</Label>
        <Select
          value={tour || ALL_TOURS}
          onValueChange={(value) => update({ tour: value === ALL_TOURS ? "" : value })}
        >
          <SelectTrigger id="admin-bookings-tour" className="h-10 w-full min-w-0">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_TOURS}>{ALL_TOURS_LABEL}</SelectItem>
            {tourOptions.map((t) => (
              <SelectItem key={t} value={t}>
                {t}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-bookings-range">Booked</Label>
        <Select
          value={range}
          onValueChange={(value) => update({ range: value === "all" ? "" : value })}
        >
          <SelectTrigger id="admin-bookings-range" className="h-10 w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DATE_RANGES.map((r) => (
              <SelectItem key={r} value={r}>
                {DATE_RANGE_LABELS[r]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

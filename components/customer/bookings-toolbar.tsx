"use client";

import { Search } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { BookingFilter } from "@/lib/booking-query";

const FILTERS: { value: BookingFilter; label: string }[] = [
  { value: "all", label: "All Bookings" },
  { value: "upcoming", label: "Upcoming Trips" },
  { value: "past", label: "Past Trips" },
];

/**
 * Search (tour name or booking id) and filter of My Bookings. The state lives in the URL; any
 * change goes back to page 1.
 */
export function BookingsToolbar({ q, filter }: { q: string; filter: BookingFilter }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [text, setText] = useState(q);
  // The URL changed from elsewhere (Clear Filters, back button): show its search.
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
      if (value && !(key === "filter" && value === "all")) next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    next.delete("view");
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

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-busy={pending}>
      <div className="grid flex-1 gap-2">
        <Label htmlFor="bookings-search">Search bookings</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="bookings-search"
            type="search"
            value={text}
            onChange={(e) => onSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                clearTimeout(timer.current);
                update({ q: text.trim() });
              }
            }}
            placeholder="Search by tour name or booking ID"
            maxLength={100}
            className="h-11 bg-card pl-9"
          />
        </div>
      </div>
      <div className="grid gap-2 sm:w-52">
        <Label htmlFor="bookings-filter">Show</Label>
        <Select value={filter} onValueChange={(value) => update({ filter: value })}>
          <SelectTrigger id="bookings-filter" className="h-11 w-full bg-card">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FILTERS.map((f) => (
              <SelectItem key={f.value} value={f.value}>
                {f.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

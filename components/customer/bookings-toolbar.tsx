"use client";

import { ListSearch } from "@/components/lists/list-search";
import { ListSelect } from "@/components/lists/list-select";

const FILTERS = [
  { value: "all", label: "All Bookings" },
  { value: "upcoming", label: "Upcoming Trips" },
  { value: "past", label: "Past Trips" },
];

/**
 * Search (tour name or booking id) and filter of My Bookings, in the URL; any change goes back to
 * page 1 and closes an open booking.
 */
export function BookingsToolbar() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <ListSearch
        id="bookings-search"
        label="Search bookings"
        showLabel
        placeholder="Search by tour name or booking ID"
        resetKeys={["view"]}
      />
      <ListSelect
        id="bookings-filter"
        label="Show"
        param="filter"
        defaultValue="all"
        options={FILTERS}
        resetKeys={["view"]}
        className="sm:w-52"
      />
    </div>
  );
}

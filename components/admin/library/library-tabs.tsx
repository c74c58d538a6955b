import { ListTabs } from "@/components/admin/list/list-tabs";
import { LIBRARY_PATHS, type LibraryList } from "@/lib/library/list-query";

const TABS: { list: LibraryList; label: string }[] = [
  { list: "lodges", label: "Lodges" },
  { list: "activities", label: "Activities" },
  { list: "vehicles", label: "Vehicles" },
];

/** The library's three lists as tabs: each its own URL, so a list can be bookmarked. */
export function LibraryTabs({ current }: { current: LibraryList }) {
  return (
    <ListTabs
      label="Library"
      className="w-full sm:w-fit"
      tabs={TABS.map(({ list, label }) => ({
        href: LIBRARY_PATHS[list],
        label,
        current: list === current,
      }))}
    />
  );
}

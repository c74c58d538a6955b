"use client";

import { Tabs as TabsPrimitive } from "radix-ui";

/**
 * The tour page's tabs: Radix Tabs with the classes components/ui/tabs.tsx and the tour page's
 * own give, merged once here. The ui wrappers merge them with `cn` in the browser, and
 * tailwind-merge would weigh more in the tour page's JavaScript than these four classes.
 * tests/unit/chrome-classes.test.ts checks them against `cn`.
 */
export const TOUR_TABS_CLASSES = {
  root: "flex flex-col gap-0",
  list: "items-center justify-center text-muted-foreground grid h-14 w-full grid-cols-4 rounded-xl bg-card p-1.5 shadow-sm ring-1 ring-border/70",
  trigger:
    "inline-flex flex-1 items-center justify-center gap-1.5 border border-transparent py-1 whitespace-nowrap transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 h-full rounded-lg px-2 text-sm font-semibold text-foreground/75 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-md sm:text-base",
  content: "flex-1 outline-none mt-8 data-[state=inactive]:hidden",
} as const;

/**
 * The tabs, the first one open. Every panel is rendered on the server and kept in the page
 * (forceMount): the tabs only switch which one is visible, so all of the tour's content is in
 * the HTML for readers and crawlers. The panels come from the server as they are; this
 * component only adds the tab list around them.
 */
export function TourTabs<T extends string>({
  tabs,
  panels,
}: {
  /** value -> label, in order. */
  tabs: Readonly<Record<T, string>>;
  panels: Readonly<Record<T, React.ReactNode>>;
}) {
  const entries = Object.entries(tabs) as [T, string][];
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      defaultValue={entries[0]?.[0]}
      className={TOUR_TABS_CLASSES.root}
    >
      <TabsPrimitive.List data-slot="tabs-list" className={TOUR_TABS_CLASSES.list}>
        {entries.map(([value, label]) => (
          <TabsPrimitive.Trigger
            key={value}
            data-slot="tabs-trigger"
            value={value}
            className={TOUR_TABS_CLASSES.trigger}
          >
            {label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {entries.map(([value]) => (
        <TabsPrimitive.Content
          key={value}
          data-slot="tabs-content"
          value={value}
          forceMount
          className={TOUR_TABS_CLASSES.content}
        >
          {panels[value]}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}

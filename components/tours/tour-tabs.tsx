"use client";

import { Tabs as TabsPrimitive } from "radix-ui";

/**
 * The tour page's tabs: Radix Tabs with the classes components/ui/tabs.tsx and the tour page's
 * own give, merged once here. The ui wrappers merge them with `cn` in the browser, and
 * tailwind-merge would be 10 kB (gzip) of the tour page's JavaScript for these four classes.
 * tests/unit/chrome-classes.test.ts checks them against `cn`.
 */
export const TOUR_TABS_CLASSES = {
  root: "flex flex-col gap-0",
  list: "items-center justify-center text-muted-foreground grid h-14 w-full grid-cols-4 rounded-xl bg-card p-1.5 shadow-sm ring-1 ring-border/70",
  trigger:
    "inline-flex flex-1 items-center justify-center gap-1.5 border border-transparent py-1 whitespace-nowrap transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 h-full rounded-lg px-2 text-sm font-semibold text-foreground/75 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-md sm:text-base",
  // Every panel is rendered on the server and kept in the page (forceMount): the tabs only switch
  // which one is visible, so all of the tour's content is in the HTML for readers and crawlers.
  content: "flex-1 outline-none mt-8 data-[state=inactive]:hidden",
} as const;

export function TourTabs({
  defaultValue,
  children,
}: {
  defaultValue: string;
  children: React.ReactNode;
}) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      defaultValue={defaultValue}
      className={TOUR_TABS_CLASSES.root}
    >
      {children}
    </TabsPrimitive.Root>
  );
}

export function TourTabsList({ children }: { children: React.ReactNode }) {
  return (
    <TabsPrimitive.List data-slot="tabs-list" className={TOUR_TABS_CLASSES.list}>
      {children}
    </TabsPrimitive.List>
  );
}

export function TourTabsTrigger({ value, children }: { value: string; children: React.ReactNode }) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      value={value}
      className={TOUR_TABS_CLASSES.trigger}
    >
      {children}
    </TabsPrimitive.Trigger>
  );
}

export function TourTabsPanel({ value, children }: { value: string; children: React.ReactNode }) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      value={value}
      forceMount
      className={TOUR_TABS_CLASSES.content}
    >
      {children}
    </TabsPrimitive.Content>
  );
}

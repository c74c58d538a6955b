import { describe, expect, it } from "vitest";

import { CHROME_CLASSES } from "@/components/site/chrome-classes";
import { TOUR_TABS_CLASSES } from "@/components/tours/tour-tabs";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

// The chrome's client components use these lists instead of <Button className>; they must stay
// what the Button would render (components/ui/button.tsx merges with cn).
describe("CHROME_CLASSES", () => {
  it.each([
    [
      "bookNow",
      cn(
        buttonVariants({ variant: "accent" }),
        "h-10 rounded-full px-3 font-semibold min-[380px]:px-4 sm:px-5",
      ),
    ],
    [
      "menuToggle",
      cn(buttonVariants({ variant: "ghost", size: "icon-lg" }), "rounded-full md:hidden"),
    ],
  ] as const)("%s is the Button's class list", (name, expected) => {
    expect(CHROME_CLASSES[name]).toBe(expected);
  });
});

// The tour page's tabs: what components/ui/tabs.tsx would give with the page's classes.
describe("TOUR_TABS_CLASSES", () => {
  it.each([
    ["root", cn("flex flex-col gap-2", "gap-0")],
    [
      "list",
      cn(
        "inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
        "grid h-14 w-full grid-cols-4 rounded-xl bg-card p-1.5 shadow-sm ring-1 ring-border/70",
      ),
    ],
    [
      "trigger",
      cn(
        "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap text-foreground transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        "h-full rounded-lg px-2 text-sm font-semibold text-foreground/75 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-md sm:text-base",
      ),
    ],
    ["content", cn("flex-1 outline-none", "mt-8 data-[state=inactive]:hidden")],
  ] as const)("%s is the ui Tabs' class list with the page's", (name, expected) => {
    expect(TOUR_TABS_CLASSES[name]).toBe(expected);
  });
});

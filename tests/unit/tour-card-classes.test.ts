import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { badgeVariants } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

// The tour card's badge and links are styled by one class each in app/(site)/site.css (to keep the
// 12 cards of /tours small); each must apply exactly what the Badge or Button would render.
const css = readFileSync(path.join(import.meta.dirname, "../../app/(site)/site.css"), "utf8");

function applied(className: string): string {
  const rule = new RegExp(`\\.${className}\\s*\\{\\s*@apply ([^;]+);`).exec(css);
  if (!rule) throw new Error(`no .${className} rule with @apply in app/(site)/site.css`);
  return rule[1]!.trim();
}

describe("tour card classes", () => {
  it.each([
    [
      "tour-card-badge",
      cn(
        badgeVariants({ variant: "accent" }),
        "absolute top-4 left-4 rounded-full px-3 py-1 text-xs font-semibold shadow",
      ),
    ],
    [
      "tour-card-details",
      cn(
        buttonVariants({ variant: "outline" }),
        "h-10 rounded-full border-primary/30 text-primary hover:bg-secondary hover:text-forest-deep",
      ),
    ],
    ["tour-card-book", cn(buttonVariants(), "h-10 rounded-full")],
  ] as const)(".%s applies the component's class list", (className, expected) => {
    expect(applied(className)).toBe(expected);
  });
});

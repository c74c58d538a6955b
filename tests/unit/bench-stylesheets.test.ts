import path from "node:path";

import { describe, expect, it } from "vitest";

import { areaOnlyClasses, cssClasses } from "../../bench/stylesheets";

describe("bench: the classes a stylesheet styles", () => {
  it("reads class selectors unescaped, and no number in a value", () => {
    const css =
      ".px-4{padding-inline:calc(var(--spacing) * 4)}@media (width>=48rem){.md\\:px-6{padding:.5rem}}" +
      ".data-\\[state\\=open\\]\\:bg-accent[data-state=open]{color:red}.icon{width:24px}";
    expect([...cssClasses(css)].sort()).toEqual(
      ["data-[state=open]:bg-accent", "icon", "md:px-6", "px-4"].sort(),
    );
  });
});

describe("bench: account- and admin-only classes", () => {
  const only = areaOnlyClasses(path.resolve(import.meta.dirname, "../.."));

  it("are classes of those areas' sources that no public source has", () => {
    expect(only.size).toBeGreaterThan(0);
    // The public header uses it too: not area-only.
    expect(only.has("container-page")).toBe(false);
    expect(only.has("flex")).toBe(false);
  });
});

import { readFileSync } from "node:fs";

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ICON_SPRITE_URL, MapPin, spriteIdOf, Star } from "@/components/icons";
import { buildIconSprite, SPRITE_FILE, spriteIcons } from "@/scripts/icon-sprite";

describe("icon sprite", () => {
  it("public/icons.svg is the sprite of components/icons.tsx (else run `npm run icons`)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(buildIconSprite());
  });

  it("has one symbol per exported icon, drawn from lucide", () => {
    const sprite = buildIconSprite();
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(spriteIcons().map((icon) => icon.spriteId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(sprite).toContain('<symbol id="map-pin" viewBox="0 0 24 24"><path d="M20 10c0');
  });

  it("names symbols after lucide's kebab-case icon names", () => {
    expect(spriteIdOf("MapPin")).toBe("map-pin");
    expect(spriteIdOf("MessageSquareText")).toBe("message-square-text");
    expect(spriteIdOf("X")).toBe("x");
  });

  it("renders an icon as a reference into the sprite, hidden from assistive technology", () => {
    const html = renderToStaticMarkup(createElement(MapPin, { className: "size-4 text-primary" }));
    expect(html).toBe(
      `<svg aria-hidden="true" class="icon size-4 text-primary"><use href="${ICON_SPRITE_URL}#map-pin"></use></svg>`,
    );
  });

  it("keeps a labelled icon visible to assistive technology", () => {
    const html = renderToStaticMarkup(createElement(Star, { "aria-label": "Rated 4.9" }));
    expect(html).toContain('aria-label="Rated 4.9"');
    expect(html).not.toContain("aria-hidden");
  });
});

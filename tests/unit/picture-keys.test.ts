/**
 * The names of stored pictures by their owner: a tour's keep every form they ever had, a lodge's
 * live under its own id, and a request can name one kind's key only where that kind is meant.
 */
import { describe, expect, it } from "vitest";

import {
  contentTypeOfKey,
  InvalidStorageKeyError,
  isMediaBaseKey,
  isStorageKey,
  mediaBaseKey,
  thumbnailBaseKey,
  variantKey,
} from "@/lib/storage/picture";

const TOUR = "0b6f2a47-3a55-4f6e-9a1e-6c1b2d3e4f50";
const LODGE = "7d1e9c3a-1b2c-4d5e-8f90-a1b2c3d4e5f6";
const NOW = 1_764_300_000_000;

describe("a tour's picture keys", () => {
  it("are built as before, under tours/{tourId}/", () => {
    expect(mediaBaseKey(TOUR, NOW)).toMatch(
      new RegExp(`^tours/${TOUR}/media/${NOW}-[a-z0-9]{12}$`),
    );
    expect(thumbnailBaseKey(TOUR, NOW)).toMatch(
      new RegExp(`^tours/${TOUR}/thumbnail-${NOW}-[a-z0-9]{12}$`),
    );
  });

  it("accept the current and the older slug form, and never a lodge's", () => {
    expect(isMediaBaseKey(`tours/${TOUR}/media/${NOW}-abc123`)).toBe(true);
    expect(isMediaBaseKey("gorilla-safari/media/1700000000000-abc123")).toBe(true);
    expect(isMediaBaseKey(`lodges/${LODGE}/media/${NOW}-abc123`)).toBe(false);
  });
});

describe("a lodge's picture keys", () => {
  it("live under lodges/{lodgeId}/media/, each upload with its own version", () => {
    const one = mediaBaseKey(LODGE, NOW, "lodges");
    const two = mediaBaseKey(LODGE, NOW, "lodges");
    expect(one).toMatch(new RegExp(`^lodges/${LODGE}/media/${NOW}-[a-z0-9]{12}$`));
    expect(one).not.toBe(two);
    const variant = variantKey(one, 480);
    expect(isStorageKey(variant)).toBe(true);
    expect(contentTypeOfKey(variant)).toBe("image/webp");
  });

  it("are named by a request only in their own form: no tour or slug key, no traversal", () => {
    expect(isMediaBaseKey(`lodges/${LODGE}/media/${NOW}-abc123`, "lodges")).toBe(true);
    expect(isMediaBaseKey(`tours/${TOUR}/media/${NOW}-abc123`, "lodges")).toBe(false);
    expect(isMediaBaseKey("gorilla-safari/media/1700000000000-abc123", "lodges")).toBe(false);
    expect(isMediaBaseKey(`lodges/${LODGE}/media/../../etc`, "lodges")).toBe(false);
    expect(isMediaBaseKey(`lodges/${LODGE.toUpperCase()}/media/1-a`, "lodges")).toBe(false);
  });

  it("refuse an owner id that is not a lower-case uuid", () => {
    expect(() => mediaBaseKey("../tours", NOW, "lodges")).toThrow(InvalidStorageKeyError);
    expect(() => mediaBaseKey(LODGE.toUpperCase(), NOW, "lodges")).toThrow(InvalidStorageKeyError);
  });
});

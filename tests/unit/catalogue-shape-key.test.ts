import { getTableColumns } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";

import { tours } from "@/db/schema";
import { catalogueShapeKey } from "@/lib/tours/data/catalogue";
import { shapeKey } from "@/lib/shape-key";

// The catalogue's data cache keys hold catalogueShapeKey(): a deploy whose tour has another shape
// never reads the entries cached by the last one, with no version to bump by hand.
const columns = getTableColumns(tours);
const variants = getTableColumns(
  pgTable("tours_variants", {
    maxAltitudeMetres: integer("max_altitude_metres"),
    maxAltitudeText: text("max_altitude_metres"),
    difficultyRequired: text("difficulty").notNull(),
    difficultyNullable: text("difficulty"),
  }),
);
const current = catalogueShapeKey();

describe("catalogue cache key", () => {
  it("is computed from the tours table, whatever the order of its columns", () => {
    expect(catalogueShapeKey(columns)).toBe(current);
    expect(catalogueShapeKey(Object.fromEntries(Object.entries(columns).reverse()))).toBe(current);
  });

  it("changes when a column is added to the tours table", () => {
    expect(
      catalogueShapeKey({ ...columns, maxAltitudeMetres: variants.maxAltitudeMetres }),
    ).not.toBe(current);
  });

  it("changes when a column is removed or renamed", () => {
    const { difficulty, ...rest } = columns;
    expect(catalogueShapeKey(rest)).not.toBe(current);
    expect(catalogueShapeKey({ ...rest, level: difficulty })).not.toBe(current);
  });

  it("changes when a column changes its SQL type or its nullability", () => {
    const withAltitude = catalogueShapeKey({
      ...columns,
      maxAltitudeMetres: variants.maxAltitudeMetres,
    });
    expect(catalogueShapeKey({ ...columns, maxAltitudeMetres: variants.maxAltitudeText })).not.toBe(
      withAltitude,
    );
    expect(catalogueShapeKey({ ...columns, difficulty: variants.difficultyNullable })).not.toBe(
      current,
    );
    expect(catalogueShapeKey({ ...columns, difficulty: variants.difficultyRequired })).toBe(
      current,
    );
  });

  it("stays when only a staff-only column changes (the catalogue does not read it)", () => {
    const { tags: _, ...rest } = columns;
    expect(catalogueShapeKey(rest)).toBe(current);
  });

  it("changes when the row mapping changes", () => {
    const toDetail = (row: { updatedAt: Date }) => ({
      ...row,
      updatedAt: row.updatedAt.toISOString(),
    });
    const toDetailKeepingDate = (row: { updatedAt: Date }) => ({ ...row });
    expect(shapeKey({ detail: columns }, [toDetail])).toBe(
      shapeKey({ detail: columns }, [toDetail]),
    );
    expect(shapeKey({ detail: columns }, [toDetailKeepingDate])).not.toBe(
      shapeKey({ detail: columns }, [toDetail]),
    );
  });
});

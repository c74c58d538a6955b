import { describe, expect, it } from "vitest";

import { routeMap } from "@/lib/proposals/route-map";

const entebbe = { name: "Entebbe", lat: 0.05, lng: 32.46 };
const bwindi = { name: "Bwindi", lat: -1.05, lng: 29.65 };
const murchison = { name: "Murchison Falls", lat: 2.28, lng: 31.8 };

describe("the proposal's route line", () => {
  it("joins the days' places in day order inside the box, west to the left and north up", () => {
    const map = routeMap([
      { ...entebbe, day: 1 },
      { ...bwindi, day: 2 },
      { ...murchison, day: 4 },
    ]);
    expect(map).not.toBeNull();
    const [e, b, m] = map!.points;
    expect(map!.points.map((p) => p.name)).toEqual(["Entebbe", "Bwindi", "Murchison Falls"]);
    for (const p of map!.points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(map!.width);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(map!.height);
    }
    expect(b!.x).toBeLessThan(e!.x); // Bwindi lies west of Entebbe
    expect(m!.y).toBeLessThan(e!.y); // Murchison lies north
    expect(b!.y).toBeGreaterThan(e!.y);
    expect(map!.path).toBe(`M ${e!.x} ${e!.y} L ${b!.x} ${b!.y} L ${m!.x} ${m!.y}`);
  });

  it("marks a place once with every day that ends there, and draws no step for a night in the same place", () => {
    const map = routeMap([
      { ...entebbe, day: 1 },
      { ...bwindi, day: 2 },
      { ...bwindi, day: 3 },
      { ...entebbe, day: 4 },
    ]);
    expect(map!.points.map((p) => [p.name, p.days])).toEqual([
      ["Entebbe", [1, 4]],
      ["Bwindi", [2, 3]],
    ]);
    expect(map!.path.split(" L ")).toHaveLength(3);
  });

  it("centres a trip that stays in one place, and draws nothing without coordinates", () => {
    const one = routeMap([{ ...bwindi, day: 1 }], { width: 300 });
    expect(one!.points[0]).toMatchObject({ x: 150, y: one!.height / 2 });
    expect(routeMap([{ name: "Nowhere", lat: Number.NaN, lng: 30, day: 1 }])).toBeNull();
    expect(routeMap([])).toBeNull();
  });

  it("keeps a long north-south route within its greatest height", () => {
    const map = routeMap(
      [
        { name: "Kidepo", lat: 3.9, lng: 33.85, day: 1 },
        { ...bwindi, day: 5 },
      ],
      { width: 320, maxHeight: 200 },
    );
    expect(map!.height).toBe(200);
    const ys = map!.points.map((p) => p.y);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(28);
    expect(Math.max(...ys)).toBeLessThanOrEqual(200 - 28);
  });
});

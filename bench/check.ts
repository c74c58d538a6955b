/**
 * One budget's result, as every part of `npm run bench` reports it (bench/results.json "checks").
 * `floor`: what the framework floor measures for the same check.
 */
export type Check = {
  name: string;
  value: string;
  floor: string;
  budget: string;
  ok: boolean | null;
  /** Over budget, but the floor itself is: why, measured (not counted as exceeded). */
  floorBound?: string;
};

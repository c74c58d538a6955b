/**
 * The arithmetic of the bench's throughput part (bench/throughput.ts): medians of the rounds,
 * the floor's spread and rate that decide whether the host can be measured, and the ratios the
 * table prints and the budgets hold.
 */
import { describe, expect, it } from "vitest";

import {
  hostVerdict,
  measureThroughput,
  median,
  refusalMessage,
  roundRatios,
  spread,
  type TargetResult,
  type ThroughputResult,
  throughputChecks,
  throughputTableRows,
} from "../../bench/throughput";

const limits = { minFloorRps: 1000, maxFloorSpread: 0.25 };

function target(
  label: string,
  role: TargetResult["role"],
  rps: number[],
  extra: Partial<TargetResult> = {},
): TargetResult {
  return {
    label,
    role,
    rps,
    cpuUsPerRequest: rps.map(() => 500),
    p50: rps.map(() => 5),
    p99: rps.map(() => 9),
    non2xx: 0,
    errors: 0,
    ...extra,
  };
}

function result(targets: TargetResult[]): ThroughputResult {
  const floor = targets.find((t) => t.role === "floor")!;
  return {
    settings: { rounds: floor.rps.length, seconds: 5, connections: 10, pinned: true },
    targets,
    host: hostVerdict(floor, limits),
  };
}

describe("median and spread", () => {
  it("takes the middle round, or the mean of the two middle ones", () => {
    expect(median([1900, 1700, 1800])).toBe(1800);
    expect(median([1800, 1900])).toBe(1850);
    expect(median([])).toBeNaN();
  });

  it("says how far the slowest round is under the fastest", () => {
    expect(spread([1800, 1800])).toBe(0);
    expect(spread([1500, 2000, 1900])).toBeCloseTo(0.25);
  });
});

describe("the host's verdict", () => {
  it("accepts a floor that serves a quiet host's rate in rounds that agree", () => {
    const verdict = hostVerdict({ rps: [1850, 1900, 1820], non2xx: 0, errors: 0 }, limits);
    expect(verdict.ok).toBe(true);
    expect(verdict.reasons).toEqual([]);
  });

  it("refuses when a round of the floor page is under the sane rate", () => {
    const verdict = hostVerdict({ rps: [1100, 950], non2xx: 0, errors: 0 }, limits);
    expect(verdict.ok).toBe(false);
    expect(verdict.reasons).toEqual([
      "the floor page served 950 req/s in a round (rounds: 1100, 950), under the 1000 req/s a quiet host of this kind serves",
    ]);
  });

  it("refuses when the floor's rounds are further apart than the spread allows", () => {
    const verdict = hostVerdict({ rps: [1900, 1300], non2xx: 0, errors: 0 }, limits);
    expect(verdict.ok).toBe(false);
    expect(verdict.reasons).toEqual([
      "the floor page's rounds are 32 % apart (1900, 1300), more than 25 %",
    ]);
    // Just inside the spread: measured.
    expect(hostVerdict({ rps: [1900, 1430], non2xx: 0, errors: 0 }, limits).ok).toBe(true);
  });

  it("refuses a floor that answered errors, and says so in the message", () => {
    const verdict = hostVerdict({ rps: [1900, 1880], non2xx: 3, errors: 1 }, limits);
    expect(verdict.ok).toBe(false);
    expect(refusalMessage(verdict)).toContain("The host is too busy to measure the site");
    expect(refusalMessage(verdict)).toContain("the floor page answered 3 non-2xx and 1 errors");
    expect(refusalMessage(verdict)).toContain("--min-floor-rps=1000");
  });
});

describe("ratios and budgets", () => {
  const quiet = result([
    target("floor /", "floor", [2000, 1800, 1900]),
    target("/images/tours/gorilla-safari.svg", "static", [2500, 2400, 2450]),
    target("/", "page", [1700, 1350, 1520]),
    target("/tours", "page", [1400, 1300, 1350]),
    target("/robots.txt", "robots", [2000, 1900, 2100]),
  ]);

  it("divides each round by the same round's base and takes the median", () => {
    const r = roundRatios([1700, 1350, 1520], [2000, 1800, 1900]);
    expect(r.rounds).toEqual([0.85, 0.75, 0.8]);
    expect(r.median).toBe(0.8);
  });

  it("prints every round, the median and both ratios", () => {
    expect(throughputTableRows(quiet)).toEqual([
      ["floor /", "2000 1800 1900", "1900", "-", "0.78 (0.80 0.75 0.78)", "500", "0/0"],
      [
        "/images/tours/gorilla-safari.svg",
        "2500 2400 2450",
        "2450",
        "1.29 (1.25 1.33 1.29)",
        "-",
        "500",
        "0/0",
      ],
      [
        "/",
        "1700 1350 1520",
        "1520",
        "0.80 (0.85 0.75 0.80)",
        "0.62 (0.68 0.56 0.62)",
        "500",
        "0/0",
      ],
      [
        "/tours",
        "1400 1300 1350",
        "1350",
        "0.71 (0.70 0.72 0.71)",
        "0.55 (0.56 0.54 0.55)",
        "500",
        "0/0",
      ],
      [
        "/robots.txt",
        "2000 1900 2100",
        "2000",
        "1.06 (1.00 1.06 1.11)",
        "0.80 (0.80 0.79 0.86)",
        "500",
        "0/0",
      ],
    ]);
  });

  it("holds pages to the floor page and /robots.txt to the static file", () => {
    const checks = throughputChecks(quiet);
    expect(checks.map((c) => [c.name, c.budget, c.ok])).toEqual([
      ["Throughput / vs floor page", ">= 0.8 of the floor page", true],
      ["Throughput /tours vs floor page", ">= 0.8 of the floor page", false],
      ["Throughput /robots.txt vs static file", ">= 0.8 of the static file", true],
    ]);
    expect(checks[1]!.value).toBe("1350 req/s, 0.71 (rounds 0.70, 0.72, 0.71)");
    expect(checks[2]!.floor).toBe("2450 req/s");
  });

  it("fails a page that answered errors even at a good ratio", () => {
    const checks = throughputChecks(
      result([
        target("floor /", "floor", [1900, 1900]),
        target("/", "page", [1800, 1800], { non2xx: 12 }),
      ]),
    );
    expect(checks[0]!.ok).toBe(false);
    expect(checks[0]!.value).toContain("12 non-2xx");
  });

  it("reports no ratio as a result on a host it refused", () => {
    const busy = result([
      target("floor /", "floor", [1200, 700]),
      target("/", "page", [1100, 650]),
      target("/robots.txt", "robots", [900, 800]),
    ]);
    expect(busy.host.ok).toBe(false);
    const checks = throughputChecks(busy);
    expect(checks.map((c) => [c.value, c.ok])).toEqual([
      ["host too busy to measure", null],
      ["host too busy to measure", null],
    ]);
  });
});

describe("what the stack allows", () => {
  const rounds = result([
    target("floor /", "floor", [2000, 2000]),
    target("/images/tours/gorilla-safari.svg", "static", [3000, 3000]),
    target("/", "page", [1000, 1000]),
    target("/robots.txt", "robots", [900, 900]),
    target("floor /sized/85000 (as /)", "stack-page", [1300, 1300]),
    target("floor /robots.txt", "stack-robots", [1200, 1200]),
  ]);

  it("prints the floor's page of a page's size beside the floor page, its robots.txt beside the file", () => {
    const rows = throughputTableRows(rounds);
    expect(rows[4]!.slice(0, 4)).toEqual([
      "floor /sized/85000 (as /)",
      "1300 1300",
      "1300",
      "0.65 (0.65 0.65)",
    ]);
    expect(rows[5]![4]).toBe("0.40 (0.40 0.40)");
  });

  it("holds them to no budget", () => {
    expect(throughputChecks(rounds).map((c) => c.name)).toEqual([
      "Throughput / vs floor page",
      "Throughput /robots.txt vs static file",
    ]);
  });
});

describe("the rounds", () => {
  it("runs the warm-up rounds first and counts only the rounds after them, alternating on", async () => {
    const calls: string[] = [];
    let served = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => new Response("ok")) as typeof fetch;
    try {
      const measured = await measureThroughput({
        targets: [
          { label: "floor /", role: "floor", url: "http://floor/" },
          { label: "/", role: "page", url: "http://site/" },
        ],
        autocannon: async ({ url, duration }) => {
          calls.push(`${url} ${duration}`);
          served += 1000;
          return {
            requests: { average: served, total: served * duration },
            latency: { p50: 1, p99: 2 },
            non2xx: 0,
            errors: 0,
            timeouts: 0,
          };
        },
        rounds: 2,
        seconds: 5,
        warmupSeconds: 2,
        warmupRounds: 1,
        connections: 10,
        pinned: false,
      });
      expect(calls).toEqual([
        "http://floor/ 2",
        "http://site/ 2",
        // the warm-up round, not counted
        "http://floor/ 5",
        "http://site/ 5",
        // counted: backward, then forward
        "http://site/ 5",
        "http://floor/ 5",
        "http://floor/ 5",
        "http://site/ 5",
      ]);
      expect(measured.targets.map((t) => [t.label, t.rps])).toEqual([
        ["floor /", [6000, 7000]],
        ["/", [5000, 8000]],
      ]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

import { benchConfig } from "./vitest-base";

/**
 * `npx vitest run --config bench/admin-lists.config.ts`: the admin list bench
 * (bench/admin-lists.bench.ts) on the Postgres server (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres). Run by `npm run bench` (bench/run.ts) too.
 */
export default benchConfig({
  include: ["bench/admin-lists.bench.ts"],
  pool: "forks",
  maxWorkers: 1,
  // The export measure collects garbage before it starts (global.gc).
  execArgv: ["--expose-gc"],
  testTimeout: 600_000,
  hookTimeout: 600_000,
});

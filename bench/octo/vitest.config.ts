import { benchConfig } from "../vitest-base";

// The OCTO API bench (bench/octo/bench.test.ts), run by bench/run.ts (`npm run bench -- --octo`).
export default benchConfig({
  include: ["bench/octo/bench.test.ts"],
  testTimeout: 30 * 60_000,
  hookTimeout: 30 * 60_000,
});

import { benchConfig } from "../vitest-base";

// The admin bookings bench (bench/admin-bookings/bench.test.ts), run by bench/run.ts.
export default benchConfig({
  include: ["bench/admin-bookings/bench.test.ts"],
  testTimeout: 30 * 60_000,
  hookTimeout: 30 * 60_000,
});

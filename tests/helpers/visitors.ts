/** Who calls an integration test's actions: each test a new visitor, as a browser of its own. */
import { beforeEach } from "vitest";

import { resetRateLimits } from "@/lib/rate-limit";

import { newVisitor } from "./fake-request";

/**
 * Before each test of the file: a new visitor from an address of its own in `network` (its first
 * three parts, '192.0.2'), the rate limits reset, so that no test is refused for another's calls.
 * Returns the way to a further new visitor inside a test (its own next address).
 */
export function aNewVisitorEachTest(network: string): () => void {
  let n = 0;
  const nextVisitor = () => newVisitor(`${network}.${(n++ % 250) + 1}`);
  beforeEach(() => {
    nextVisitor();
    resetRateLimits();
  });
  return nextVisitor;
}

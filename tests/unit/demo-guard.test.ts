/**
 * Well-known demo accounts (docs/decisions/0006): a production server that finds them and listens
 * beyond loopback refuses to start; on loopback (the demo, the end-to-end tests) it starts with
 * a warning. The demo passwords pass the site's own password rules.
 */
import { describe, expect, it } from "vitest";

import { DEMO_ACCOUNTS } from "@/db/seed";
import { demoStartDecision, isLoopbackHost, listenHostOf } from "@/lib/accounts/demo-guard";
import { parseEnv } from "@/lib/env";
import { newPasswordProblem } from "@/lib/accounts/password-rules";

const demo = ["admin@demo.breatheuganda.com", "traveller@demo.breatheuganda.com"];

describe("demoStartDecision", () => {
  it("refuses a production server with demo accounts that listens beyond loopback, saying why", () => {
    for (const host of [undefined, "0.0.0.0", "::", "203.0.113.7", "breatheuganda.com"]) {
      const decision = demoStartDecision({ production: true, demoAccounts: demo, host });
      expect(decision.action, String(host)).toBe("refuse");
      expect(decision.action === "refuse" && decision.message).toMatch(
        /^Refusing to start: the database holds the demo accounts \(admin@demo\.breatheuganda\.com, traveller@demo\.breatheuganda\.com\)/,
      );
    }
  });

  it("starts on loopback with a warning", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.1.1"]) {
      const decision = demoStartDecision({ production: true, demoAccounts: demo, host });
      expect(decision.action, host).toBe("warn");
      expect(decision.action === "warn" && decision.message).toMatch(/passwords are public/);
    }
  });

  it("starts without a word when there are no demo accounts; development only warns", () => {
    expect(demoStartDecision({ production: true, demoAccounts: [], host: "0.0.0.0" })).toEqual({
      action: "start",
    });
    expect(
      demoStartDecision({ production: false, demoAccounts: demo, host: undefined }).action,
    ).toBe("warn");
  });
});

describe("the listening host", () => {
  it("is next start's -H / --hostname, else every interface", () => {
    const node = ["/usr/bin/node", "node_modules/.bin/next", "start"];
    expect(listenHostOf([...node, "-p", "3000", "-H", "127.0.0.1"])).toBe("127.0.0.1");
    expect(listenHostOf([...node, "--hostname", "0.0.0.0"])).toBe("0.0.0.0");
    expect(listenHostOf([...node, "--hostname=localhost"])).toBe("localhost");
    expect(listenHostOf([...node, "-p", "3000"])).toBeUndefined();
  });

  it("loopback is 127/8, ::1 and localhost only", () => {
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("::ffff:127.0.0.1")).toBe(true);
    for (const host of [undefined, "", "0.0.0.0", "::", "10.0.0.5", "127.example.com", "localhost.evil.com"]) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });
});

describe("the demo", () => {
  it("is only on when DEMO asks for it", () => {
    expect(parseEnv({}).DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: "production" }).DEMO).toBe(false);
    expect(parseEnv({ DEMO: "1" }).DEMO).toBe(true);
    expect(parseEnv({ DEMO: "true" }).DEMO).toBe(true);
    expect(parseEnv({ DEMO: "0" }).DEMO).toBe(false);
  });

  it("accounts' passwords pass the site's own password rules", async () => {
    for (const { email, password } of Object.values(DEMO_ACCOUNTS)) {
      expect(await newPasswordProblem(password, email), email).toBeNull();
    }
  });
});

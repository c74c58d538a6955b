/**
 * The resellers' webhooks' pure rules (lib/resellers/webhooks.ts) and their setting
 * (lib/env.ts): a delivery's signature and how a receiver checks it, the doubling wait between
 * attempts and when they stop, the addresses a webhook may never reach in production, the URLs
 * and headers a reseller may register; and a reseller's net price per tour (lib/resellers/rules.ts).
 */
import { describe, expect, it } from "vitest";

import { parseEnv, privateWebhooksAllowed } from "@/lib/env";
import { resellerNet } from "@/lib/resellers/rules";
import {
  afterFailure,
  displayUrl,
  headersProblem,
  isPrivateAddress,
  MAX_WEBHOOK_ATTEMPTS,
  signatureOf,
  verifySignature,
  webhookBackoffMs,
  webhookUrlProblem,
} from "@/lib/resellers/webhooks";

describe("webhook signatures", () => {
  const secret = "whsec_test-secret";
  const body = '{"booking":{"uuid":"b1","status":"CONFIRMED"}}';

  it("signs the timestamp and the body with HMAC-SHA256, as a receiver checks it", () => {
    const header = signatureOf(secret, 1_800_000_000, body);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, header, body, 1_800_000_010)).toBe(true);
  });

  it("refuses another body, another secret, an old timestamp or a malformed header", () => {
    const header = signatureOf(secret, 1_800_000_000, body);
    expect(verifySignature(secret, header, `${body} `, 1_800_000_000)).toBe(false);
    expect(verifySignature("whsec_other", header, body, 1_800_000_000)).toBe(false);
    // Replayed ten minutes later: outside the five minutes a receiver allows.
    expect(verifySignature(secret, header, body, 1_800_000_600)).toBe(false);
    expect(
      verifySignature(secret, header.replace("t=1800000000", "t=1800000001"), body, 1_800_000_000),
    ).toBe(false);
    expect(verifySignature(secret, "v1=abc", body, 1_800_000_000)).toBe(false);
    expect(verifySignature(secret, null, body, 1_800_000_000)).toBe(false);
  });
});

describe("webhook retries", () => {
  it("waits 1, 2, 4, 8 ... minutes between attempts", () => {
    expect([1, 2, 3, 4, 5].map((n) => webhookBackoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16]);
  });

  it("gives up after the last attempt, or after the first when the webhook asked for no retries", () => {
    expect(afterFailure(1, true)).toEqual({ status: "pending", retryInMs: 60_000 });
    expect(afterFailure(MAX_WEBHOOK_ATTEMPTS - 1, true).status).toBe("pending");
    expect(afterFailure(MAX_WEBHOOK_ATTEMPTS, true)).toEqual({ status: "failed", retryInMs: 0 });
    expect(afterFailure(1, false)).toEqual({ status: "failed", retryInMs: 0 });
  });
});

describe("where a webhook may point", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.5",
    "192.168.1.10",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "[::1]",
    "not-an-address",
  ])("calls %s private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "41.210.128.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "calls %s public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it("refuses a URL of this machine or its network where private addresses are refused", () => {
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "https://localhost/hook",
      "https://[::1]/hook",
      "https://metadata.google.internal/computeMetadata",
      "http://169.254.169.254/latest/meta-data",
    ]) {
      expect(webhookUrlProblem(url, false), url).toBe("url must point to a public address");
      expect(webhookUrlProblem(url, true), url).toBeNull();
    }
    expect(webhookUrlProblem("https://reseller.example.com/octo/hooks", false)).toBeNull();
    expect(webhookUrlProblem("https://user:pass@reseller.example.com/hook", false)).toBeNull();
    expect(webhookUrlProblem("ftp://reseller.example.com/hook", true)).toBe(
      "url must start with https:// or http://",
    );
    expect(webhookUrlProblem("reseller.example.com/hook", true)).toBe(
      "url must be a full URL (https://...)",
    );
  });

  it("shows a URL without the password of its credentials", () => {
    expect(displayUrl("https://user:s3cret@reseller.example.com/hook")).toBe(
      "https://user:****@reseller.example.com/hook",
    );
    expect(displayUrl("https://reseller.example.com/hook")).toBe(
      "https://reseller.example.com/hook",
    );
  });

  it("lets a webhook send headers of its own, never HTTP's or the signature's", () => {
    expect(headersProblem({ Authorization: "Bearer abc", "X-Partner": "42" })).toBeNull();
    expect(headersProblem({ Host: "inside" })).toBe("headers: Host cannot be set");
    expect(headersProblem({ "X-Webhook-Signature": "forged" })).toBe(
      "headers: X-Webhook-Signature cannot be set",
    );
    expect(headersProblem({ "X-Bad": "a\r\nInjected: yes" })).toBe(
      "headers: X-Bad has an invalid value",
    );
    expect(headersProblem({ "Bad Name": "x" })).toBe("headers: Bad Name is not a header name");
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-H${i}`, "v"]));
    expect(headersProblem(many)).toBe("headers: at most 10");
  });

  it("allows private addresses outside production, in the demo, or where the setting says so", () => {
    expect(parseEnv({}).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(privateWebhooksAllowed(parseEnv({ NODE_ENV: "production" }))).toBe(false);
    expect(
      privateWebhooksAllowed(parseEnv({ NODE_ENV: "production", WEBHOOKS_ALLOW_PRIVATE: "1" })),
    ).toBe(true);
    expect(privateWebhooksAllowed(parseEnv({ NODE_ENV: "production", DEMO: "1" }))).toBe(true);
    expect(privateWebhooksAllowed(parseEnv({ NODE_ENV: "test" }))).toBe(true);
    expect(privateWebhooksAllowed(parseEnv({}))).toBe(true);
  });
});

describe("a reseller's net price", () => {
  const pricing = { commissionPercent: 20, tourNets: { gorilla: 95_000 } };

  it("is the tour's own net where it has one, else the retail price less the commission", () => {
    expect(resellerNet(pricing, "gorilla", 120_000)).toBe(95_000);
    // The departure's own price does not move a tour's net price.
    expect(resellerNet(pricing, "gorilla", 150_000)).toBe(95_000);
    expect(resellerNet(pricing, "nile", 50_000)).toBe(40_000);
  });
});

import { describe, expect, it } from "vitest";

import { env } from "@/lib/env";
import { payLinkToken, verifyPayLink } from "@/lib/payments/pay-link";
import {
  proposalLink,
  proposalLinkState,
  proposalToken,
  verifyProposalToken,
} from "@/lib/proposals/link";

const SECRET = "test-secret-for-proposal-links-0123456789";
const VERSION = "5f0c2b1e-8d3a-4c6b-9e7f-1a2b3c4d5e6f";
const now = new Date("2026-11-25T00:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe("proposal links", () => {
  it("opens its version until it expires", () => {
    const token = proposalToken(VERSION, inDays(14), SECRET);
    expect(verifyProposalToken(token, now, SECRET)?.versionId).toBe(VERSION);
    expect(verifyProposalToken(token, inDays(13), SECRET)?.versionId).toBe(VERSION);
    expect(verifyProposalToken(token, inDays(14), SECRET)).toBeNull();
  });

  it("mails the site's /proposal/<token> address", () => {
    const url = new URL(proposalLink(VERSION, new Date(Date.now() + 86_400_000)));
    expect(url.origin).toBe(env.SITE_URL);
    const [, path, token] = url.pathname.split("/");
    expect(path).toBe("proposal");
    expect(verifyProposalToken(token!)?.versionId).toBe(VERSION);
  });

  it("refuses a forged or altered token", () => {
    const token = proposalToken(VERSION, inDays(14), SECRET);
    expect(verifyProposalToken(token, now, "another-secret-0123456789abcdef012345")).toBeNull();
    const bytes = Buffer.from(token, "base64url");
    bytes[3] = bytes[3]! ^ 1;
    expect(verifyProposalToken(bytes.toString("base64url"), now, SECRET)).toBeNull();
    expect(verifyProposalToken("not-a-token", now, SECRET)).toBeNull();
    expect(verifyProposalToken("", now, SECRET)).toBeNull();
  });

  it("is not a pay link, and a pay link is not a proposal link", () => {
    const pay = payLinkToken(VERSION, inDays(14), SECRET);
    expect(verifyProposalToken(pay, now, SECRET)).toBeNull();
    expect(verifyPayLink(proposalToken(VERSION, inDays(14), SECRET), now, SECRET)).toBeNull();
  });

  it("tells an expired link of ours from one that is not ours", () => {
    const token = proposalToken(VERSION, inDays(14), SECRET);
    expect(proposalLinkState(token, now, SECRET)).toBe("valid");
    expect(proposalLinkState(token, inDays(15), SECRET)).toBe("expired");
    expect(proposalLinkState(token, now, "another-secret-0123456789abcdef012345")).toBe("invalid");
    expect(proposalLinkState(payLinkToken(VERSION, inDays(14), SECRET), now, SECRET)).toBe(
      "invalid",
    );
  });
});

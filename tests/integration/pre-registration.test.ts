/**
 * Pre-registration takeover (docs/decisions/0016): a stranger signs up first with someone else's
 * address and a password of their choosing. The real owner then signs up and verifies with the
 * link mailed to them. Only the password the verified link was mailed for may work; unverified
 * accounts expire after 7 days.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";

import { resendVerificationAction, signInAction, signUpAction } from "@/actions/accounts";
import * as verifyRoute from "@/app/api/auth/verify/route";
import { emailOutbox, users, verificationTokens } from "@/db/schema";
import { purgeExpiredSignUps } from "@/lib/accounts/data/pending-signups";
import { useTestDb } from "@/tests/helpers/db";
import { newVisitor } from "@/tests/helpers/fake-request";
import { latestMail, tokenIn } from "@/tests/helpers/outbox";
import { asFormData as form } from "@/tests/helpers/payloads";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

const STRANGER = "papyrus swamp at noon";
const OWNER = "kidepo valley at dawn";

let visitor = 0;
beforeEach(() => newVisitor(`192.0.2.${++visitor}`));

async function signUp(email: string, password: string, fullName: string) {
  const state = await signUpAction(undefined, form({ fullName, email, password }));
  expect(state).toMatchObject({ status: "success", title: "Account Created" });
  const mail = await latestMail(t.db, email, "verify-email");
  return tokenIn(mail!.textBody, "/api/auth/verify");
}

/** Opens a verification link in a fresh browser; where it lands. */
async function openLink(token: string) {
  newVisitor(`198.51.100.${++visitor}`);
  const url = new URL("http://localhost:3000/api/auth/verify");
  url.searchParams.set("token", token);
  const response = await verifyRoute.GET(new NextRequest(url));
  return response.headers.get("location");
}

async function signIn(email: string, password: string) {
  newVisitor(`198.51.100.${++visitor}`);
  return signInAction(undefined, form({ email, password }));
}

const WELCOME = { status: "success", title: "Welcome Back!" };
const REFUSED = { status: "error", title: "Sign In Failed", message: "Invalid email or password" };

describe("pre-registration takeover", () => {
  it("the owner who verifies gets their own password; the stranger's never works", async () => {
    const strangerLink = await signUp("victim@example.com", STRANGER, "Not The Owner");
    const ownerLink = await signUp("Victim@Example.com", OWNER, "Nakato Achieng");

    expect(await openLink(ownerLink)).toBe("/customer?notice=verified");
    expect(await signIn("victim@example.com", OWNER)).toMatchObject(WELCOME);
    expect(await signIn("victim@example.com", STRANGER)).toMatchObject(REFUSED);

    // The stranger's link (had they got hold of it) no longer does anything to the account.
    expect(await openLink(strangerLink)).toBe("/customer/auth?notice=link-invalid");
    expect(await signIn("victim@example.com", STRANGER)).toMatchObject(REFUSED);
    expect(await signIn("victim@example.com", OWNER)).toMatchObject(WELCOME);
  });

  it("the owner's link still works after the stranger signs up again", async () => {
    await signUp("victim2@example.com", STRANGER, "Not The Owner");
    const ownerLink = await signUp("victim2@example.com", OWNER, "Nakato Achieng");
    await signUp("victim2@example.com", STRANGER, "Not The Owner");

    expect(await openLink(ownerLink)).toBe("/customer?notice=verified");
    expect(await signIn("victim2@example.com", OWNER)).toMatchObject(WELCOME);
    expect(await signIn("victim2@example.com", STRANGER)).toMatchObject(REFUSED);
  });

  it("before verification no password signs in; each sign-up's own password is told 'unverified'", async () => {
    await signUp("pending@example.com", STRANGER, "Not The Owner");
    await signUp("pending@example.com", OWNER, "Nakato Achieng");
    const [user] = await t.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, "pending@example.com"));
    expect(user!.passwordHash).toBeNull();
    for (const password of [STRANGER, OWNER]) {
      expect(await signIn("pending@example.com", password)).toMatchObject({
        status: "error",
        code: "unverified",
      });
    }
    expect(await signIn("pending@example.com", "some other password")).toMatchObject(REFUSED);
  });

  it("a new link (resend) carries the newest sign-up's password and replaces its old link", async () => {
    const first = await signUp("resend@example.com", OWNER, "Nakato Achieng");
    const resent = await resendVerificationAction(undefined, form({ email: "resend@example.com" }));
    expect(resent).toMatchObject({ status: "success" });
    const second = tokenIn(
      (await latestMail(t.db, "resend@example.com", "verify-email"))!.textBody,
      "/api/auth/verify",
    );
    expect(second).not.toBe(first);
    expect(await openLink(first)).toBe("/customer/auth?notice=link-invalid");
    expect(await openLink(second)).toBe("/customer?notice=verified");
    expect(await signIn("resend@example.com", OWNER)).toMatchObject(WELCOME);
  });
});

describe("a new link with several sign-ups waiting", () => {
  it("is not sent: it could carry a stranger's password to the owner; each signs up again", async () => {
    const ownerLink = await signUp("contested@example.com", OWNER, "Nakato Achieng");
    await signUp("contested@example.com", STRANGER, "Not The Owner");
    const mailsBefore = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "contested@example.com"));

    const resent = await resendVerificationAction(
      undefined,
      form({ email: "contested@example.com" }),
    );
    // The same answer as ever (nothing told about the account), and no new link mailed.
    expect(resent).toMatchObject({ status: "success", title: "Verification Email Sent" });
    const mailsAfter = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "contested@example.com"));
    expect(mailsAfter).toHaveLength(mailsBefore.length);

    // The owner signs up again: their own new link sets their own password.
    const again = await signUp("contested@example.com", OWNER, "Nakato Achieng");
    expect(again).not.toBe(ownerLink);
    expect(await openLink(again)).toBe("/customer?notice=verified");
    expect(await signIn("contested@example.com", OWNER)).toMatchObject(WELCOME);
    expect(await signIn("contested@example.com", STRANGER)).not.toMatchObject(WELCOME);
  });
});

describe("unverified accounts expire after 7 days", () => {
  it("are purged with their links; verified accounts and recent sign-ups stay", async () => {
    const oldLink = await signUp("stale@example.com", STRANGER, "Not The Owner");
    await signUp("recent@example.com", OWNER, "Nakato Achieng");
    const keptLink = await signUp("kept@example.com", OWNER, "Nakato Achieng");
    expect(await openLink(keptLink)).toBe("/customer?notice=verified");
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(sql`${users.email} in ('stale@example.com', 'kept@example.com')`);

    await purgeExpiredSignUps(t.db);

    const emails = (await t.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).not.toContain("stale@example.com");
    expect(emails).toEqual(expect.arrayContaining(["recent@example.com", "kept@example.com"]));
    expect(await openLink(oldLink)).toBe("/customer/auth?notice=link-invalid");
    const orphans = await t.db
      .select({ identifier: verificationTokens.identifier })
      .from(verificationTokens)
      .where(
        and(
          like(verificationTokens.identifier, "verify:%"),
          sql`not exists (select 1 from ${users} where 'verify:' || ${users.id}::text = ${verificationTokens.identifier})`,
        ),
      );
    expect(orphans).toEqual([]);

    // The address is free again: a new sign-up makes a new account with a working link.
    const fresh = await signUp("stale@example.com", OWNER, "Nakato Achieng");
    expect(await openLink(fresh)).toBe("/customer?notice=verified");
    expect(await signIn("stale@example.com", OWNER)).toMatchObject(WELCOME);
    expect(await t.db.select().from(emailOutbox).limit(1)).toHaveLength(1);
  });
});

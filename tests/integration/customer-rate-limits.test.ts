/**
 * Signed-in actions are limited per account (lib/accounts/customer-limits.ts): the
 * (n+1)th call within a minute answers the 'Too many requests' toast and does nothing,
 * whatever address it comes from, while another account goes on unaffected.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { bookings, customerMessages } from "@/db/schema";
import { actAs, createWorld, WORLD_PASSWORD } from "@/tests/helpers/customer-world";
import { newVisitor } from "@/tests/helpers/fake-request";
import { openWorld } from "@/tests/helpers/world";
import { changePasswordAction, updateProfileAction } from "@/actions/accounts";
import { createCustomerBookingAction } from "@/actions/bookings";
import { replyToThreadAction, sendMessageAction } from "@/actions/messages";
import {
  BOOKINGS_PER_ACCOUNT,
  MESSAGES_PER_ACCOUNT,
  PASSWORD_CHECKS_PER_ACCOUNT,
  PROFILE_SAVES_PER_ACCOUNT,
} from "@/lib/accounts/customer-limits";
import { resetRateLimits } from "@/lib/rate-limit";

const t = openWorld(createWorld);

let n = 0;
beforeEach(() => {
  resetRateLimits();
});

const TOO_MANY = {
  status: "error",
  title: "Too Many Requests",
  message: "Too many requests, try again in 1 minute",
};

/** Each call from a new address: the limit is the account's, not the address's. */
async function fromNewAddress<T>(run: () => Promise<T>): Promise<T> {
  newVisitor(`198.18.50.${++n % 250}`);
  return run();
}

async function messageCount(userId: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(customerMessages)
    .where(eq(customerMessages.userId, userId));
  return row?.value ?? 0;
}

const booking = () => ({
  fullName: "Amelia Carter",
  phone: "+256 700 000 001",
  tour: "custom",
  groupSize: "2",
  terms: "true",
  idempotencyKey: crypto.randomUUID(),
});

describe("signed-in actions are limited per account", () => {
  it("messages: new messages and replies share one budget", async () => {
    actAs(t.w.a);
    for (let i = 0; i < MESSAGES_PER_ACCOUNT.perMinute - 1; i++) {
      expect(
        await fromNewAddress(() =>
          sendMessageAction(undefined, { subject: `Question ${i}`, message: "Hello" }),
        ),
      ).toMatchObject({ status: "success", title: "Message Sent" });
    }
    expect(
      await fromNewAddress(() =>
        replyToThreadAction(undefined, { threadId: t.w.threads.a, message: "One more thing" }),
      ),
    ).toMatchObject({ status: "success" });
    const before = await messageCount(t.w.a.id);
    expect(
      await fromNewAddress(() => sendMessageAction(undefined, { subject: "Flood", message: "x" })),
    ).toEqual({ ...TOO_MANY, values: { subject: "Flood", message: "x" } }); // what was typed is kept
    expect(
      await fromNewAddress(() =>
        replyToThreadAction(undefined, { threadId: t.w.threads.a, message: "flood" }),
      ),
    ).toMatchObject(TOO_MANY);
    expect(await messageCount(t.w.a.id)).toBe(before);

    actAs(t.w.b);
    expect(
      await sendMessageAction(undefined, { subject: "Hello", message: "From B" }),
    ).toMatchObject({ status: "success" });
  });

  it("customer bookings", async () => {
    actAs(t.w.a);
    for (let i = 0; i < BOOKINGS_PER_ACCOUNT.perMinute; i++) {
      expect(
        await fromNewAddress(() => createCustomerBookingAction(undefined, booking())),
      ).toMatchObject({ status: "success", title: "Booking Submitted!" });
    }
    const [before] = await t.db
      .select({ value: count() })
      .from(bookings)
      .where(eq(bookings.userId, t.w.a.id));
    expect(
      await fromNewAddress(() => createCustomerBookingAction(undefined, booking())),
    ).toMatchObject(TOO_MANY);
    const [after] = await t.db
      .select({ value: count() })
      .from(bookings)
      .where(eq(bookings.userId, t.w.a.id));
    expect(after!.value).toBe(before!.value);

    actAs(t.w.b);
    expect(await createCustomerBookingAction(undefined, booking())).toMatchObject({
      status: "success",
    });
  });

  it("profile saves", async () => {
    actAs(t.w.a);
    const save = (fullName: string) =>
      updateProfileAction(undefined, { fullName, email: t.w.a.email, phone: "", country: "" });
    for (let i = 0; i < PROFILE_SAVES_PER_ACCOUNT.perMinute; i++) {
      expect(await fromNewAddress(() => save(`Amelia ${i}`))).toMatchObject({
        status: "success",
        title: "Profile Updated",
      });
    }
    expect(await fromNewAddress(() => save("Amelia Flood"))).toMatchObject(TOO_MANY);

    actAs(t.w.b);
    expect(
      await updateProfileAction(undefined, { fullName: "Brian O.", email: t.w.b.email }),
    ).toMatchObject({ status: "success" });
  });

  it("current-password checks: Change Password and an email change share one budget", async () => {
    actAs(t.w.a);
    const guess = (i: number) =>
      changePasswordAction(undefined, {
        currentPassword: `guess number ${i}`,
        newPassword: "a perfectly new passphrase",
        confirmPassword: "a perfectly new passphrase",
      });
    for (let i = 0; i < PASSWORD_CHECKS_PER_ACCOUNT.perMinute - 1; i++) {
      expect(await fromNewAddress(() => guess(i))).toMatchObject({
        status: "invalid",
        fieldErrors: { currentPassword: ["Your current password is incorrect."] },
      });
    }
    // An email change with a guessed password spends the same budget.
    expect(
      await fromNewAddress(() =>
        updateProfileAction(undefined, {
          fullName: "Amelia Carter",
          email: "elsewhere@example.com",
          currentPassword: "another guess",
        }),
      ),
    ).toMatchObject({ status: "invalid" });
    // Now even the right password is not checked.
    expect(
      await fromNewAddress(() =>
        changePasswordAction(undefined, {
          currentPassword: WORLD_PASSWORD,
          newPassword: "a perfectly new passphrase",
          confirmPassword: "a perfectly new passphrase",
        }),
      ),
    ).toMatchObject(TOO_MANY);

    actAs(t.w.b);
    expect(await guess(99)).toMatchObject({
      status: "invalid",
      fieldErrors: { currentPassword: ["Your current password is incorrect."] },
    });
  });
});

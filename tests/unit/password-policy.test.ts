/**
 * Passwords: 8 to 128 characters, no composition rules, not one of the 10,000 most common (server
 * side: lib/accounts/password-rules.ts); hashing with scrypt.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { getDummyHash, hashPassword, verifyPassword } from "@/lib/accounts/password";
import { COMMON_PASSWORDS_CHECKED, isCommonPassword, newPasswordProblem } from "@/lib/accounts/password-rules";
import { newPasswordField, PASSWORD_PROBLEM_MESSAGES, signInSchema, signUpSchema } from "@/lib/accounts/schemas/sign-in";

describe("password policy", () => {
  it("accepts 8 to 128 characters of anything, with no composition rules", () => {
    for (const ok of [
      "aaaaaaaa",
      "87140552",
      "correct horse battery staple",
      "ñandú-über-Ωmega",
      "        ",
      "a".repeat(128),
    ]) {
      expect(newPasswordField.safeParse(ok).success, ok).toBe(true);
    }
  });

  it(`the server refuses the ${COMMON_PASSWORDS_CHECKED} most common passwords, in any case`, async () => {
    for (const common of ["12345678", "password", "Password1", "QWERTYUIOP", "iloveyou", "sunshine"]) {
      expect(await isCommonPassword(common), common).toBe(true);
    }
    for (const fine of ["87140552", "kidepo valley at dawn", "gorilla-trek-2026"]) {
      expect(await isCommonPassword(fine), fine).toBe(false);
    }
    expect(await newPasswordProblem("12345678", "someone@example.com")).toBe("common");
    expect(PASSWORD_PROBLEM_MESSAGES.common).toBe("This password is too common. Please choose another.");
    expect(await newPasswordProblem("someone's safari", "Someone@example.com")).toBe("contains_email_name");
    expect(PASSWORD_PROBLEM_MESSAGES.contains_email_name).toBe("Password must not contain your email name");
    expect(await newPasswordProblem("kidepo valley at dawn", "someone@example.com")).toBeNull();
  });

  it("refuses fewer than 8 and more than 128 characters", () => {
    expect(newPasswordField.safeParse("1234567").error?.issues[0]?.message).toBe(
      "Password must be at least 8 characters",
    );
    expect(newPasswordField.safeParse("a".repeat(129)).error?.issues[0]?.message).toBe(
      "Password must be at most 128 characters",
    );
    expect(newPasswordField.safeParse("").success).toBe(false);
  });

  it("holds for any string by its length alone", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(newPasswordField.safeParse(s).success).toBe(s.length >= 8 && s.length <= 128);
      }),
    );
  });

  it("sign-up needs a full name, an email and a password; the phone is optional", () => {
    const ok = signUpSchema.safeParse({
      fullName: " Amelia ",
      email: " Amelia@Example.COM ",
      password: "long enough",
    });
    expect(ok.success && ok.data).toEqual({
      fullName: "Amelia",
      email: "amelia@example.com",
      password: "long enough",
      phone: "",
    });
    const missing = signUpSchema.safeParse({ fullName: "", email: "nope", password: "short" });
    expect(Object.keys(missing.error?.flatten().fieldErrors ?? {}).sort()).toEqual([
      "email",
      "fullName",
      "password",
    ]);
  });

  it("sign-in accepts any stored password (no minimum) but bounds its length", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(signInSchema.safeParse({ email: "a@b.co", password: "" }).success).toBe(false);
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x".repeat(129) }).success).toBe(
      false,
    );
  });
});

describe("password hashing", () => {
  it("stores a salted scrypt hash that verifies only the right password", async () => {
    const a = await hashPassword("gorilla-trek-2026");
    const b = await hashPassword("gorilla-trek-2026");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("gorilla");
    expect(await verifyPassword("gorilla-trek-2026", a)).toBe(true);
    expect(await verifyPassword("gorilla-trek-2025", a)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
    expect(await verifyPassword("anything", await getDummyHash())).toBe(false);
  });
});

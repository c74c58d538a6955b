/** Account form rules added by the security review: sign-up name, the email-name rule. */
import { describe, expect, it } from "vitest";

import {
  EMAIL_NAME_MESSAGE,
  emailNamePart,
  resetPasswordSchema,
  signUpSchema,
} from "@/lib/accounts/schemas/sign-in";
import { expectOutputs } from "@/tests/helpers/tables";

const signUp = (fields: Record<string, string>) =>
  signUpSchema.safeParse({
    fullName: "Amelia Carter",
    email: "amelia.carter@example.com",
    password: "crater lakes at dusk",
    ...fields,
  });
const errorsOf = (result: ReturnType<typeof signUp>) =>
  result.success ? {} : result.error.flatten().fieldErrors;

describe("sign-up full name", () => {
  it.each([
    ["<b>Amelia</b>", "Full name cannot contain HTML tags"],
    ["<script>alert(1)</script>", "Full name cannot contain HTML tags"],
    ["Amelia\u0000Carter", "Full name contains characters that are not allowed"],
    ["Amelia\nCarter", "Full name contains characters that are not allowed"],
    ["Amelia\u001bCarter", "Full name contains characters that are not allowed"],
  ])("refuses %j", (fullName, message) => {
    expect(errorsOf(signUp({ fullName })).fullName).toEqual([message]);
  });

  it("keeps ordinary names, apostrophes and accents included", () => {
    for (const fullName of [
      "Amelia Carter",
      "O'Neil Ssempala",
      "Zoë Nakato-Achieng",
      "I <3 Uganda",
    ]) {
      expect(signUp({ fullName }).success, fullName).toBe(true);
    }
    expect(errorsOf(signUp({ fullName: "  " })).fullName).toEqual(["Full name is required"]);
  });
});

describe("the email-name rule", () => {
  it("takes the local part without a +tag, from 4 characters", () => {
    expectOutputs(emailNamePart, [
      ["Amelia.Carter+tours@example.com", "amelia.carter"],
      ["okello@example.com", "okello"],
      ["ann@example.com", null],
      ["jo+safari@example.com", null],
    ]);
  });

  it("refuses a sign-up password containing it, in any case, on the password field", () => {
    for (const password of ["amelia.carter2026", "My AMELIA.CARTER pass", "xxAmelia.Carterxx"]) {
      expect(errorsOf(signUp({ password })).password, password).toEqual([EMAIL_NAME_MESSAGE]);
    }
    expect(signUp({ password: "amelia and carter" }).success).toBe(true);
    expect(signUp({ email: "ann@example.com", password: "planning a safari" }).success).toBe(true);
  });

  it("leaves the reset form to the server (it knows no email)", () => {
    expect(
      resetPasswordSchema.safeParse({
        token: "t",
        password: "crater lakes at dusk",
        confirmPassword: "crater lakes at dusk",
      }).success,
    ).toBe(true);
  });
});

"use client";

import { type FieldProps, type InputProps, TextField } from "./form-field";
import { PasswordInput } from "./password-input";

/**
 * A password with show/hide: `current` for signing in or confirming, `new` for one being chosen
 * (the browser offers to generate and save it).
 */
export function PasswordField({
  kind,
  ...props
}: FieldProps & Omit<InputProps, "type"> & { kind: "current" | "new" }) {
  return (
    <TextField
      as={PasswordInput}
      autoComplete={`${kind}-password`}
      maxLength={128}
      required
      {...props}
    />
  );
}

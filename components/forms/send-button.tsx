"use client";

import { Send } from "lucide-react";

import { SubmitButton } from "./form-field";

/** A form's submit that sends a message (contact, support, replies): 'Sending...' while busy. */
export function SendButton({
  children,
  ...props
}: Omit<React.ComponentProps<typeof SubmitButton>, "pendingLabel">) {
  return (
    <SubmitButton pendingLabel="Sending..." {...props}>
      <Send aria-hidden="true" />
      {children}
    </SubmitButton>
  );
}

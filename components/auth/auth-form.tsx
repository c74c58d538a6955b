"use client";

import type { FieldValues } from "react-hook-form";

import { Form } from "@/components/forms/form-field";

/** A form of the sign-in pages (sign-in, sign-up, forgot and reset, admin): tall fields, roomy. */
export function AuthForm<T extends FieldValues>(
  props: Omit<React.ComponentProps<typeof Form<T>>, "controlClassName" | "className">,
) {
  return <Form controlClassName="h-11" className="grid gap-5" {...props} />;
}

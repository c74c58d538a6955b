"use client";

import { useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";

import { Form, SubmitButton } from "@/components/forms/form-field";
import {
  type ActionFormOptions,
  type FormAction,
  useActionForm,
} from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";

/**
 * A secret the reseller's client needs (an API key, a webhook's signing secret), shown once: it
 * cannot be read again, so the field selects itself for copying.
 */
export function ShownOnce({
  label,
  value,
  onDone,
  children,
}: {
  /** The field's accessible name ('API key'). */
  label: string;
  value: string;
  onDone: () => void;
  /** What to do with it, above the field. */
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">{children}</p>
      <input
        readOnly
        aria-label={label}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs"
      />
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * A form in a dialog whose success answers a secret (`data[secretField]`), shown once in the
 * form's place until Done. Each opening starts from `empty`; a refused input keeps what was
 * typed with the reasons on the fields. `children` are the form's fields.
 */
export function ShownOnceFormDialog<TValues extends FieldValues>({
  trigger,
  title,
  description,
  empty,
  schema,
  action,
  failure,
  invalidTitle,
  idPrefix,
  submitLabel,
  pendingLabel,
  secretField,
  secretLabel,
  secretText,
  children,
}: {
  trigger: React.ReactNode;
  title: string;
  description: string;
  empty: DefaultValues<TValues>;
  schema: unknown;
  action: FormAction;
  /** What a failed request says (titled 'Error'). */
  failure: string;
  invalidTitle: string;
  idPrefix: string;
  submitLabel: string;
  pendingLabel: string;
  /** The key of the success's `data` that holds the secret ('key'). */
  secretField: string;
  /** The secret field's accessible name, and what to do with it. */
  secretLabel: string;
  secretText: React.ReactNode;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const { form, submit } = useActionForm<TValues>({
    schema: schema as ActionFormOptions<TValues>["schema"],
    action,
    defaultValues: empty,
    failure: { title: "Error", message: failure },
    invalidTitle,
    resetOnSuccess: true,
    onSuccess: (state) => setSecret(state.data?.[secretField] ?? null),
  });
  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(empty);
      setSecret(null);
    }
    setOpen(next);
  };
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={title}
      description={description}
    >
      {secret ? (
        <ShownOnce label={secretLabel} value={secret} onDone={() => setOpen(false)}>
          {secretText}
        </ShownOnce>
      ) : (
        <Form form={form} onSubmit={submit} idPrefix={idPrefix} className="grid gap-4">
          {children}
          <FormDialogFooter onCancel={() => setOpen(false)}>
            <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
          </FormDialogFooter>
        </Form>
      )}
    </DialogShell>
  );
}

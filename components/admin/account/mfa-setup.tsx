"use client";

import { ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { confirmMfaAction, startMfaSetupAction } from "@/actions/accounts";
import { SubmitButton } from "@/components/forms/form-field";
import { useActionCall } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import type { MyMfa } from "@/lib/accounts/data/second-factor";

import { MfaCodeForm } from "./mfa-code-form";
import { RecoveryCodes } from "./recovery-codes";

/**
 * Turning TOTP on: a button makes a secret, the page shows its QR code (rendered on the server),
 * the first code from the app confirms it, and the 10 recovery codes are shown once.
 */
export function MfaSetup({ setup }: { setup: MyMfa["setup"] }) {
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useActionCall(startMfaSetupAction, {
    failure: { title: "Error", message: "Failed to start two-step verification setup." },
    quiet: true,
  });

  if (codes) {
    return <RecoveryCodes codes={codes} onDone={() => router.refresh()} />;
  }

  if (!setup) {
    return (
      <Button
        type="button"
        onClick={() => start.run({}, () => router.refresh())}
        disabled={start.pending}
      >
        <ShieldCheck aria-hidden="true" />
        {start.pending ? "Preparing..." : "Set Up Two-Step Verification"}
      </Button>
    );
  }

  return (
    <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)] md:items-start">
      <figure className="mx-auto grid justify-items-center gap-2 md:mx-0">
        {/* eslint-disable-next-line @next/next/no-img-element -- an inline data URL, nothing to optimise */}
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to add your account to an authenticator app"
          width={200}
          height={200}
          className="size-[200px] rounded-xl border border-border bg-white p-2"
        />
        <figcaption className="text-xs text-muted-foreground">
          Scan with your authenticator app
        </figcaption>
      </figure>
      <div className="grid gap-4">
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
          <li>Open an authenticator app (Google Authenticator, 1Password, Authy…).</li>
          <li>Scan the QR code, or enter this key by hand:</li>
        </ol>
        <code
          data-testid="mfa-secret"
          className="rounded-lg bg-muted px-3 py-2 font-mono text-sm tracking-wider break-all text-foreground"
        >
          {setup.secret}
        </code>
        <MfaCodeForm
          action={confirmMfaAction}
          idPrefix="mfa-confirm"
          label="6-digit code from the app"
          numeric
          failure="Failed to turn on two-step verification."
          onSuccess={(state) => setCodes(state.data?.recoveryCodes?.split(" ") ?? [])}
        >
          <SubmitButton pendingLabel="Verifying...">Turn On</SubmitButton>
        </MfaCodeForm>
      </div>
    </div>
  );
}

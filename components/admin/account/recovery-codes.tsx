"use client";

import { Copy } from "lucide-react";

import { toastSuccess } from "@/components/forms/load-toast";
import { Button } from "@/components/ui/button";

/** The recovery codes, shown once after TOTP is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join("\n"));
    await toastSuccess({ title: "Copied", message: "Recovery codes copied to the clipboard." });
  };
  return (
    <div className="grid gap-4">
      <div
        role="status"
        className="rounded-xl border border-savanna/60 bg-savanna-soft/60 p-4 text-sm text-forest-deep"
      >
        <p className="font-semibold">Save your recovery codes</p>
        <p className="mt-1">
          Each code signs you in once if you lose your phone. They will not be shown again: keep
          them in a password manager or print them.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-md"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-muted px-3 py-2 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy Codes
        </Button>
        <Button type="button" onClick={onDone}>
          I&apos;ve Saved Them
        </Button>
      </div>
    </div>
  );
}

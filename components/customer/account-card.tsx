import { initials } from "@/lib/accounts/labels";

/** The sidebar's account block: initials, email and 'Customer Account'. */
export function AccountCard({ name, email }: { name: string; email: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-forest-deep font-display text-base font-bold text-white"
      >
        {initials(name) || "?"}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-foreground" title={email}>
          {email}
        </p>
        <p className="text-xs text-muted-foreground">Customer Account</p>
      </div>
    </div>
  );
}

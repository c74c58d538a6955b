import Link from "next/link";

import { cn } from "@/lib/utils";

const ROLE_LABELS = { admin: "Administrator", staff: "Staff" } as const;

/** Who is signed in: initials, email and role, linking to the account page (second factor). */
export function StaffIdentity({
  email,
  name,
  role,
  collapsible = false,
  onNavigate,
}: {
  email: string;
  name: string | null;
  role: keyof typeof ROLE_LABELS;
  /** In the rail: only the initials until the rail expands. */
  collapsible?: boolean;
  onNavigate?: () => void;
}) {
  const initials = (name || email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <Link
      href="/admin/account"
      onClick={onNavigate}
      className="flex items-center gap-3 overflow-hidden rounded-xl p-1.5 transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-forest-deep text-sm font-semibold text-white"
      >
        {initials}
      </span>
      <span
        className={cn(
          "grid min-w-0 leading-tight",
          collapsible &&
            "opacity-0 transition-opacity duration-150 group-has-focus-visible/rail:opacity-100 group-hover/rail:opacity-100",
        )}
      >
        <span className="truncate text-sm font-medium text-foreground" data-testid="staff-email">
          {email}
        </span>
        <span className="text-xs text-muted-foreground" data-testid="staff-role">
          {ROLE_LABELS[role]}
          <span className="sr-only">, account settings</span>
        </span>
      </span>
    </Link>
  );
}

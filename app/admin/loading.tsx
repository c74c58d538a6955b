import { Loader2 } from "lucide-react";

/** While an admin page (or the login's auth check) loads: a spinner. */
export default function AdminLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="text-sm font-medium">Loading...</span>
    </div>
  );
}

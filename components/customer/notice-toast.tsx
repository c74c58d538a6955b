"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";

import { toastError, toastSuccess } from "@/components/forms/load-toast";

/** Messages a redirect announces with `?notice=` (the verification link, an email change). */
const NOTICES: Record<string, { kind: "success" | "error"; title: string; message: string }> = {
  verified: {
    kind: "success",
    title: "Email Verified",
    message: "Welcome to Breathe Uganda! Your email is verified and you are signed in.",
  },
  "email-changed": {
    kind: "success",
    title: "Email Updated",
    message: "Your new email address is confirmed. Use it the next time you sign in.",
  },
  "link-invalid": {
    kind: "error",
    title: "Link Expired",
    message:
      "This link is invalid, has expired or was already used. Sign in, or ask for a new link.",
  },
  "email-taken": {
    kind: "error",
    title: "Email Not Changed",
    message: "That email address now belongs to another account, so your email was not changed.",
  },
};

/** Shows the toast of a `?notice=` parameter once, then removes the parameter from the URL. */
export function NoticeToast() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const shown = useRef<string | null>(null);
  const notice = params.get("notice");

  useEffect(() => {
    if (!notice || shown.current === notice) return;
    // After this commit's effects: the Toaster (higher in the tree) subscribes in its own effect,
    // which runs after ours, and a toast sent before that would be lost.
    const timer = setTimeout(() => {
      shown.current = notice;
      const entry = NOTICES[notice];
      if (entry) void (entry.kind === "success" ? toastSuccess : toastError)(entry, 8000);
      const rest = new URLSearchParams(params.toString());
      rest.delete("notice");
      const query = rest.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    }, 0);
    return () => clearTimeout(timer);
  }, [notice, params, pathname, router]);

  return null;
}

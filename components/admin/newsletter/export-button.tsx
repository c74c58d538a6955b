"use client";

import { Download } from "lucide-react";
import { useTransition } from "react";

import { prepareNewsletterExportAction } from "@/actions/newsletter";
import { toastError, toastState } from "@/components/forms/load-toast";
import { Button } from "@/components/ui/button";
import type { SubscriberFilter } from "@/lib/newsletter/list-query";
import { idleState } from "@/lib/action-state";
import { listHref } from "@/lib/list-query";

const FAILED = {
  title: "Export Failed",
  message: "Failed to export subscribers. Please try again.",
};

/**
 * Export CSV: asks the server how many active subscribers the current view (search and
 * filter, all pages) holds, then lets the browser download the streamed file from the export
 * route: the rows go to disk, never into this page. With none, nothing downloads and the toast
 * says so.
 */
export function ExportButton({ q, filter }: { q: string; filter: SubscriberFilter }) {
  const [pending, startTransition] = useTransition();
  const onClick = () =>
    startTransition(async () => {
      try {
        const state = await prepareNewsletterExportAction(idleState, { q, filter });
        if (state.status === "success" && state.data?.count !== "0") {
          const link = document.createElement("a");
          link.href = listHref("/admin/newsletter/export", { q, filter }, { filter: "all" });
          link.download = "";
          document.body.append(link);
          link.click();
          link.remove();
        }
        await toastState(state, FAILED.title);
      } catch {
        await toastError(FAILED);
      }
    });
  return (
    <Button onClick={onClick} disabled={pending} aria-busy={pending}>
      <Download aria-hidden="true" />
      {pending ? "Exporting..." : "Export CSV"}
    </Button>
  );
}

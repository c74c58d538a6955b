"use client";

import { Mail, Phone } from "lucide-react";
import { formatDayTimeLong } from "@/lib/dates";

import { DialogShell, ViewButton } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { replyMailto, telHref } from "@/lib/messages/list-query";
import type { StaffContact } from "@/lib/messages/data/staff-inbox";

/** 'View Full': contact info, subject, received time, the whole message, reply links. */
export function ContactDialog({ contact }: { contact: StaffContact }) {
  const tel = telHref(contact.phone);
  const rows: [string, string][] = [
    ["Name", contact.name],
    ["Email", contact.email],
    ["Phone", contact.phone ?? "N/A"],
    ["Country", contact.country ?? "N/A"],
  ];
  return (
    <DialogShell
      trigger={<ViewButton label="View Full" which={`: ${contact.subject}`} />}
      className="sm:max-w-2xl"
      titleClassName="pr-6 break-words"
      title={contact.subject}
      description={
        <>
          Received <time dateTime={contact.createdAt}>{formatDayTimeLong(contact.createdAt)}</time>
        </>
      }
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border border-border/70 bg-secondary/40 p-4 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {label}
            </dt>
            <dd className="font-medium break-words text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold text-forest-deep">Message</h3>
        <p className="max-h-[40dvh] overflow-y-auto rounded-xl border border-border/70 bg-card p-4 text-sm leading-relaxed break-words whitespace-pre-line">
          {contact.message}
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {tel ? (
          <Button asChild variant="outline" className="bg-card">
            <a href={tel}>
              <Phone aria-hidden="true" />
              Call
            </a>
          </Button>
        ) : null}
        <Button asChild>
          <a href={replyMailto(contact)}>
            <Mail aria-hidden="true" />
            Reply via Email
          </a>
        </Button>
      </div>
    </DialogShell>
  );
}

import { CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable, rowCount } from "@/components/admin/list/list-states";
import { When } from "@/components/admin/list/row-time";
import { Inbox, SearchX } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { EmptyState } from "@/components/shared/empty-state";
import {
  contactAgeBadge,
  CONTACTS_PAGE_SIZE,
  messagePreview,
  type MessagesQuery,
} from "@/lib/messages/list-query";
import type { StaffContact } from "@/lib/messages/data/staff-inbox";
import { formatDay, formatTime } from "@/lib/dates";
import { listHref, type Page } from "@/lib/list-query";

import { ContactAgeBadge } from "./contact-age-badge";
import { ContactDialog } from "./contact-dialog";

const COLUMNS = [
  { label: "Status" },
  { label: "Name" },
  { label: "Email" },
  { label: "Subject" },
  { label: "Message Preview" },
  { label: "Country" },
  { label: "Received" },
  { label: "Actions" },
];

/** One page of contact messages: the count, the rows, the empty state and the pager. */
export function ContactsTable({
  query,
  result,
}: {
  query: MessagesQuery;
  result: Page<StaffContact>;
}) {
  const now = new Date();
  const rows = result.items.map((c) => ({
    ...c,
    badge: contactAgeBadge(c.createdAt, now),
    preview: messagePreview(c.message),
  }));

  return (
    <ListTable
      count={
        rows.length === 0
          ? null
          : query.q
            ? `${rowCount(result, "message matches", "messages match")} “${query.q}”`
            : `${result.total} contact ${result.total === 1 ? "message" : "messages"}`
      }
      result={{ ...result, items: rows }}
      pages={listPages("Contact message pages", "messages", CONTACTS_PAGE_SIZE)}
      href={(page) => listHref("/admin/messages", { q: query.q, page })}
      empty={
        query.q ? (
          <EmptyState icon={SearchX} title="No messages match your search" />
        ) : (
          <EmptyState icon={Inbox} title="No contact messages yet" />
        )
      }
      caption="Contact messages, newest first"
      cardsLabel="Contact messages"
      columns={COLUMNS}
      row={(c) => (
        <>
          <Cell>
            <ContactAgeBadge label={c.badge} />
          </Cell>
          <RowHeader className="min-w-28 font-medium">{c.name}</RowHeader>
          <Cell className="max-w-64 min-w-44 [overflow-wrap:anywhere]">
            <a href={`mailto:${c.email}`} className="text-primary hover:underline">
              {c.email}
            </a>
          </Cell>
          <Cell className="max-w-44 min-w-36 font-medium break-words">{c.subject}</Cell>
          <Cell className="max-w-72 min-w-48 break-words text-muted-foreground">{c.preview}</Cell>
          <Cell className="whitespace-nowrap">{c.country ?? "N/A"}</Cell>
          <Cell className="whitespace-nowrap text-muted-foreground">
            <time dateTime={c.createdAt}>
              {formatDay(c.createdAt)}
              <br />
              {formatTime(c.createdAt)}
            </time>
          </Cell>
          <Cell>
            <ContactDialog contact={c} />
          </Cell>
        </>
      )}
      card={(c) => (
        <>
          <CardHeader
            title={c.subject}
            subtitle={`${c.name} · ${c.email}`}
            aside={<ContactAgeBadge label={c.badge} />}
          />
          <p className="text-sm break-words">{c.preview}</p>
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
            <span>
              {c.country ?? "N/A"} ·{" "}
              <When at={c.createdAt} />
            </span>
            <ContactDialog contact={c} />
          </div>
        </>
      )}
    />
  );
}

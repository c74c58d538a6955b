import { Inbox, SearchX } from "@/components/icons";
import { formatDayTime } from "@/lib/dates";
import { CONTACTS_PAGE_SIZE, contactAgeBadge, countLabel, listHref, type MessagesQuery, messagePreview } from "@/lib/admin-messages";
import { listContactsForStaff } from "@/lib/dal/admin-messages";
import { loggedRead } from "@/lib/logged-read";

import { ContactAgeBadge } from "./contact-age-badge";
import { ContactDialog } from "./contact-dialog";
import { ListPager } from "@/components/lists/list-pager";

const COLUMNS = [
  "Status",
  "Name",
  "Email",
  "Subject",
  "Message Preview",
  "Country",
  "Received",
  "Actions",
];

/** One page of contact messages (A68-A77): a table on wide screens, cards on phones. */
export async function ContactsTable({ query }: { query: MessagesQuery }) {
  // A failed read is logged; the list stays empty and no message is shown (A77).
  const result = await loggedRead(
    "admin contacts",
    () => listContactsForStaff({ q: query.q, page: query.page }),
    { items: [], total: 0, page: 1, pageCount: 1 },
  );
  const now = new Date();
  const rows = result.items.map((c) => ({
    ...c,
    badge: contactAgeBadge(c.createdAt, now),
    preview: messagePreview(c.message),
    received: formatDayTime(c.createdAt),
    // 'MMM dd, yyyy' and 'HH:mm' on two lines in the table.
    receivedDay: formatDayTime(c.createdAt).slice(0, -6),
    receivedTime: formatDayTime(c.createdAt).slice(-5),
  }));

  if (rows.length === 0) {
    const Icon = query.q ? SearchX : Inbox;
    return (
      <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-border bg-card p-10 text-center">
        <Icon className="size-9 text-muted-foreground" aria-hidden="true" />
        <p className="font-semibold text-forest-deep">
          {query.q ? "No messages match your search" : "No contact messages yet"}
        </p>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground" role="status">
        {query.q
          ? `${countLabel(result.total, !!result.capped)} ${result.total === 1 ? "message matches" : "messages match"} “${query.q}”`
          : `${result.total} contact ${result.total === 1 ? "message" : "messages"}`}
      </p>

      <div className="relative hidden overflow-x-auto rounded-2xl border border-border/70 bg-card shadow-sm lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Contact messages, newest first</caption>
          <thead className="border-b border-border/70 bg-secondary/50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="px-3 py-3 font-semibold whitespace-nowrap first:pl-4 last:pr-4"
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border/60">
            {rows.map((c) => (
              <tr key={c.id} className="align-top hover:bg-secondary/30">
                <td className="py-3 pr-3 pl-4">
                  <ContactAgeBadge label={c.badge} />
                </td>
                <td className="min-w-28 px-3 py-3 font-medium text-forest-deep">{c.name}</td>
                <td className="max-w-64 min-w-44 px-3 py-3 [overflow-wrap:anywhere]">
                  <a href={`mailto:${c.email}`} className="text-primary hover:underline">
                    {c.email}
                  </a>
                </td>
                <td className="max-w-44 min-w-36 px-3 py-3 font-medium break-words">{c.subject}</td>
                <td className="max-w-72 min-w-48 px-3 py-3 break-words text-muted-foreground">
                  {c.preview}
                </td>
                <td className="px-3 py-3 whitespace-nowrap">{c.country ?? "N/A"}</td>
                <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
                  <time dateTime={c.createdAt}>
                    {c.receivedDay}
                    <br />
                    {c.receivedTime}
                  </time>
                </td>
                <td className="py-3 pr-4 pl-3">
                  <ContactDialog contact={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid grid-cols-1 gap-3 lg:hidden" aria-label="Contact messages">
        {rows.map((c) => (
          <li
            key={c.id}
            className="grid gap-2 rounded-2xl border border-border/70 bg-card p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-forest-deep">{c.subject}</p>
                <p className="text-sm break-words text-muted-foreground">
                  {c.name} · {c.email}
                </p>
              </div>
              <ContactAgeBadge label={c.badge} />
            </div>
            <p className="text-sm break-words">{c.preview}</p>
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>
                {c.country ?? "N/A"} · <time dateTime={c.createdAt}>{c.received}</time>
              </span>
              <ContactDialog contact={c} />
            </div>
          </li>
        ))}
      </ul>

      <ListPager
        label="Contact message pages"
        page={result.page}
        pageCount={result.pageCount}
        total={result.total}
        pageSize={CONTACTS_PAGE_SIZE}
        shown={rows.length}
        capped={result.capped}
        href={(page) => listHref("/admin/messages", { q: query.q, page })}
      />
    </div>
  );
}

import { DataTable, Cell, RowHeader, CardHeader } from "@/components/admin/list/data-table";
import { Badge } from "@/components/ui/badge";
import { formatDayTime } from "@/lib/dates";
import { formatMoney } from "@/lib/payments/ledger";
import type { ResellerScreen } from "@/lib/resellers/data/admin";
import { netPrice } from "@/lib/resellers/rules";

import {
  AddWebhookDialog,
  ClearNetPriceButton,
  NetPriceDialog,
  RemoveWebhookButton,
  ResendButton,
} from "./reseller-screen-dialogs";

/**
 * One reseller's screen: what it is (mode, commission, sales), its net price on each tour it may
 * sell, its webhooks, and the latest deliveries to them, each with Resend.
 */

const usd = (minor: number) => formatMoney(minor, "USD");
const dash = <span className="text-muted-foreground">—</span>;

function Section({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={id} className="font-display text-xl font-bold text-forest-deep">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

export function ResellerSummary({ screen }: { screen: ResellerScreen }) {
  const r = screen.reseller;
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-2xl border border-border/70 bg-card p-5 text-sm shadow-sm sm:grid-cols-4">
      <div className="grid gap-1">
        <dt className="text-muted-foreground">Mode</dt>
        <dd>{r.testMode ? <Badge variant="outline">Test mode</Badge> : <Badge>Live</Badge>}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">Commission</dt>
        <dd className="font-semibold tabular-nums">{r.commissionPercent} %</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">Confirmed</dt>
        <dd className="font-semibold">
          {r.confirmedBookings} {r.confirmedBookings === 1 ? "booking" : "bookings"}, {r.seats}{" "}
          {r.seats === 1 ? "seat" : "seats"}
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">Owes</dt>
        <dd className="font-semibold tabular-nums">{r.testMode ? dash : usd(r.owedMinor)}</dd>
      </div>
    </dl>
  );
}

type TourRow = ResellerScreen["tours"][number] & { id: string };

/** A tour's net for the reseller: its own, or the commission's on the tour's price. */
function netText(screen: ResellerScreen, t: TourRow) {
  if (t.ownNetMinor !== null) return usd(t.ownNetMinor);
  if (t.retailMinor === null) return null;
  return usd(netPrice(t.retailMinor, screen.reseller.commissionPercent));
}

export function TourNetPrices({ screen }: { screen: ResellerScreen }) {
  const rows: TourRow[] = screen.tours.map((t) => ({ ...t, id: t.tourId }));
  const resellerId = screen.reseller.id;
  const actions = (t: TourRow) => (
    <span className="flex flex-wrap justify-end gap-1">
      <NetPriceDialog
        resellerId={resellerId}
        tour={{
          tourId: t.tourId,
          title: t.title,
          ownNetMinor: t.ownNetMinor,
          netHint:
            t.retailMinor === null
              ? "The tour has no price of its own: its departures' prices apply."
              : `A seat sells at ${usd(t.retailMinor)}; the commission leaves ${usd(netPrice(t.retailMinor, screen.reseller.commissionPercent))}.`,
        }}
      />
      {t.ownNetMinor !== null ? (
        <ClearNetPriceButton resellerId={resellerId} tourId={t.tourId} title={t.title} />
      ) : null}
    </span>
  );
  const source = (t: TourRow) =>
    t.ownNetMinor !== null ? (
      <Badge>Net price</Badge>
    ) : (
      <Badge variant="outline">{screen.reseller.commissionPercent} % commission</Badge>
    );
  return (
    <Section
      id="net-prices-heading"
      title="Net prices"
      description="What the reseller owes for a seat of each tour: the retail price less its commission, unless the tour has a net price of its own. The OCTO pricing capability answers these."
    >
      <DataTable
        caption="Net prices by tour"
        cardsLabel="Net prices"
        columns={[
          { label: "Tour" },
          { label: "Retail", end: true },
          { label: "Net", end: true },
          { label: "From" },
          { label: "Actions", end: true },
        ]}
        rows={rows}
        row={(t) => (
          <>
            <RowHeader>{t.title}</RowHeader>
            <Cell end className="tabular-nums">
              {t.retailMinor === null ? dash : usd(t.retailMinor)}
            </Cell>
            <Cell end className="font-semibold tabular-nums">
              {netText(screen, t) ?? dash}
            </Cell>
            <Cell>{source(t)}</Cell>
            <Cell end>{actions(t)}</Cell>
          </>
        )}
        card={(t) => (
          <>
            <CardHeader
              title={t.title}
              subtitle={`Retail ${t.retailMinor === null ? "—" : usd(t.retailMinor)} · Net ${netText(screen, t) ?? "—"}`}
              aside={source(t)}
            />
            {actions(t)}
          </>
        )}
      />
    </Section>
  );
}

const EVENT_LABELS = {
  booking_update: "booking_update",
  availability_update: "availability_update",
} as const;

export function ResellerWebhooks({ screen }: { screen: ResellerScreen }) {
  const resellerId = screen.reseller.id;
  return (
    <Section
      id="webhooks-heading"
      title="Webhooks"
      description="URLs we call when one of the reseller's bookings changes (booking_update) or a departure's seats change (availability_update). The reseller may also register them over OCTO (POST /octo/webhooks)."
      action={<AddWebhookDialog resellerId={resellerId} />}
    >
      {screen.webhooks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground">
          No webhooks yet: the reseller is told of nothing until it asks.
        </p>
      ) : (
        <DataTable
          caption="Webhooks, oldest first"
          cardsLabel="Webhooks"
          columns={[
            { label: "Event" },
            { label: "URL" },
            { label: "Added" },
            { label: "Actions", end: true },
          ]}
          rows={screen.webhooks}
          row={(w) => (
            <>
              <RowHeader>
                <span className="font-mono text-xs">{EVENT_LABELS[w.event]}</span>
              </RowHeader>
              <Cell className="break-all">{w.url}</Cell>
              <Cell className="whitespace-nowrap">{formatDayTime(w.createdAt)}</Cell>
              <Cell end>
                <RemoveWebhookButton resellerId={resellerId} webhookId={w.id} url={w.url} />
              </Cell>
            </>
          )}
          card={(w) => (
            <>
              <CardHeader title={EVENT_LABELS[w.event]} subtitle={w.url} />
              <div className="flex justify-end">
                <RemoveWebhookButton resellerId={resellerId} webhookId={w.id} url={w.url} />
              </div>
            </>
          )}
        />
      )}
    </Section>
  );
}

const STATUS_LABELS = { pending: "Pending", delivered: "Delivered", failed: "Failed" } as const;

type Delivery = ResellerScreen["deliveries"][number];

function Outcome({ d }: { d: Delivery }) {
  const tries = `${d.attempts} ${d.attempts === 1 ? "attempt" : "attempts"}`;
  return (
    <span className="grid gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <Badge
          variant={
            d.status === "delivered"
              ? "secondary"
              : d.status === "failed"
                ? "destructive"
                : "outline"
          }
        >
          {STATUS_LABELS[d.status]}
        </Badge>
        <span className="text-xs text-muted-foreground">{tries}</span>
      </span>
      {d.lastError ? <span className="text-xs text-muted-foreground">{d.lastError}</span> : null}
      {d.status === "pending" && d.attempts > 0 ? (
        <span className="text-xs text-muted-foreground">
          Next try {formatDayTime(d.nextAttemptAt)}
        </span>
      ) : null}
    </span>
  );
}

export function DeliveryLog({ screen }: { screen: ResellerScreen }) {
  const resellerId = screen.reseller.id;
  const resend = (d: Delivery) => (
    <ResendButton resellerId={resellerId} deliveryId={d.id} subject={d.subject} />
  );
  return (
    <Section
      id="deliveries-heading"
      title="Delivery log"
      description="The latest 50 calls to the reseller's webhooks, newest first. A call not answered 2xx is tried again after 1, 2, 4 … minutes, eight times in all; Resend sends one again."
    >
      {screen.deliveries.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground">
          Nothing sent yet.
        </p>
      ) : (
        <DataTable
          caption="Webhook deliveries, newest first"
          cardsLabel="Deliveries"
          columns={[
            { label: "Queued" },
            { label: "Event" },
            { label: "About" },
            { label: "Outcome" },
            { label: "Actions", end: true },
          ]}
          rows={screen.deliveries}
          row={(d) => (
            <>
              <RowHeader>
                <span className="whitespace-nowrap">{formatDayTime(d.createdAt)}</span>
              </RowHeader>
              <Cell>
                <span className="font-mono text-xs">{d.event}</span>
              </Cell>
              <Cell>{d.subject}</Cell>
              <Cell>
                <Outcome d={d} />
              </Cell>
              <Cell end>{resend(d)}</Cell>
            </>
          )}
          card={(d) => (
            <>
              <CardHeader
                title={d.subject}
                subtitle={`${d.event} · ${formatDayTime(d.createdAt)}`}
              />
              <Outcome d={d} />
              <div className="flex justify-end">{resend(d)}</div>
            </>
          )}
        />
      )}
    </Section>
  );
}

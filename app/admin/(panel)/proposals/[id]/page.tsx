import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { lineChoicesOf } from "@/components/admin/proposals/line-choices";
import { PricesForm } from "@/components/admin/proposals/prices-form";
import { PriceSummary } from "@/components/admin/proposals/price-summary";
import { ProposalStatusBadge } from "@/components/admin/proposals/proposal-status-badge";
import { NewVersionButton, SendVersionButton } from "@/components/admin/proposals/version-buttons";
import { VersionDays } from "@/components/admin/proposals/version-days";
import { VersionHistory } from "@/components/admin/proposals/version-history";
import { VersionSettingsForm } from "@/components/admin/proposals/version-settings-form";
import { ArrowLeft } from "@/components/icons";
import { Screen } from "@/components/shared/page-header";
import { libraryChoices } from "@/lib/library/data/choices";
import { getProposal } from "@/lib/proposals/data/staff";
import { PROPOSALS_PATH } from "@/lib/proposals/list-query";

export const metadata: Metadata = { title: "Proposal" };

/**
 * /admin/proposals/<id>: the builder. The newest version is shown: a draft with its settings,
 * prices and days to edit and 'Send to traveller'; a sent one as sent, with 'Make a new version'.
 * The version history lists every version with its sending, views and acceptance.
 */
export default async function ProposalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const proposal = await getProposal(id);
  if (!proposal) notFound();
  const [version] = proposal.versions;
  if (!version) notFound();
  const editable = version.refusals.edit === null;
  const choices = editable
    ? lineChoicesOf(await libraryChoices())
    : lineChoicesOf({ lodges: [], activities: [], vehicles: [] });
  return (
    <Screen
      title={`${proposal.reference} · ${proposal.leadName}`}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <ProposalStatusBadge status={proposal.status} />
          <span className="break-all">{proposal.email}</span>
          {proposal.phone ? <span>· {proposal.phone}</span> : null}
          {proposal.bookingId ? <span>· from a booking request</span> : null}
        </span>
      }
      actions={
        <Link
          href={PROPOSALS_PATH}
          className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-forest-deep underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All proposals
        </Link>
      }
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <Section
            title={`Version ${version.number}: ${version.title}`}
            aside={<ProposalStatusBadge status={version.status} />}
          >
            {editable ? (
              <VersionSettingsForm key={`${version.id}-${version.totalMinor}`} version={version} />
            ) : (
              <p className="text-sm text-muted-foreground">
                {version.refusals.edit} Starts {version.startDate};{" "}
                {[
                  count(version.adults, "adult", "adults"),
                  version.children ? count(version.children, "child", "children") : null,
                  version.singleRooms
                    ? count(version.singleRooms, "single room", "single rooms")
                    : null,
                ]
                  .filter(Boolean)
                  .join(", ")}
                .
              </p>
            )}
          </Section>
          <Section title="Days">
            <VersionDays version={version} editable={editable} choices={choices} />
          </Section>
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <Section title="Party and prices">
            <PriceSummary version={version} />
            {editable && version.suggested ? (
              <PricesForm
                key={`${version.id}-${version.totalMinor}-${version.pricePerAdultMinor}-${version.pricesSetByStaff}`}
                versionId={version.id}
                prices={version}
                setByStaff={version.pricesSetByStaff}
              />
            ) : null}
          </Section>
          <Section title="Send">
            <div className="flex flex-wrap gap-2">
              {editable ? (
                <SendVersionButton versionId={version.id} refusal={version.refusals.send} />
              ) : null}
              {version.refusals.newVersion === null ? (
                <NewVersionButton versionId={version.id} />
              ) : null}
            </div>
          </Section>
          <Section title="Version history">
            <VersionHistory versions={proposal.versions} />
          </Section>
        </div>
      </div>
    </Screen>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Section({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="grid min-w-0 gap-4 rounded-2xl border border-border/70 bg-card/60 p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-display text-lg font-semibold break-words text-forest-deep">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

import { setGuideAvailabilityAction } from "@/actions/guides";
import { CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable } from "@/components/admin/list/list-states";
import { RowSwitch } from "@/components/admin/list/row-switch";
import { type Icon, Mail, Phone, Users } from "@/components/icons";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import type { GuideDto } from "@/lib/guides/data/guides";
import { cn } from "@/lib/utils";

import { GuideDialog } from "./guide-dialog";

const dash = <span className="text-muted-foreground">—</span>;

function Availability({ guide, canManage }: { guide: GuideDto; canManage: boolean }) {
  if (canManage)
    return (
      <RowSwitch
        action={setGuideAvailabilityAction}
        id={guide.id}
        field="isAvailable"
        checked={guide.isAvailable}
        label={`Available: ${guide.fullName}`}
        failure="Failed to update availability."
        showValue
      />
    );
  return guide.isAvailable ? (
    <Badge>Available</Badge>
  ) : (
    <Badge variant="outline">Unavailable</Badge>
  );
}

/** A guide's email or phone on the phone-width card, after its icon. */
function ContactLine({
  icon: Icon,
  className,
  children,
}: {
  icon: Icon;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <p className={cn("flex items-center gap-2", className)}>
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {children}
    </p>
  );
}

function Languages({ languages }: { languages: string[] }) {
  if (languages.length === 0) return dash;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Languages">
      {languages.map((language) => (
        <li key={language}>
          <Badge variant="secondary">{language}</Badge>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS = [
  { label: "Name" },
  { label: "Email" },
  { label: "Phone" },
  { label: "Specialty" },
  { label: "Languages" },
  { label: "Available" },
];

/**
 * Every guide by name, with how many are available. `canManage` (role admin) adds the Edit
 * button and the availability switch; staff see the list read-only.
 */
export function GuidesTable({ guides, canManage }: { guides: GuideDto[]; canManage: boolean }) {
  return (
    <ListTable
      count={
        guides.length > 0 ? (
          <>
            {guides.length} {guides.length === 1 ? "guide" : "guides"},{" "}
            {guides.filter((g) => g.isAvailable).length} available
          </>
        ) : null
      }
      result={{ items: guides, total: guides.length, page: 1, pageCount: 1 }}
      empty={
        <EmptyState icon={Users} title="No guides yet" action={canManage ? <GuideDialog /> : null}>
          Guides you add here can be assigned to bookings.
        </EmptyState>
      }
      caption="Guides, ordered by name"
      cardsLabel="Guides"
      columns={canManage ? [...COLUMNS, { label: "Actions", end: true }] : COLUMNS}
      row={(guide) => (
        <>
          <RowHeader>{guide.fullName}</RowHeader>
          <Cell className="max-w-56">
            {guide.email ? (
              <span className="block truncate" title={guide.email}>
                {guide.email}
              </span>
            ) : (
              dash
            )}
          </Cell>
          <Cell className="whitespace-nowrap">{guide.phoneNumber ?? dash}</Cell>
          <Cell>{guide.specialty ?? dash}</Cell>
          <Cell>
            <Languages languages={guide.languages} />
          </Cell>
          <Cell>
            <Availability guide={guide} canManage={canManage} />
          </Cell>
          {canManage ? (
            <Cell end>
              <GuideDialog guide={guide} />
            </Cell>
          ) : null}
        </>
      )}
      card={(guide) => (
        <>
          <CardHeader
            title={guide.fullName}
            subtitle={guide.specialty ?? "No specialty"}
            aside={<Availability guide={guide} canManage={canManage} />}
          />
          <div className="grid gap-1 text-sm">
            {guide.email ? (
              <ContactLine icon={Mail} className="break-all">
                {guide.email}
              </ContactLine>
            ) : null}
            {guide.phoneNumber ? <ContactLine icon={Phone}>{guide.phoneNumber}</ContactLine> : null}
          </div>
          <div className="flex items-end justify-between gap-3">
            <Languages languages={guide.languages} />
            {canManage ? <GuideDialog guide={guide} /> : null}
          </div>
        </>
      )}
    />
  );
}

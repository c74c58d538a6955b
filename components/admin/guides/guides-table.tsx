import { Mail, Phone } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import type { GuideDto } from "@/lib/dal/guides";

import { GuideAvailabilitySwitch } from "./guide-availability-switch";
import { GuideDialog } from "./guide-dialog";

const dash = <span className="text-muted-foreground">—</span>;

function Availability({ guide, canManage }: { guide: GuideDto; canManage: boolean }) {
  if (canManage)
    return (
      <GuideAvailabilitySwitch
        id={guide.id}
        name={guide.fullName}
        isAvailable={guide.isAvailable}
      />
    );
  return guide.isAvailable ? (
    <Badge>Available</Badge>
  ) : (
    <Badge variant="outline">Unavailable</Badge>
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

/**
 * The guides: a table from 768 px, cards on a phone. `canManage` (role admin) adds the Edit
 * button and the availability switch; staff see the list read-only.
 */
export function GuidesTable({ guides, canManage }: { guides: GuideDto[]; canManage: boolean }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Guides, ordered by name</caption>
          <thead className="border-b border-border/70 bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Phone
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Specialty
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Languages
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Available
              </th>
              {canManage ? (
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-border/60">
            {guides.map((guide) => (
              <tr key={guide.id} className="align-middle hover:bg-muted/30">
                <th scope="row" className="px-4 py-3 font-semibold text-forest-deep">
                  {guide.fullName}
                </th>
                <td className="max-w-56 px-4 py-3">
                  {guide.email ? (
                    <span className="block truncate" title={guide.email}>
                      {guide.email}
                    </span>
                  ) : (
                    dash
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{guide.phoneNumber ?? dash}</td>
                <td className="px-4 py-3">{guide.specialty ?? dash}</td>
                <td className="px-4 py-3">
                  <Languages languages={guide.languages} />
                </td>
                <td className="px-4 py-3">
                  <Availability guide={guide} canManage={canManage} />
                </td>
                {canManage ? (
                  <td className="px-4 py-3 text-right">
                    <GuideDialog guide={guide} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 md:hidden" aria-label="Guides">
        {guides.map((guide) => (
          <li
            key={guide.id}
            className="grid gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-display text-lg font-bold text-forest-deep">{guide.fullName}</p>
                <p className="text-sm text-muted-foreground">{guide.specialty ?? "No specialty"}</p>
              </div>
              <Availability guide={guide} canManage={canManage} />
            </div>
            <div className="grid gap-1 text-sm">
              {guide.email ? (
                <p className="flex items-center gap-2 break-all">
                  <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {guide.email}
                </p>
              ) : null}
              {guide.phoneNumber ? (
                <p className="flex items-center gap-2">
                  <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {guide.phoneNumber}
                </p>
              ) : null}
            </div>
            <div className="flex items-end justify-between gap-3">
              <Languages languages={guide.languages} />
              {canManage ? <GuideDialog guide={guide} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

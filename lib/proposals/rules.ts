/**
 * A tailor-made proposal's rules, pure: its reference, the status staff see (read from its
 * versions), and what may be done to a version in which state. The data module enforces them; the
 * builder's screen reads the same rules to offer only what will be accepted.
 */
import type { ProposalStatus, ProposalVersionState } from "@/lib/domain";

/* Reference -------------------------------------------------------------------------------- */

/** Letters and digits that cannot be read as one another (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERENCE_PREFIX = "TM-";
export const REFERENCE_LENGTH = 6;

/** A new reference: 'TM-' and six characters drawn at random ('TM-7K2QXD'). */
export function newProposalReference(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(REFERENCE_LENGTH));
  let out = REFERENCE_PREFIX;
  for (const byte of bytes) out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return out;
}

export const isProposalReference = (text: string) =>
  new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(text);

/* Status ----------------------------------------------------------------------------------- */

/** What the status of a version is read from. */
export type VersionFacts = {
  number: number;
  state: ProposalVersionState;
  /** 'yyyy-MM-dd': the last day the offer can be accepted. */
  optionDate: string;
  viewCount: number;
};

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  lapsed: "Lapsed",
};

/** A sent version whose option date has passed can no longer be accepted. */
export const hasLapsed = (v: Pick<VersionFacts, "state" | "optionDate">, today: string) =>
  v.state === "sent" && v.optionDate < today;

/** One version's status: a draft, accepted, or a sent one viewed, not yet viewed, or lapsed. */
export function versionStatus(v: VersionFacts, today: string): ProposalStatus {
  if (v.state === "draft") return "draft";
  if (v.state === "accepted") return "accepted";
  if (hasLapsed(v, today)) return "lapsed";
  return v.viewCount > 0 ? "viewed" : "sent";
}

/** The version the traveller holds: the one accepted, else the latest sent; null while none was sent. */
export function liveVersion<V extends VersionFacts>(versions: readonly V[]): V | null {
  const accepted = versions.find((v) => v.state === "accepted");
  if (accepted) return accepted;
  let latest: V | null = null;
  for (const v of versions)
    if (v.state === "sent" && (!latest || v.number > latest.number)) latest = v;
  return latest;
}

/**
 * A proposal's status as staff see it: the status of the version the traveller holds (a draft
 * of the next version being prepared changes nothing until it is sent), a draft while nothing was
 * sent.
 */
export function proposalStatus(versions: readonly VersionFacts[], today: string): ProposalStatus {
  const live = liveVersion(versions);
  return live ? versionStatus(live, today) : "draft";
}

/* What may be done ------------------------------------------------------------------------- */

/** Why a version cannot be changed, in a sentence, or null when it can. */
export function editRefusal(
  version: Pick<VersionFacts, "state">,
  versions: readonly Pick<VersionFacts, "state">[],
): string | null {
  if (versions.some((v) => v.state === "accepted"))
    return "This proposal has been accepted and can no longer be changed.";
  if (version.state !== "draft")
    return "A sent version never changes: make a new version to change it.";
  return null;
}

/**
 * Why a new version cannot be started from `from`, or null when it can: only from the latest
 * version, once it was sent (lapsed or not), and never on an accepted proposal.
 */
export function newVersionRefusal(
  from: Pick<VersionFacts, "state" | "number">,
  versions: readonly Pick<VersionFacts, "state" | "number">[],
): string | null {
  if (versions.some((v) => v.state === "accepted"))
    return "This proposal has been accepted and can no longer be changed.";
  if (versions.some((v) => v.state === "draft"))
    return "A draft of the next version is already open: edit it.";
  if (from.state !== "sent") return "Only a sent version can be copied into a new one.";
  const latest = Math.max(...versions.map((v) => v.number));
  if (from.number !== latest) return "Only the latest version can be copied into a new one.";
  return null;
}

/** Why a draft cannot be sent, in a sentence, or null when it can. */
export function sendRefusal(
  v: { state: ProposalVersionState; optionDate: string; totalMinor: number; dayCount: number },
  today: string,
): string | null {
  if (v.state !== "draft") return "This version was already sent.";
  if (v.dayCount === 0) return "Add at least one day before sending.";
  if (v.totalMinor <= 0) return "Set a price before sending.";
  if (v.optionDate < today) return "The option date has passed: choose a later one.";
  return null;
}

/** How long a sent link opens the version: to the end of its option date, at least 30 days. */
export const LINK_MIN_DAYS = 30;

import "server-only";

import { asc, eq } from "drizzle-orm";

import { getDb } from "@/db";
import { guides } from "@/db/schema";
import { requireStaff, requireAdmin } from "@/lib/dal/session";
import { DomainError } from "@/lib/errors";
import type { GuideData } from "@/lib/validations/staff";

/**
 * Guides. Every staff member reads them (the list, the bookings'
 * guide selector); only the role `admin` adds, edits or changes availability (README, Roles).
 */

export type GuideDto = {
  id: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  specialty: string | null;
  languages: string[];
  isAvailable: boolean;
};

const columns = {
  id: guides.id,
  fullName: guides.fullName,
  email: guides.email,
  phoneNumber: guides.phoneNumber,
  specialty: guides.specialty,
  languages: guides.languages,
  isAvailable: guides.isAvailable,
};

/** Every guide, ordered by full name. */
export async function listGuides(): Promise<GuideDto[]> {
  await requireStaff();
  const db = await getDb();
  return db.select(columns).from(guides).orderBy(asc(guides.fullName), asc(guides.id));
}

export async function createGuide(data: GuideData): Promise<GuideDto> {
  await requireAdmin();
  const db = await getDb();
  const [row] = await db.insert(guides).values(data).returning(columns);
  return row!;
}

/** `not_found` for an unknown id. */
export async function updateGuide(id: string, data: GuideData): Promise<GuideDto> {
  await requireAdmin();
  const db = await getDb();
  const [row] = await db.update(guides).set(data).where(eq(guides.id, id)).returning(columns);
  if (!row) throw new DomainError("not_found");
  return row;
}

/** An unavailable guide is never picked by automatic assignment. `not_found` for an unknown id. */
export async function setGuideAvailability(id: string, isAvailable: boolean): Promise<GuideDto> {
  await requireAdmin();
  const db = await getDb();
  const [row] = await db
    .update(guides)
    .set({ isAvailable })
    .where(eq(guides.id, id))
    .returning(columns);
  if (!row) throw new DomainError("not_found");
  return row;
}

/**
 * `npm run reseller:create -- --name NAME [--commission PERCENT] [--test]`
 * `npm run reseller:create -- --name NAME --new-key`            (another key, shown once)
 * `npm run reseller:create -- --name NAME --revoke-key PREFIX`  (its keys starting so)
 *
 * Creates a reseller that sells departures over the OCTO API (/octo), with its first API key,
 * printed once: only the key's hash is stored, so it cannot be shown again. `--test` makes a
 * test-mode reseller: it sees the real products and seats, but its holds and bookings take none.
 * `--commission` is the reseller's share of the retail price (its net is the rest), 0 unless
 * given. Works on PGlite (stop the server first: PGlite takes no lock) and on DATABASE_URL.
 */
import path from "node:path";
import { parseArgs } from "node:util";

import { checkConnection, openPglite, openPostgres, setDbHandle } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import type { AuditActor } from "@/lib/audit/events";
import { env, isEmbeddedDatabase } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import {
  createReseller,
  issueApiKey,
  ResellerNameTaken,
  revokeApiKeys,
} from "@/lib/resellers/data/resellers";

const USAGE = [
  "Usage: npm run reseller:create -- --name NAME [--commission PERCENT] [--test]",
  "       npm run reseller:create -- --name NAME --new-key",
  "       npm run reseller:create -- --name NAME --revoke-key PREFIX",
].join("\n");

class UsageError extends Error {}

/** Who the audit trail names for a change made here: whoever runs the script on the server. */
const TERMINAL: AuditActor = { userId: null, label: "npm run reseller:create", role: "system" };

async function openDatabase() {
  if (isEmbeddedDatabase) {
    const handle = await openPglite({ dataDir: path.resolve(env.PGLITE_DIR) });
    await migrateDatabase(handle);
    return handle;
  }
  const handle = await openPostgres(env.DATABASE_URL!, { max: 1 });
  await checkConnection(handle);
  return handle;
}

async function main() {
  const { values } = parseArgs({
    options: {
      name: { type: "string" },
      commission: { type: "string" },
      test: { type: "boolean", default: false },
      "new-key": { type: "boolean", default: false },
      "revoke-key": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const name = values.name?.trim() ?? "";
  if (!name) throw new UsageError(`Missing --name.\n${USAGE}`);
  if (name.length > 100) throw new UsageError("--name: at most 100 characters");
  const commission = values.commission === undefined ? 0 : Number(values.commission);
  if (!Number.isInteger(commission) || commission < 0 || commission > 100)
    throw new UsageError("--commission: a whole percent from 0 to 100");

  const handle = await openDatabase();
  setDbHandle(handle);
  try {
    if (values["new-key"]) {
      const key = await issueApiKey(name, TERMINAL);
      console.log(`New API key of ${name} (shown once, keep it safe): ${key}`);
      return;
    }
    if (values["revoke-key"] !== undefined) {
      const prefix = values["revoke-key"].trim();
      if (prefix.length < 8) throw new UsageError("--revoke-key: at least 8 characters of the key");
      const revoked = await revokeApiKeys(name, prefix, TERMINAL);
      console.log(`Revoked ${revoked} ${revoked === 1 ? "key" : "keys"} of ${name}.`);
      return;
    }
    const { reseller, key } = await createReseller(
      { name, commissionPercent: commission, testMode: values.test },
      TERMINAL,
    );
    console.log(
      `Created ${reseller.testMode ? "test-mode " : ""}reseller ${reseller.name} (commission ${reseller.commissionPercent} %).`,
    );
    console.log(`API key (shown once, keep it safe): ${key}`);
    console.log(`Use it as: Authorization: Bearer ${key}  on ${env.SITE_URL}/octo`);
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ResellerNameTaken) {
    console.error(error.message);
  } else if (error instanceof DomainError && error.code === "not_found") {
    console.error("No reseller with that name.");
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

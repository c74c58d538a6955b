/**
 * `npm run admin:create -- --email E --password P --name N --role admin|staff [--require-mfa]`
 *
 * Also the admin's two repairs of a staff account: `--unlock-mfa` (its second factor locked after
 * too many wrong codes) and `--new-email NEW` (staff never change their email by a mailed link).
 *
 * Creates a verified staff account (users + admin_users), or promotes an existing account (a
 * password given replaces its password). Missing values are asked for when a terminal is
 * attached (the password is not echoed); without one the command fails and names them. Works on
 * PGlite (stop the server first: PGlite takes no lock) and on DATABASE_URL.
 */
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";

import { checkConnection, openPglite, openPostgres, setDbHandle } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { ADMIN_ROLES, type AdminRole } from "@/lib/domain";
import { changeStaffEmail } from "@/lib/accounts/data/email-change";
import { unlockSecondFactor } from "@/lib/accounts/data/second-factor-codes";
import { findAccount, upsertStaffAccount } from "@/lib/accounts/data/staff";
import { env, isEmbeddedDatabase } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_PROBLEM_MESSAGES,
  type PasswordProblem,
} from "@/lib/accounts/schemas/sign-in";
import { emailField } from "@/lib/fields";

const USAGE = [
  "Usage: npm run admin:create -- --email E --password P --name N --role admin|staff [--require-mfa]",
  "       npm run admin:create -- --email E --unlock-mfa      (a second factor locked by wrong codes)",
  "       npm run admin:create -- --email E --new-email NEW   (a staff member's new email)",
].join("\n");

class UsageError extends Error {}

const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);

function ask(question: string, { secret = false } = {}): Promise<string> {
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
  });
  if (secret) {
    // Echo nothing of what is typed after the question.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) write.call(rl, question);
      else if (s.includes("\n") || s.includes("\r")) write.call(rl, "\n");
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer.trim() === "" && !secret ? "" : secret ? answer : answer.trim());
    }),
  );
}

/** The value of a flag, else asked for (a terminal), else a clear failure. */
async function value(
  given: string | undefined,
  label: string,
  flag: string,
  check: (v: string) => string | null,
  options: { secret?: boolean } = {},
): Promise<string> {
  if (given !== undefined) {
    const problem = check(given);
    if (problem) throw new UsageError(`--${flag}: ${problem}`);
    return given;
  }
  if (!interactive) throw new UsageError(`Missing --${flag} (no terminal to ask on).\n${USAGE}`);
  for (;;) {
    const answer = await ask(`${label}: `, options);
    const problem = check(answer);
    if (!problem) return answer;
    console.error(`  ${problem}`);
  }
}

const checkEmail = (v: string) => {
  const parsed = emailField.safeParse(v);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid email");
};
const checkName = (v: string) =>
  v.trim()
    ? v.trim().length > 100
      ? "Name must be at most 100 characters"
      : null
    : "Name is required";
const checkPassword = (v: string) =>
  v.length < PASSWORD_MIN
    ? `Password must be at least ${PASSWORD_MIN} characters`
    : v.length > PASSWORD_MAX
      ? `Password must be at most ${PASSWORD_MAX} characters`
      : null;
const checkRole = (v: string) =>
  (ADMIN_ROLES as readonly string[]).includes(v) ? null : "Role must be admin or staff";

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
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      "require-mfa": { type: "boolean", default: false },
      "unlock-mfa": { type: "boolean", default: false },
      "new-email": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const email = (await value(values.email, "Email", "email", checkEmail)).trim().toLowerCase();
  const handle = await openDatabase();
  setDbHandle(handle);
  try {
    if (values["unlock-mfa"]) {
      if (!(await unlockSecondFactor(email))) throw new UsageError(`No staff account ${email}.`);
      console.log(`Unlocked the second factor of ${email}.`);
      return;
    }
    if (values["new-email"] !== undefined) {
      const problem = checkEmail(values["new-email"]);
      if (problem) throw new UsageError(`--new-email: ${problem}`);
      await changeStaffEmail(email, values["new-email"]);
      console.log(
        `${email} is now ${values["new-email"].trim().toLowerCase()}; its sessions ended.`,
      );
      return;
    }
    const existing = await findAccount(email);
    const role = (await value(
      values.role,
      "Role (admin or staff)",
      "role",
      checkRole,
    )) as AdminRole;
    // An existing account keeps its name and password unless new ones are given.
    const name = existing ? values.name : await value(values.name, "Full name", "name", checkName);
    if (values.name !== undefined && checkName(values.name))
      throw new UsageError(`--name: ${checkName(values.name)}`);
    const password = existing
      ? values.password
      : await value(values.password, "Password (not shown)", "password", checkPassword, {
          secret: true,
        });
    if (password !== undefined && checkPassword(password))
      throw new UsageError(`--password: ${checkPassword(password)}`);
    const result = await upsertStaffAccount({
      email,
      role,
      name,
      password,
      requireMfa: values["require-mfa"],
    });
    const what = result.created
      ? "Created"
      : result.previousRole
        ? result.previousRole === result.role
          ? "Updated"
          : `Changed from ${result.previousRole} to`
        : "Promoted";
    console.log(
      `${what} ${result.role} ${result.email}${result.mfaRequired ? " (second factor required at next sign-in)" : ""}. Sign in at /admin/login.`,
    );
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DomainError && error.code === "not_found") {
    console.error("No staff account with that email.");
  } else if (error instanceof DomainError && error.code === "staff_email_change") {
    console.error("--new-email: that email already belongs to an account.");
  } else if (error instanceof DomainError && error.code === "password_rejected") {
    console.error(
      `--password: ${PASSWORD_PROBLEM_MESSAGES[error.details.reason as PasswordProblem] ?? "Password refused"}`,
    );
  } else if (error instanceof UsageError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

/**
 * Staff accounts of the end-to-end runs, made with `npm run admin:create` before the server
 * starts (playwright.config.ts webServer.command), next to the demo admin the server seeds:
 * a `staff` role (read-only guides) and two whose second factor the TOTP test turns on: its
 * first attempt uses `totp`, a retry `totpRetry` (the first attempt may have turned TOTP on for
 * `totp` already, after which its password alone no longer signs in).
 */
export const E2E_STAFF = {
  staff: {
    email: "desk.staff@e2e.breatheuganda.com",
    password: "papyrus-swamp-2026",
    name: "Desk Staff",
  },
  totp: {
    email: "totp.staff@e2e.breatheuganda.com",
    password: "shoebill-stork-2026",
    name: "Totp Staff",
  },
  totpRetry: {
    email: "totp.retry@e2e.breatheuganda.com",
    password: "shoebill-stork-2027",
    name: "Totp Retry",
  },
} as const;

/** The shell command that creates them (run once per fresh e2e database). */
export function createStaffCommand(): string {
  const tsx = "./node_modules/.bin/tsx --conditions=react-server scripts/admin-create.ts";
  return Object.values(E2E_STAFF)
    .map(
      (a) => `${tsx} --email ${a.email} --password ${a.password} --name "${a.name}" --role staff`,
    )
    .join(" && ");
}

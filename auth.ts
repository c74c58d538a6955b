import "server-only";

import { DrizzleAdapter } from "@auth/drizzle-adapter";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";

import { authConfig } from "@/auth.config";
import { getDb } from "@/db";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { authenticateWithPassword } from "@/lib/accounts/data/sign-in";
import { consumeEmailLink } from "@/lib/accounts/data/email-links";
import { loadSessionUser } from "@/lib/accounts/data/session-user";
import { DomainError } from "@/lib/errors";
import { checkSession, startSession } from "@/lib/accounts/data/sessions";

/**
 * Why a sign-in was refused, as the CredentialsSignin code the actions read and map to messages
 * that reveal nothing more: a wrong password or unknown email (`invalid`), limits that cannot be
 * counted (`unavailable`), an unverified email, the second factor asked for, wrong or locked, a
 * mailed link to finish (`confirm-email`, an account under attack), an account that is not staff
 * at the staff sign-in, and for mailed links: used or unknown, an email taken meanwhile, or a
 * staff account that signs in with its password instead (`sign-in-required`).
 */
type SignInRefusal =
  | "invalid"
  | "unavailable"
  | "unverified"
  | "mfa-required"
  | "mfa-invalid"
  | "mfa-locked"
  | "confirm-email"
  | "not-staff"
  | "link-invalid"
  | "email-taken"
  | "sign-in-required";

/** A refused sign-in, by its code. */
class SignInRefused extends CredentialsSignin {
  constructor(refusal: SignInRefusal) {
    super();
    this.code = refusal;
  }
}

/** Too many failures from this address, or too many password checks running: try again later. */
export class SignInThrottled extends CredentialsSignin {
  code = "throttled";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The password sign-in's answers that refuse it, and their codes. */
const PASSWORD_REFUSALS: Record<string, SignInRefusal> = {
  unverified: "unverified",
  mfa_required: "mfa-required",
  mfa_invalid: "mfa-invalid",
  mfa_locked: "mfa-locked",
  confirm_by_email: "confirm-email",
  not_staff: "not-staff",
};

/** Providers that only server code may call (through signIn()); the HTTP callback refuses them. */
export const SERVER_ONLY_PROVIDERS = ["credentials", "email-link"] as const;

/**
 * The full Auth.js configuration. Lazy (a function) because the database opens asynchronously:
 * the adapter is built on the opened database at the first request.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(async () => ({
  ...authConfig,
  adapter: DrizzleAdapter(await getDb(), {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  }),
  providers: [
    Credentials({
      id: "credentials",
      // `code`: the staff second factor (a TOTP code or a recovery code). No session exists
      // before it is checked: an account with TOTP on is refused without a valid one.
      // `staffOnly`: the staff sign-in, where an account without a role gets no session at all.
      credentials: { email: {}, password: {}, code: {}, staffOnly: {} },
      async authorize(credentials) {
        const { email, password, code } = credentials;
        if (typeof email !== "string" || typeof password !== "string")
          throw new SignInRefused("invalid");
        const result = await authenticateWithPassword(
          email,
          password,
          typeof code === "string" ? code : undefined,
          { staffOnly: credentials.staffOnly === "1" },
        ).catch((error: unknown) => {
          if (error instanceof DomainError && error.code === "limits_unavailable")
            throw new SignInRefused("unavailable");
          throw error;
        });
        if (result.status === "throttled") throw new SignInThrottled(result.retryAfterSeconds);
        if (result.status !== "ok")
          throw new SignInRefused(PASSWORD_REFUSALS[result.status] ?? "invalid");
        return result.user;
      },
    }),
    Credentials({
      // The link of a verification or email-change mail: the single-use token is the credential.
      id: "email-link",
      credentials: { token: {} },
      async authorize(credentials) {
        if (typeof credentials.token !== "string") throw new SignInRefused("link-invalid");
        const result = await consumeEmailLink(credentials.token);
        if (result.status === "email-taken" || result.status === "sign-in-required")
          throw new SignInRefused(result.status);
        if (result.status !== "ok") throw new SignInRefused("link-invalid");
        return result.user;
      },
    }),
  ],
  callbacks: {
    ...authConfig.callbacks,
    /**
     * At sign-in: a server-side session row (lib/accounts/data/sessions.ts) whose id the token carries.
     * On every session read: that row must still exist, within the absolute and idle limits
     * (Sign Out, 'Sign out of all devices' and a password change delete rows, so a copy of the
     * cookie anywhere stops working); the user must still exist with the session version the
     * token was issued with (a password reset bumps it) and a verified email.
     */
    async jwt(params) {
      const token = await authConfig.callbacks.jwt(params);
      if (params.user) {
        if (!token.sub) return null;
        token.sid = await startSession(token.sub);
        return token;
      }
      if (!token.sub || token.sessionVersion === undefined || !token.sid) return null;
      if (!(await checkSession(token.sid, token.sub))) return null;
      const user = await loadSessionUser(token.sub);
      if (!user || user.sessionVersion !== token.sessionVersion || !user.emailVerified) return null;
      token.email = user.email;
      token.name = user.name;
      token.isAdmin = user.role !== null;
      return token;
    },
  },
}));

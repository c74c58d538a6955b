import "server-only";

import { DrizzleAdapter } from "@auth/drizzle-adapter";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";

import { authConfig } from "@/auth.config";
import { getDb } from "@/db";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { authenticateWithPassword, consumeEmailLink, loadSessionUser } from "@/lib/dal/auth";
import { DomainError } from "@/lib/errors";
import { checkSession, startSession } from "@/lib/dal/user-sessions";

/** Sign-in refusals, by code (the action maps them to messages that reveal nothing more). */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid";
}
/** Too many failures for the account, or too many password checks running: try again later. */
export class SignInThrottled extends CredentialsSignin {
  code = "throttled";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}
/** The sign-in limits cannot be counted (Redis unreachable): refused, nothing was checked. */
export class SignInUnavailable extends CredentialsSignin {
  code = "unavailable";
}
/** Staff with a second factor: the right password, but no code yet (the form asks for it). */
export class SecondFactorRequired extends CredentialsSignin {
  code = "mfa-required";
}
/** Staff with a second factor: a wrong or already used code. */
export class SecondFactorInvalid extends CredentialsSignin {
  code = "mfa-invalid";
}
/** Staff with a second factor locked after too many wrong codes: only a recovery code works. */
export class SecondFactorLocked extends CredentialsSignin {
  code = "mfa-locked";
}
/** The right password on an account under attack: a link to finish signing in was mailed. */
export class ConfirmByEmail extends CredentialsSignin {
  code = "confirm-email";
}
/** The right password at the staff sign-in, for an account that is not staff: no session. */
export class NotStaff extends CredentialsSignin {
  code = "not-staff";
}
/** A mailed link did its work for a staff account, which signs in with its password instead. */
export class SignInRequired extends CredentialsSignin {
  code = "sign-in-required";
}
export class EmailNotVerified extends CredentialsSignin {
  code = "unverified";
}
export class InvalidEmailLink extends CredentialsSignin {
  code = "link-invalid";
}
export class EmailTaken extends CredentialsSignin {
  code = "email-taken";
}

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
          throw new InvalidCredentials();
        const result = await authenticateWithPassword(
          email,
          password,
          typeof code === "string" ? code : undefined,
          { staffOnly: credentials.staffOnly === "1" },
        ).catch((error: unknown) => {
          if (error instanceof DomainError && error.code === "limits_unavailable")
            throw new SignInUnavailable();
          throw error;
        });
        if (result.status === "throttled") throw new SignInThrottled(result.retryAfterSeconds);
        if (result.status === "unverified") throw new EmailNotVerified();
        if (result.status === "mfa_required") throw new SecondFactorRequired();
        if (result.status === "mfa_invalid") throw new SecondFactorInvalid();
        if (result.status === "mfa_locked") throw new SecondFactorLocked();
        if (result.status === "confirm_by_email") throw new ConfirmByEmail();
        if (result.status === "not_staff") throw new NotStaff();
        if (result.status !== "ok") throw new InvalidCredentials();
        return result.user;
      },
    }),
    Credentials({
      // The link of a verification or email-change mail: the single-use token is the credential.
      id: "email-link",
      credentials: { token: {} },
      async authorize(credentials) {
        if (typeof credentials.token !== "string") throw new InvalidEmailLink();
        const result = await consumeEmailLink(credentials.token);
        if (result.status === "email-taken") throw new EmailTaken();
        if (result.status === "sign-in-required") throw new SignInRequired();
        if (result.status !== "ok") throw new InvalidEmailLink();
        return result.user;
      },
    }),
  ],
  callbacks: {
    ...authConfig.callbacks,
    /**
     * At sign-in: a server-side session row (lib/dal/user-sessions.ts) whose id the token carries.
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

/**
 * The shared shape of every authorization matrix (tests/integration/*authz-matrix*.test.ts): who
 * calls, what each call is expected to answer, and the loop that calls everything as everyone and
 * lists each cell whose answer differs. A matrix file declares only its operations, how an answer
 * reads as an outcome, and what a refused caller must leave unchanged.
 *
 * Operation names carry their target as "<repo path>#<export>" (then a note of what is aimed at):
 * tests/unit/authz-coverage.test.ts reads the matrix files for them.
 */
import { expect, it } from "vitest";

import { resetRateLimits } from "@/lib/rate-limit";

import { createAdminWorld } from "./admin-bookings-world";
import { actAs, type WorldUser } from "./customer-world";
import { newVisitor, redirectTarget } from "./fake-request";
import { openWorld } from "./world";

/** Everyone who may call: a signed-out visitor, two customers, a staff member, an admin. */
export type Actor = "visitor" | "customerA" | "customerB" | "staff" | "admin";

/** The callers of an area with staff roles (the admin screens). */
export const STAFF_AREA_ACTORS = ["visitor", "customerA", "customerB", "staff", "admin"] as const;
/** The callers of an area without staff roles (public and customer screens). */
export const CUSTOMER_AREA_ACTORS = ["visitor", "customerA", "customerB", "admin"] as const;

export type StaffAreaActor = (typeof STAFF_AREA_ACTORS)[number];
export type CustomerAreaActor = (typeof CUSTOMER_AREA_ACTORS)[number];

/**
 * The outcome names the matrices use (a matrix may also expect an exact answer, such as an HTTP
 * status or a toast):
 *
 *   login      signed out: sent to the admin login (or 401 from a route handler)
 *   denied     signed in without a staff role: sent to the login with AccessDenied (or 403)
 *   forbidden  staff where the role admin is needed
 *   redirect   signed out: sent to the customer sign-in
 *   not-found  another customer's resource: answered as if it did not exist
 *   own-only   ran, but showed nothing of another customer's
 *   allowed    the operation ran
 */
export type Outcome =
  | "login"
  | "denied"
  | "forbidden"
  | "redirect"
  | "not-found"
  | "own-only"
  | "allowed";

/** One row of a matrix: the expected answer of each caller. */
export type Expected<A extends Actor, O = Outcome> = Readonly<Record<A, O>>;

export type Operation<A extends Actor, O = Outcome> = {
  /** "<repo path>#<export>", optionally followed by what the call aims at. */
  name: string;
  expected: Expected<A, O>;
  run: () => Promise<unknown>;
};

/** The admin screens' guard: staff and admins in, everyone else sent to the admin login. */
export const STAFF_ONLY: Expected<StaffAreaActor> = {
  visitor: "login",
  customerA: "denied",
  customerB: "denied",
  staff: "allowed",
  admin: "allowed",
};
/** The same, but a staff member without the admin role is refused. */
export const ADMIN_ROLE_ONLY: Expected<StaffAreaActor> = { ...STAFF_ONLY, staff: "forbidden" };

/** A customer's own resource: A (its owner) in, B and an admin told it is not found. */
export const OWN_RESOURCE: Expected<CustomerAreaActor> = {
  visitor: "redirect",
  customerA: "allowed",
  customerB: "not-found",
  admin: "not-found",
};

/** The same answer for every caller. */
export function everyone<A extends Actor, O>(actors: readonly A[], answer: O): Expected<A, O> {
  return Object.fromEntries(actors.map((who) => [who, answer])) as Record<A, O>;
}

/** The guards' redirects, by target, as outcome names. */
export const ADMIN_GUARD_REDIRECTS = {
  "/admin/login": "login",
  "/admin/login?error=AccessDenied": "denied",
} as const satisfies Record<string, Outcome>;
export const CUSTOMER_GUARD_REDIRECTS = {
  "/customer/auth": "redirect",
} as const satisfies Record<string, Outcome>;

/**
 * Calls `run` and names its outcome: a redirect of the guards by `redirects`, another thrown error
 * by `error` (rethrown when that gives nothing: an unexpected failure is the test's failure), and
 * an answer by `value`; an answer `value` does not name is allowed, unless it is an action's state
 * other than success.
 */
export async function outcomeOf(
  run: () => Promise<unknown>,
  judge: {
    redirects: Readonly<Record<string, string>>;
    error?: (error: unknown) => string | undefined;
    value?: (value: unknown) => string | undefined;
  },
): Promise<string> {
  let value: unknown;
  try {
    value = await run();
  } catch (error) {
    const to = redirectTarget(error);
    if (to !== null) {
      const named = judge.redirects[to];
      if (named) return named;
      return `redirect to ${to}`;
    }
    const named = judge.error?.(error);
    if (named !== undefined) return named;
    throw error;
  }
  return judge.value?.(value) ?? unexpectedState(value) ?? "allowed";
}

/** The states of an action (lib/action-state.ts) other than success. A read's row may have a
 * `status` of its own (a booking's), which is no action's answer. */
const FAILED_ACTION_STATES = ["idle", "invalid", "error"];

/** An action's state that is not a success, as an outcome no matrix expects (it names it). */
function unexpectedState(value: unknown): string | undefined {
  const status = (value as { status?: unknown } | null)?.status;
  if (typeof status === "string" && FAILED_ACTION_STATES.includes(status))
    return `action ${JSON.stringify(value)}`;
  return undefined;
}

const answers = <O>(expected: O, got: string) =>
  expected instanceof RegExp ? expected.test(got) : got === expected;

type Matrix<A extends Actor, S, P> = {
  title: (who: A) => string;
  operations: (who: A) => P[];
  /** Makes `who` the caller, before each operation (an operation may end the caller's session). */
  become: (who: A) => void | Promise<void>;
  judge: (operation: P, who: A) => Promise<string>;
  /** Once per caller, before `snapshot` (a resource of the caller's own, say). */
  prepare?: (who: A) => Promise<void>;
  snapshot?: () => Promise<S>;
  /** The callers after whom `snapshot` must find everything as it was before. */
  unchanged?: readonly A[];
  /** Per caller, when its calls are slow (real sign-ins hash passwords). */
  timeout?: number;
  check?: (who: A, before: S, after: S) => void | Promise<void>;
};

/**
 * One test per caller: `become(who)`, then every operation in order, each answer judged by
 * `judge`; the test fails listing every cell whose answer differs from the expected one. Then
 * `snapshot`, taken before and after the calls, must be unchanged for the `unchanged` callers, and
 * `check` may compare more.
 */
export function matrixTests<
  A extends Actor,
  O extends string | RegExp,
  S = undefined,
  P extends Operation<A, O> = Operation<A, O>,
>(matrix: Matrix<A, S, P> & { actors: readonly A[] }) {
  for (const who of matrix.actors) {
    it(
      matrix.title(who),
      async () => {
        await matrix.prepare?.(who);
        const before = (await matrix.snapshot?.()) as S;
        const mismatches: string[] = [];
        for (const operation of matrix.operations(who)) {
          await matrix.become(who);
          const got = await matrix.judge(operation, who);
          const expected = operation.expected[who];
          if (!answers(expected, got))
            mismatches.push(`${operation.name}: expected ${String(expected)}, got ${got}`);
        }
        expect(mismatches).toEqual([]);
        const after = (await matrix.snapshot?.()) as S;
        if (matrix.unchanged?.includes(who))
          expect(after, `${who} changed nothing`).toEqual(before);
        await matrix.check?.(who, before, after);
      },
      matrix.timeout,
    );
  }
}

type Judge = Omit<Parameters<typeof outcomeOf>[1], "redirects">;

/** The callers of one area and the redirects of its guards. */
function area<A extends Actor>(actors: readonly A[], redirects: Readonly<Record<string, string>>) {
  return {
    actors,
    everyone: <O>(answer: O) => everyone(actors, answer),
    outcome: (run: () => Promise<unknown>, judge: Judge = {}) =>
      outcomeOf(run, { redirects, ...judge }),
    tests: <O extends string | RegExp, S = undefined, P extends Operation<A, O> = Operation<A, O>>(
      matrix: Matrix<A, S, P>,
    ) => matrixTests<A, O, S, P>({ actors, ...matrix }),
  };
}

/** The admin screens' matrices: five callers, and the admin guards' redirects. */
export const staffArea = {
  ...area(STAFF_AREA_ACTORS, ADMIN_GUARD_REDIRECTS),
  staffOnly: STAFF_ONLY,
  adminRoleOnly: ADMIN_ROLE_ONLY,
  /** Those the admin screens refuse: they must leave everything as it was. */
  refused: ["visitor", "customerA", "customerB"] as StaffAreaActor[],
};

/** The public and customer screens' matrices: four callers, and the customer guard's redirect. */
export const customerArea = {
  ...area(CUSTOMER_AREA_ACTORS, CUSTOMER_GUARD_REDIRECTS),
  /** Anyone signed in, on their own account; a visitor is sent to sign in. */
  self: {
    visitor: "redirect",
    customerA: "allowed",
    customerB: "allowed",
    admin: "allowed",
  } as Expected<CustomerAreaActor>,
  /** Everyone but customer A, whose data the operations aim at. */
  notA: ["visitor", "customerB", "admin"] as CustomerAreaActor[],
};

export type StaffAreaOperation<O = Outcome> = Operation<StaffAreaActor, O>;
export type CustomerAreaOperation<O = Outcome> = Operation<CustomerAreaActor, O>;
/** A public operation expected to give an exact answer (a toast, a status), or one matching. */
export type AnswerOperation = CustomerAreaOperation<string | RegExp>;

/**
 * The database and the callers of a matrix file, at its top: a cloned database, and in it
 * customers A and B (with bookings and threads), a staff member and an admin (customer-world,
 * admin-bookings-world). `become(who)` makes `who` the caller of the Auth.js stand-in (the file
 * mocks "@/auth" with customer-world's authMock).
 */
export function openMatrixWorld() {
  const t = openWorld(createAdminWorld);
  const userOf = (who: Actor): WorldUser | null => {
    if (who === "visitor") return null;
    const { a, b, staff, admin } = t.w;
    return { customerA: a, customerB: b, staff, admin }[who];
  };
  let ip = 0;
  return {
    get db() {
      return t.db;
    },
    get w() {
      return t.w;
    },
    userOf,
    become: (who: Actor) => actAs(userOf(who)),
    /**
     * `become(who)` from an address of its own, the rate limits reset: a public action counts
     * its callers by address, and no caller may be refused for the one before.
     */
    becomeFromNewAddress: (who: Actor) => {
      newVisitor(`198.51.100.${(++ip % 250) + 1}`);
      resetRateLimits();
      actAs(userOf(who));
    },
  };
}

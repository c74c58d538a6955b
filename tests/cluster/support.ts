/**
 * What the cluster tests do as a browser would, over plain HTTP: requests from a chosen loopback
 * source address (each is a client of its own behind the proxy), a cookie jar, and server actions
 * posted the way the browser's action client posts them (the `Next-Action` header with the id
 * from the build's manifest, the arguments as React's encodeReply writes plain values).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

import { type Db, openPostgres } from "@/db";
import { adminUsers, users } from "@/db/schema";
import { hashPassword } from "@/lib/accounts/password";

import { type Cluster, INSTANCE_HEADER } from "./harness";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type HttpResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The source address of the connection (127.0.0.2 … 127.0.0.254: another client). */
  localAddress?: string;
  /** Pin the request to one instance (through the proxy). */
  instance?: number;
  jar?: CookieJar;
  agent?: http.Agent;
  timeoutMs?: number;
};

/** Cookies by name, as a browser keeps them for one site (no paths or expiry: enough here). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

export function request(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...options.headers };
  if (options.instance !== undefined) headers[INSTANCE_HEADER] = String(options.instance);
  const cookie = options.jar?.header();
  if (cookie) headers.cookie = cookie;
  if (options.body !== undefined)
    headers["content-length"] = String(Buffer.byteLength(options.body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? "GET",
        headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          options.jar?.store(res.headers["set-cookie"]);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${options.method ?? "GET"} ${url}`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

type Manifest = { node: Record<string, { exportedName?: string; filename?: string }> };

/**
 * The id of a server action in the build (.next/server/server-reference-manifest.json) of the
 * site, or of another project (`projectDir`: the bench's framework floor).
 */
export function actionId(file: string, exportedName: string, projectDir = ROOT): string {
  const manifest = JSON.parse(
    readFileSync(path.join(projectDir, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as Manifest;
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.filename === file && entry.exportedName === exportedName,
  );
  if (!found) throw new Error(`No server action ${exportedName} of ${file} in the build`);
  return found[0];
}

/** React's reply encoding of plain JSON values: a string starting with `$` is escaped as `$$`. */
function encodeReply(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "string" && v.startsWith("$") ? `$${v}` : v,
  );
}

export type ActionResult = {
  status?: string;
  title?: string;
  message?: string;
  [key: string]: unknown;
};

/**
 * Posts a form action (`(previousState, input)`, lib/action.ts) to `pagePath` on the site as the
 * browser's action client does, and returns the action's answer read from the RSC response.
 */
export async function postAction(
  baseUrl: string,
  pagePath: string,
  id: string,
  input: Record<string, unknown>,
  options: Omit<RequestOptions, "method" | "body"> = {},
): Promise<HttpResponse & { result: ActionResult | undefined }> {
  const origin = new URL(baseUrl).origin;
  const response = await request(`${origin}${pagePath}`, {
    ...options,
    method: "POST",
    headers: {
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
      "next-action": id,
      origin,
      ...options.headers,
    },
    body: encodeReply([{ status: "idle" }, input]),
  });
  return { ...response, result: actionResult(response.body) };
}

/** The action's return value: the RSC row holding an object with a `status`. */
export function actionResult(body: string): ActionResult | undefined {
  for (const line of body.split("\n")) {
    const match = /^[0-9a-f]+:(\{.*\})$/.exec(line);
    if (!match) continue;
    try {
      const value = JSON.parse(match[1]!) as ActionResult;
      if (typeof value.status === "string") return value;
    } catch {
      // Not a JSON row (a chunk of text or a reference): skip it.
    }
  }
  return undefined;
}

/**
 * A private trip's request taken: the public wizard's action sends the browser to the request's
 * confirmation page (Next's x-action-redirect to /booking/requested/<token>).
 */
export function sentToRequestPage(response: HttpResponse): boolean {
  const header = response.headers["x-action-redirect"];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === "string" && value.startsWith("/booking/requested/");
}

/** The cluster's database, from the test process (for arranging and counting). */
export async function openClusterDb(
  cluster: Cluster,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const handle = await openPostgres(cluster.databaseUrl, { max: 4 });
  return { db: handle.db, close: handle.close };
}

/** A verified account with a password; `role` also makes it staff (without a second factor). */
export async function createAccount(
  db: Db,
  { email, password, role }: { email: string; password: string; role?: "staff" | "admin" },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: email.split("@")[0],
      passwordHash: await hashPassword(password),
      emailVerified: new Date(),
    })
    .returning({ id: users.id });
  if (role) await db.insert(adminUsers).values({ userId: row!.id, role });
  return row!.id;
}

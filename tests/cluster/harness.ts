/**
 * Several production instances as one site, for the cluster tests and `npm run cluster`:
 * N `next start` processes of the build in .next on one Postgres database and one Redis (own key
 * prefix), with the secrets they must share, behind a small round-robin reverse proxy that
 * appends X-Forwarded-For as nginx does (the instances trust it as 1 hop). Uploaded pictures go
 * to one STORAGE_DIR shared by the instances (a temporary directory): the local storage driver on
 * a shared volume; S3 works the same way for a real deployment.
 *
 *   const cluster = await startCluster({ instances: 2 });
 *   await fetch(`${cluster.url}/tours`);                       // round-robin
 *   await fetch(`${cluster.url}/tours`, { headers: { [INSTANCE_HEADER]: "1" } }); // instance 1
 *   await cluster.instances[0].stop(); await cluster.instances[0].start();
 *   await cluster.stop();                                      // also drops the database
 *
 * The proxy retries a request on the next instance when one refuses the connection (nginx's
 * proxy_next_upstream error), except a request pinned to an instance, which gets a 502.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";

import { Redis } from "ioredis";
import postgres from "postgres";

import {
  MAIL_CAPTURE_API_KEY,
  type MailCapture,
  startMailCapture,
} from "../e2e/support/mail-capture";
import { freePort } from "../helpers/local-server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "node_modules/.bin");

/** A request carrying this header (an instance's index) goes to that instance only. */
export const INSTANCE_HEADER = "x-cluster-instance";

export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export type ClusterOptions = {
  /** How many `next start` processes (default 2). */
  instances?: number;
  /**
   * A database on the Postgres server to start from (default TEST_DATABASE_URL, else the local
   * `test`): a fresh database with a unique name is created beside it, migrated and seeded, and
   * dropped by stop(). With `useDatabaseAsIs`, this database itself is migrated and seeded.
   */
  databaseUrl?: string;
  useDatabaseAsIs?: boolean;
  /** Default TEST_REDIS_URL, else the local Redis. Keys get a prefix of their own per cluster. */
  redisUrl?: string;
  /** Extra or overriding environment of every instance. */
  env?: Record<string, string>;
  /** The proxy's port (default: a free one); instances take free ports of their own. */
  port?: number;
  /** Start a Resend stand-in and send the mail there (default true); else the outbox logs it. */
  mailCapture?: boolean;
  /** Leave the cluster's Redis keys in place at stop() (default false: they are deleted). */
  keepRedisKeys?: boolean;
  /** Copy every instance's output to this process's (default false: kept in `output()`). */
  echo?: boolean;
};

export type ClusterInstance = {
  index: number;
  url: string;
  port: number;
  /** The process id while it runs. */
  pid: number | undefined;
  running: boolean;
  /** Starts it again (after stop()) on the same port, and waits until it answers. */
  start(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process has exited. */
  stop(): Promise<void>;
  /** Its stdout and stderr so far (the last 1 MB). */
  output(): string;
};

export type Cluster = {
  /** The proxy: the site's public origin (SITE_URL and AUTH_URL of every instance). */
  url: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** The Resend stand-in (mails sent by any instance), when started. */
  mail: MailCapture | undefined;
  /** The environment every instance shares (secrets included). */
  env: Record<string, string>;
  /** Requests the proxy sent to each instance, by index. */
  hits: number[];
  stop(): Promise<void>;
};

export { freePort };

function runCli(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(BIN, "tsx"), [script], {
      cwd: ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}:\n${output}`)),
    );
  });
}

/** Creates `cluster_<random>` on the server of `baseUrl`; returns its URL. */
async function createDatabase(baseUrl: string): Promise<string> {
  const name = `cluster_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const sql = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end({ timeout: 1 });
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name.startsWith("cluster_")) return; // only the databases this harness made
  url.pathname = "/postgres";
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Deletes the keys of one cluster (its prefix), never anything else. */
async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } catch {
    // Redis is away (a fault test may have stopped it): nothing to clean that we can reach.
  } finally {
    redis.disconnect();
  }
}

/**
 * GETs `url` and reads its body, or fails after `ms`. Not fetch with AbortSignal.timeout: on
 * Node 20-23 an abort that lands while the body is being read leaves the body's promise pending
 * forever (nodejs/node#56917), which on a busy machine (a first answer slower than the limit) hung
 * a cluster's start with no socket and no timer left.
 */
function answerWithin(url: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: ms, agent: false }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve());
      response.on("error", reject);
      // Destroyed while the body was coming (the timer): no 'end', maybe no 'error'.
      response.on("close", () => reject(new Error(`${url}: closed before the end`)));
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${ms} ms`)), ms);
    req.on("close", () => clearTimeout(timer));
    req.on("error", reject);
  });
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`next start exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      // Any answer will do: the server is listening and routing (robots.txt reads no database and logs nothing).
      await answerWithin(`${url}/robots.txt`, 2_000);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`next start at ${url} did not answer within 90 s:\n${output()}`);
}

/**
 * Instances still running when this process exits (a test runner killed on a timeout, an
 * unhandled error) are killed with it rather than left serving.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** A built Next.js project to serve: its directory and its `next` binary. */
export type NextProject = { cwd: string; next: string };

const SITE: NextProject = { cwd: ROOT, next: path.join(BIN, "next") };

/**
 * One `next start` of a built project (the site by default; the bench also serves its framework
 * floor this way), not started yet: call start().
 */
export function startInstance(
  index: number,
  port: number,
  env: Record<string, string>,
  echo: boolean,
  project: NextProject = SITE,
): ClusterInstance {
  let child: ChildProcess | undefined;
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-1_000_000);
    if (echo) process.stdout.write(`[instance ${index}] ${chunk}`);
  };
  const instance: ClusterInstance = {
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: undefined,
    running: false,
    async start() {
      if (instance.running) return;
      const current = spawn(project.next, ["start", "-H", "127.0.0.1", "-p", String(port)], {
        cwd: project.cwd,
        env: env as NodeJS.ProcessEnv,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = current;
      running.add(current);
      current.stdout.on("data", keep);
      current.stderr.on("data", keep);
      instance.pid = current.pid;
      instance.running = true;
      current.on("exit", () => {
        running.delete(current);
        if (child === current) {
          instance.running = false;
          instance.pid = undefined;
        }
      });
      await waitUntilAnswering(instance.url, current, () => log);
    },
    async stop() {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
      current.kill("SIGTERM");
      const timer = setTimeout(() => current.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      instance.running = false;
      instance.pid = undefined;
    },
    output: () => log,
  };
  return instance;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/**
 * The reverse proxy: round-robin over the instances, X-Forwarded-For appended with the peer's
 * address, X-Forwarded-Proto/Host set; the body is buffered so a refused connection can be
 * retried on the next instance.
 */
export function startProxy(
  instances: ClusterInstance[],
  hits: number[],
  port: number,
): Promise<http.Server> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const forward = (
    target: ClusterInstance,
    request: IncomingMessage,
    body: Buffer,
    headers: http.OutgoingHttpHeaders,
  ): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: target.port,
          method: request.method,
          path: request.url,
          headers,
          agent,
        },
        resolve,
      );
      upstream.on("error", reject);
      upstream.end(body);
    });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    const pinned = headers[INSTANCE_HEADER];
    delete headers[INSTANCE_HEADER];
    const peer = request.socket.remoteAddress ?? "unknown";
    const forwarded = request.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
    headers["x-forwarded-proto"] = "http";
    headers["x-forwarded-host"] = request.headers.host;
    headers["content-length"] = String(body.length);
    delete headers["transfer-encoding"];

    const order =
      pinned !== undefined
        ? instances.filter((instance) => instance.index === Number(pinned))
        : instances.map((_, i) => instances[(next + i) % instances.length]!);
    if (pinned === undefined) next = (next + 1) % instances.length;

    for (const target of order) {
      try {
        const upstream = await forward(target, request, body, headers);
        hits[target.index] = (hits[target.index] ?? 0) + 1;
        response.writeHead(upstream.statusCode ?? 502, upstream.rawHeaders);
        upstream.pipe(response);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ECONNREFUSED" && code !== "ECONNRESET") break;
      }
    }
    if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
    response.end("Bad gateway: no instance answered");
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  // Many concurrent clients in the load test: keep the listen backlog deep.
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: "127.0.0.1", backlog: 1024 }, () => resolve(server));
  });
}

/** Closes the proxy and the connections it keeps open. */
export function stopProxy(proxy: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    proxy.close(() => resolve());
    proxy.closeAllConnections();
  });
}

/** The environment of the instances: this process's (PATH, HOME…) without test-runner settings. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(VITEST|TEST_|NODE_OPTIONS$|DATABASE_URL$|PGLITE_DIR$|DEMO$|E2E_)/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const redisUrl = options.redisUrl ?? process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const baseDatabaseUrl =
    options.databaseUrl ?? process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisKeyPrefix =
    options.env?.REDIS_KEY_PREFIX ??
    `cluster:${Date.now().toString(36)}${randomBytes(3).toString("hex")}:`;
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
  };

  try {
    const databaseUrl = options.useDatabaseAsIs
      ? baseDatabaseUrl
      : await createDatabase(baseDatabaseUrl);
    if (!options.useDatabaseAsIs) cleanups.push(() => dropDatabase(databaseUrl));
    if (!options.keepRedisKeys) cleanups.push(() => deleteRedisKeys(redisUrl, redisKeyPrefix));

    const cliEnv = { ...baseEnv(), DATABASE_URL: databaseUrl };
    await runCli("db/migrate-cli.ts", cliEnv);
    await runCli("db/seed-cli.ts", cliEnv);

    let storageDir = options.env?.STORAGE_DIR;
    if (!storageDir) {
      const made = await mkdtemp(path.join(os.tmpdir(), "cluster-storage-"));
      cleanups.push(() => rm(made, { recursive: true, force: true }));
      storageDir = made;
    }

    const mail =
      options.mailCapture === false ? undefined : await startMailCapture(await freePort());
    if (mail) cleanups.push(() => mail.close());

    const proxyPort = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${proxyPort}`;
    const env: Record<string, string> = {
      ...baseEnv(),
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      SITE_URL: url,
      AUTH_URL: url,
      TRUSTED_PROXY_HOPS: "1",
      AUTH_SECRET: randomBytes(33).toString("base64"),
      MFA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      STORAGE_DIR: storageDir,
      ...(mail ? { RESEND_API_KEY: MAIL_CAPTURE_API_KEY, RESEND_BASE_URL: mail.url } : {}),
      NEXT_TELEMETRY_DISABLED: "1",
      ...options.env,
    };

    const ports = [];
    for (let i = 0; i < count; i += 1) ports.push(await freePort());
    const instances = ports.map((port, index) =>
      startInstance(index, port, env, options.echo ?? false),
    );
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())));
    await Promise.all(instances.map((instance) => instance.start()));

    const hits = instances.map(() => 0);
    const proxy = await startProxy(instances, hits, proxyPort);
    cleanups.push(() => stopProxy(proxy));

    return {
      url,
      instances,
      databaseUrl,
      redisUrl,
      redisKeyPrefix,
      mail,
      env,
      hits,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

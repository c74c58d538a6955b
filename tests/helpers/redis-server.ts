/**
 * A private `redis-server` for fault tests: on a free port, without persistence, stopped and
 * started again on the same port (the clients' URL stays valid), so the shared Redis of the
 * machine is never touched.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Socket } from "node:net";

import { freePort, type LocalServer } from "./local-server";

/** Resolves once something accepts connections on the port (or rejects after `timeoutMs`). */
async function waitForPort(port: number, open: boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
      socket.connect(port, "127.0.0.1");
    });
    if (accepted === open) return;
    if (Date.now() > deadline) throw new Error(`port ${port} not ${open ? "open" : "closed"}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Started again after a stop, on the same port. */
export type RedisServer = LocalServer & { start: () => Promise<void> };

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (child) return;
      child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      await waitForPort(port, true);
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
      await waitForPort(port, false);
    },
  };
  await server.start();
  return server;
}

/** What the tests that start a server of their own share: a free port, and the server's handle. */
import { createServer } from "node:net";

/** A TCP port nobody listens on at the moment, on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server a test started for itself on the loopback address. */
export type LocalServer = {
  /** Where its clients connect. */
  url: string;
  port: number;
  stop: () => Promise<void>;
};

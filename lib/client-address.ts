import type { IncomingMessage, Server } from "node:http";

/**
 * Which address a request came from, for rate limits: the one the deployment vouches for.
 *
 * X-Forwarded-For is a list anyone can start: a client may send `X-Forwarded-For: 6.6.6.6` and
 * each proxy on the way appends the address it was connected from. Only the entries appended by
 * our own proxies can be believed, so the address is counted from the right, as Express's
 * `trust proxy = <hops>` does: with TRUSTED_PROXY_HOPS proxies in front of the app, the client is
 * the entry that many places left of the socket's own peer address.
 *
 *   chain = [...X-Forwarded-For entries, socket peer]
 *   client = chain[chain.length - 1 - hops]   (the leftmost entry when the chain is shorter)
 *
 * The socket peer. Under `next start` a route handler or server action never sees the socket;
 * Next's base server (node_modules/next/dist/server/base-server.js, handleRequestImpl) only does
 *
 *   req.headers['x-forwarded-for'] ??= originalRequest.socket.remoteAddress
 *
 * so it fills X-Forwarded-For with the peer when the request has none, and when the client sent
 * one it is passed on untouched: neither appended to nor overwritten. A forged header therefore
 * hides the peer completely. `recordSocketPeer` (installed by instrumentation.ts) writes the peer
 * into PEER_ADDRESS_HEADER of every request before Next sees it, overwriting whatever a client
 * sent under that name; `clientAddress` appends it to the chain.
 */
export const PEER_ADDRESS_HEADER = "x-breathe-peer-address";

const MAX_ENTRIES = 32;

/** The address TRUSTED_PROXY_HOPS proxies vouch for, from a request's headers. */
export function clientAddress(headers: Headers, hops: number): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .slice(-MAX_ENTRIES);
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim();
  // No recorded peer (the server hook is not installed: a request before it was, a platform that
  // runs no Node http server): with no trusted proxy nothing in the headers can be believed.
  if (!peer && hops === 0) return "unknown";
  const chain = peer ? [...forwarded, peer] : forwarded;
  const address = chain[Math.max(0, chain.length - 1 - hops)];
  return address ? address.slice(0, 64) : "unknown";
}

type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
const globalForPeer = globalThis as unknown as { __peerAddressHook?: boolean };

/**
 * Records the socket's peer address in PEER_ADDRESS_HEADER of every request the process's Node
 * http servers receive, before any listener (Next's request handler) runs. Installed once per
 * process; patching the prototype also covers the server `next start` created before this ran.
 */
export async function recordSocketPeer(): Promise<void> {
  if (globalForPeer.__peerAddressHook) return;
  globalForPeer.__peerAddressHook = true;
  const http = await import("node:http");
  const emit = http.Server.prototype.emit as Emit;
  http.Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as IncomingMessage;
      const peer = req.socket?.remoteAddress;
      if (peer) req.headers[PEER_ADDRESS_HEADER] = peer;
      else delete req.headers[PEER_ADDRESS_HEADER];
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}

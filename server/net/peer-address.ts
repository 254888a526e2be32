// The connection's remote address as Next's route handlers see it. A Web Request carries no
// socket, so the production server (scripts/server.mjs) writes the socket's address into this
// header on every request, replacing whatever a client sent, and says so once through a global
// flag. Without the flag (`next dev`, a plain `next start`) nobody overwrites the header, so it
// is not read at all: the peer is unknown and per-client limits share one bucket there.
import { clientAddress, type TrustProxy } from "./client-address";

export const PEER_ADDRESS_HEADER = "x-exam-peer-address";

/** Set to true by a server that writes PEER_ADDRESS_HEADER on every request (scripts/server.mjs). */
export const PEER_ADDRESS_FLAG = Symbol.for("exam-studio.peer-address-header");

/** For a server in front of the handlers that overwrites the header on every request, as scripts/server.mjs does. */
export function declarePeerAddressHeader(): void {
  (globalThis as Record<symbol, unknown>)[PEER_ADDRESS_FLAG] = true;
}

export function peerAddressOf(headers: Headers): string | null {
  return (globalThis as Record<symbol, unknown>)[PEER_ADDRESS_FLAG] === true ? headers.get(PEER_ADDRESS_HEADER) : null;
}

/** The client address of a request that reached a route handler. */
export function requestClientAddress(request: Request, trust: TrustProxy | null): string | null {
  return clientAddress(peerAddressOf(request.headers), request.headers.get("x-forwarded-for"), trust);
}

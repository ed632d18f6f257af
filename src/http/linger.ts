import type { Socket } from "node:net";

/** How long a refused client may keep sending before its socket is destroyed. */
const LINGER_MS = 1000;

/**
 * Writes a last response, closes our side, and reads (and drops) whatever the client still sends
 * for a moment before destroying the socket. Closing at once with unread data in the kernel's
 * buffer sends a reset, which can make the client lose the response it was about to read.
 */
export function lingeringClose(socket: Socket, response: string, lingerMs = LINGER_MS) {
  socket.on("error", () => {}); // a client that resets meanwhile is no fault of ours
  if (socket.destroyed) return;
  if (socket.writable && response) socket.end(response);
  else socket.end();
  socket.resume();
  // The client closed its side: it sends nothing more, so its descriptor is freed once ours is sent.
  socket.once("end", () =>
    socket.writableFinished ? socket.destroy() : socket.once("finish", () => socket.destroy()),
  );
  setTimeout(() => socket.destroy(), lingerMs).unref();
}

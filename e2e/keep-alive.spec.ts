// The production server (scripts/server.mjs) keeps an idle keep-alive connection open past Node's
// default of 5 s: a client's next request on it must not race the server's close (it failed with
// ECONNRESET before reaching the app, seen in these tests). One raw HTTP/1.1 connection, two
// requests 6 s apart.
import net from "node:net";
import { once } from "node:events";
import { expect, test } from "@playwright/test";

test("an idle connection is still open 6 s later, and answers the next request on it", async ({ baseURL }) => {
  test.setTimeout(30_000);
  const url = new URL(baseURL!);
  const socket = net.connect(Number(url.port), url.hostname);
  await once(socket, "connect");
  let received = "";
  let closedAfter: number | null = null;
  const opened = Date.now();
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("close", () => (closedAfter = Date.now() - opened));
  const answers = () => received.split("HTTP/1.1 ").length - 1;
  const ask = () => socket.write(`GET /favicon.ico HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
  try {
    ask();
    await expect.poll(answers, { timeout: 10_000 }).toBe(1);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.toLowerCase()).not.toContain("connection: close");
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(closedAfter, "the server closed the idle connection").toBeNull();
    ask();
    await expect.poll(answers, { timeout: 10_000 }).toBe(2);
  } finally {
    socket.destroy();
  }
});

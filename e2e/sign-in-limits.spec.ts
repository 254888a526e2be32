// The sign-in limit through the production server (scripts/server.mjs): it is keyed on the
// connection's address, which the server passes to Next's route in its own header, so neither
// X-Forwarded-For (TRUST_PROXY is unset here) nor anything else a client sends moves a guesser to
// a fresh count. The rules themselves are tested in tests/integration/sign-in-limits.test.ts.
import { randomBytes } from "node:crypto";
import { expect, newAuthorDetails, test } from "./support/fixtures";

test("wrong passwords wait per account and connection address; X-Forwarded-For changes nothing", async ({
  request,
}) => {
  const port = new URL(test.info().project.use.baseURL!).port;
  const author = newAuthorDetails();
  // Signed up at localhost: the device cookie it sets is not sent to 127.0.0.1 or [::1], so the
  // tries below come from a browser that never signed in to the account.
  const signedUp = await request.post(`http://localhost:${port}/api/auth/sign-up/email`, {
    headers: { origin: `http://localhost:${port}` },
    data: { email: author.email, password: author.password, name: author.name },
  });
  expect(signedUp.ok()).toBe(true);

  const wrongPassword = (host: string) =>
    request.post(`http://${host}:${port}/api/auth/sign-in/email`, {
      headers: {
        origin: `http://${host}:${port}`,
        // Addresses a client might claim, different on every try: neither may count.
        "x-forwarded-for": `198.51.100.${randomBytes(1)[0]}`,
        "x-exam-peer-address": `203.0.113.${randomBytes(1)[0]}`,
      },
      data: { email: author.email, password: "not the password at all" },
    });
  for (let i = 0; i < 5; i++) expect((await wrongPassword("127.0.0.1")).status()).toBe(401);
  // The sixth waits 1 s, a further one 2 s, then 4 s: on a loaded machine a second can pass
  // between one answer and the next try, so the refusal must come within three more tries.
  let refused = await wrongPassword("127.0.0.1");
  for (let i = 0; i < 2 && refused.status() === 401; i++) refused = await wrongPassword("127.0.0.1");
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect((await refused.json()).message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);

  // From another connection address (IPv6 loopback) the count is its own: the server told the
  // route where each request came from (were it unknown, both would share one count).
  expect((await wrongPassword("[::1]")).status()).toBe(401);
});

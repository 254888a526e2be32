// The answer of GET /media/… for anything that is not a stored file: a plain 404. One
// definition for the media route (serve.ts) and for proxy.ts, which answers a media path whose
// escapes do not decode before the route can run.
export function mediaNotFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
  });
}

"use client";
// The reference's curl example, calling the server the reader opened the page on. The page is
// static (built once, served anywhere), so the origin is filled in by the browser; the server's
// render, and a browser without JavaScript, show an example origin instead (docs/decisions.md).
import { useSyncExternalStore } from "react";
import { CodeBlock } from "./code-block";

const EXAMPLE_ORIGIN = "https://exams.example.com";

const noChanges = () => () => {};

/** The origin this page was served from, once in the browser. */
function usePageOrigin(): string {
  return useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => EXAMPLE_ORIGIN,
  );
}

/** `body`: the JSON-RPC request as written in the example. */
export function CurlExample({ label, body }: { label: string; body: string }) {
  const origin = usePageOrigin();
  const code = `curl -s ${origin}/api/json \\
  -H 'content-type: application/json' \\
  -H 'authorization: Bearer ek_…' \\
  -d '${body}'`;
  return <CodeBlock label={label} code={code} />;
}

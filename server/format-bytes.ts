// A size limit as a person reads it. Pure: used in messages on the server, in parse workers and in forms.

/** A limit as a person reads it: "64 MiB", "512 KiB", else the exact byte count. */
export function formatBytes(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / 1024 / 1024} MiB`;
  if (n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

"use client";
// What an import is doing while the author waits: reading the file in the browser (a bar that
// fills), then sending and checking it or storing it on the server (a moving bar, the file's size
// and the seconds so far), so that a long import of a large file never looks stuck.
import { useEffect, useState } from "react";

export type ImportPhase = "idle" | "reading" | "checking" | "importing";

const PHASE_TEXT: Record<Exclude<ImportPhase, "idle">, string> = {
  reading: "Reading the file",
  checking: "Sending and checking the file (nothing is stored yet)",
  importing: "Importing",
};

/** "2.4 MB", "812 KB" */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** `read`: the share of the file read so far (reading); `bytes`: the file's size. */
export function ImportProgress({ phase, read, bytes }: { phase: ImportPhase; read: number; bytes: number }) {
  const [seconds, setSeconds] = useState(0);
  // A new phase counts from 0 (adjusted while rendering, against the phase of the render before).
  const [countedPhase, setCountedPhase] = useState(phase);
  if (phase !== countedPhase) {
    setCountedPhase(phase);
    setSeconds(0);
  }
  useEffect(() => {
    if (phase === "idle") return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [phase]);
  if (phase === "idle") return null;
  const label = `${PHASE_TEXT[phase]}${bytes > 0 ? ` (${sizeText(bytes)})` : ""}…`;
  return (
    <div className="flex flex-col gap-1" data-testid="import-progress">
      <span className="text-sm text-slate-600">
        {label}
        {phase !== "reading" && seconds >= 2 ? ` ${seconds} s` : ""}
      </span>
      {/* Without a value a progress bar is indeterminate: the server says nothing until it answers. */}
      <progress
        aria-label={label}
        className="h-2 w-full accent-brand-600"
        {...(phase === "reading" ? { value: read, max: 1 } : {})}
      />
    </div>
  );
}

"use client";
// How many rows to render: `initial` at first (so the server's HTML and the hydration stay small
// with thousands of questions), then `step` more per frame in a transition, which React
// interrupts for typing and clicks, until every row is there.
import { startTransition, useEffect, useState } from "react";

export function useProgressiveCount(total: number, initial = 100, step = 200): number {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setCount((c) => Math.min(total, c + step))));
    return () => cancelAnimationFrame(frame);
  }, [count, total, step]);
  return Math.min(count, total);
}

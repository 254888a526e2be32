"use client";
// The page's presence heartbeat: every few seconds (and at once when the tab comes back into view)
// it tells the server this tab has the exam or question open, and hears who else has. Leaving the
// page says so; a tab that cannot (closed, crashed, asleep) stops counting after a few seconds.
import { useEffect, useState } from "react";
import { beatPresence, leavePresence } from "@/app/actions/presence";
import type { PresentTabView } from "@/server/web/presence";

const BEAT_MS = 5_000;

function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function usePresence(examId: number, questionId: number | null): PresentTabView[] {
  const [others, setOthers] = useState<PresentTabView[]>([]);
  useEffect(() => {
    const tabId = newTabId();
    let live = true;
    const beat = async () => {
      try {
        const answer = await beatPresence({ tabId, examId, questionId });
        if (live) setOthers(answer.ok ? answer.others : []);
      } catch {
        // Offline or a deploy: the next beat tries again.
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), BEAT_MS);
    const onVisible = () => document.visibilityState === "visible" && void beat();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      void leavePresence(tabId).catch(() => {});
    };
  }, [examId, questionId]);
  return others;
}

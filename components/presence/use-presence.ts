"use client";
// The page's presence heartbeat: every few seconds (and at once when the tab comes back into view)
// it tells the server this tab has the exam or question open, and hears who else has. Leaving the
// page ends its presence at once, however it is left: closed, reloaded or another page of the site
// opened (`pagehide`), or another page of the app shown in the same document (Next's client-side
// navigation fires no pagehide; the hook is unmounted). Both send the tab id as a beacon to
// /presence/leave, which the browser delivers even as the page goes away. A tab that cannot say
// so (crashed, asleep, offline) stops counting when its heartbeat goes stale.
import { useEffect, useState } from "react";
import { beatPresence } from "@/app/actions/presence";
import { LEFT_TABS_MAX } from "@/server/schemas/presence";
import type { PresentTabView } from "@/server/web/presence";
import { callAction } from "@/components/lib/call-action";

const BEAT_MS = 5_000;
const LEAVE_URL = "/presence/leave";

/**
 * The pages this document showed and left, until a beat has told the server so too: the beacon
 * of the page left races the first beat of the page after, which must not list its predecessor
 * as "you in another tab".
 */
const leftTabs = new Set<string>();

function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function leave(tabId: string) {
  leftTabs.add(tabId);
  while (leftTabs.size > LEFT_TABS_MAX) leftTabs.delete(leftTabs.values().next().value!);
  navigator.sendBeacon(LEAVE_URL, tabId);
}

export function usePresence(examId: number, questionId: number | null): PresentTabView[] {
  const [others, setOthers] = useState<PresentTabView[]>([]);
  useEffect(() => {
    const tabId = newTabId();
    let live = true;
    const beat = async () => {
      const left = [...leftTabs];
      try {
        const answer = await callAction(() => beatPresence({ tabId, examId, questionId, leftTabs: left }));
        if (answer.ok) for (const id of left) leftTabs.delete(id);
        if (live) setOthers(answer.ok ? answer.result.others : []);
      } catch {
        // Offline or a deploy: the next beat tries again.
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), BEAT_MS);
    const onVisible = () => document.visibilityState === "visible" && void beat();
    const onPageHide = () => leave(tabId);
    // Back from the back/forward cache: the page left is shown again, and beats again at once.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      leftTabs.delete(tabId);
      void beat();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      leave(tabId);
    };
  }, [examId, questionId]);
  return others;
}

"use client";
// Keeps unsaved edits from being lost: the browser asks before closing or reloading the tab
// (beforeunload), and a click on an in-app link asks first. The link check runs in the capture
// phase on the document, before Next's <Link> handler, and stops the click when the author stays.
import { useEffect, useRef } from "react";

export const LEAVE_MESSAGE = "You have unsaved changes to the exam settings. Leave this page and lose them?";

export function useUnsavedChangesGuard(dirty: boolean, message = LEAVE_MESSAGE) {
  const dirtyRef = useRef(dirty);
  /** Set when the author has just confirmed leaving, so a full page load does not ask twice. */
  const leaving = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    function beforeUnload(event: BeforeUnloadEvent) {
      if (!dirtyRef.current || leaving.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = "";
    }
    function click(event: MouseEvent) {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // new tab or window: nothing is lost
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return; // beforeunload covers leaving the app
      // The same page (another tab of it, an anchor): the form stays mounted, nothing is lost.
      if (to.pathname === window.location.pathname) return;
      if (window.confirm(message)) {
        leaving.current = true;
        setTimeout(() => (leaving.current = false), 2000);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    }
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [message]);
}

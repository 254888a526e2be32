"use client";
// The one way the studio says that an action takes a ready exam back to draft, before it runs
// (contract 6; its public page /e/ID goes offline). A page that shows an exam wraps its content in
// <ReadyExamGuard> with the exam's status as loaded; every action with that effect asks it:
//  - an action without a confirmation of its own runs through `run` (or `confirm`): while the
//    exam is ready, a confirmation says what will happen, with Cancel and "… anyway";
//  - an action that already has its own dialog (delete, restore, import) shows
//    <ReadyExamWarning> inside it instead, and calls `proceed` when the author goes on: never two
//    dialogs in a row.
// Once the author has gone on, the exam is a draft: later actions of the page visit just run (a
// keyboard reorder asks once, not at every move). A new status from the server (the page
// refreshed after "Mark ready") starts over.
import { TriangleAlert } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "../ui/cn";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DRAFT_QUESTION, draftConsequence, draftGoLabel, type DraftAction } from "./draft-warning";

export interface ReadyExamGuardApi {
  /** The exam is ready as far as this page knows, and no action of this visit has taken it back. */
  warns: boolean;
  examId: number;
  /** Resolves true when the action may run: at once for a draft, else once the author confirms. */
  confirm(action: DraftAction): Promise<boolean>;
  /** Runs `act` now for a draft; for a ready exam, after the author confirms (not at all on Cancel). */
  run(action: DraftAction, act: () => void): void;
  /** The author went on in an action's own dialog that showed <ReadyExamWarning>. */
  proceed(): void;
}

const GuardContext = createContext<ReadyExamGuardApi | null>(null);

/** Outside a guard (a page that shows no exam) nothing is ready, so nothing asks. */
const NO_GUARD: ReadyExamGuardApi = {
  warns: false,
  examId: 0,
  confirm: () => Promise.resolve(true),
  run: (_action, act) => act(),
  proceed: () => {},
};

export function useReadyExamGuard(): ReadyExamGuardApi {
  return useContext(GuardContext) ?? NO_GUARD;
}

interface Asking {
  action: DraftAction;
  resolve: (go: boolean) => void;
}

export function ReadyExamGuard({
  examId,
  status,
  children,
}: {
  examId: number;
  /** The exam's status as the page loaded it. */
  status: string;
  children: ReactNode;
}) {
  const [seen, setSeen] = useState(status);
  const [tookBack, setTookBack] = useState(false);
  // A new status from the server (router.refresh) replaces what this visit knew.
  if (status !== seen) {
    setSeen(status);
    setTookBack(false);
  }
  const warns = status === "ready" && !tookBack;
  const [asking, setAsking] = useState<Asking | null>(null);
  const pending = useRef<Asking | null>(null);
  // The control the author used, which gets the focus back when the confirmation closes.
  const opener = useRef<HTMLElement | null>(null);

  const answer = useCallback((go: boolean) => {
    const open = pending.current;
    if (!open) return;
    pending.current = null;
    setAsking(null);
    if (go) setTookBack(true);
    open.resolve(go);
    const back = opener.current;
    requestAnimationFrame(() => {
      if (back?.isConnected && (document.activeElement === null || document.activeElement === document.body))
        back.focus();
    });
  }, []);

  const confirm = useCallback(
    (action: DraftAction) => {
      if (!warns) return Promise.resolve(true);
      // One question at a time; a second action while one is asked (a key held down) does not run.
      if (pending.current) return Promise.resolve(false);
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return new Promise<boolean>((resolve) => {
        pending.current = { action, resolve };
        setAsking(pending.current);
      });
    },
    [warns],
  );

  const api = useMemo<ReadyExamGuardApi>(
    () => ({
      warns,
      examId,
      confirm,
      run: (action, act) => {
        if (!warns) act();
        else void confirm(action).then((go) => go && act());
      },
      proceed: () => setTookBack(true),
    }),
    [warns, examId, confirm],
  );

  return (
    <GuardContext.Provider value={api}>
      {children}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && answer(false)}
        title={DRAFT_QUESTION}
        description={asking && <WarningText examId={examId} action={asking.action} />}
        confirmLabel={asking ? draftGoLabel(asking.action) : ""}
        destructive={false}
        onConfirm={() => answer(true)}
      />
    </GuardContext.Provider>
  );
}

function WarningText({ examId, action, className }: { examId: number; action: DraftAction; className?: string }) {
  const address = `/e/${examId}`;
  return (
    <p
      data-testid="ready-exam-warning"
      className={cn(
        "flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900",
        className,
      )}
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <span>
        This exam is ready and published at{" "}
        <a href={address} target="_blank" rel="noreferrer" className="font-medium underline">
          {address}
        </a>
        . {draftConsequence(action)}
      </span>
    </p>
  );
}

/** The warning inside an action's own confirmation (delete, restore, import), while the exam is ready. */
export function ReadyExamWarning({ action, className }: { action: DraftAction; className?: string }) {
  const guard = useReadyExamGuard();
  return guard.warns ? <WarningText examId={guard.examId} action={action} className={className} /> : null;
}

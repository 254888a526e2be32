"use client";
// The top of the editor: why a save failed, and any error or warning that no field shows
// (with its path, so it still says where).
import { AlertTriangle, XCircle } from "lucide-react";
import { issueLine } from "../issues/failure-text";
import type { FieldMessagesMap } from "./issue-map";
import type { SaveState } from "./use-question-editor";

export function IssueSummary({ saveState, messages }: { saveState: SaveState; messages: FieldMessagesMap }) {
  const { errors, warnings } = messages.unplaced;
  const failed = saveState.kind === "failed" ? saveState : null;
  if (!failed && errors.length === 0 && warnings.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="issue-summary">
      {(failed || errors.length > 0) && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="flex items-center gap-1.5 font-medium">
            <XCircle aria-hidden className="size-4 shrink-0" />
            {failed ? failed.message : "This question cannot be saved yet:"}
          </p>
          {(errors.length > 0 || (failed && failed.details.length > 0)) && (
            <ul className="mt-1 list-disc pl-6" data-field-messages="">
              {errors.map((issue, i) => (
                <li key={`e${i}`} data-kind="error">
                  {issueLine(issue)}
                </li>
              ))}
              {failed?.details.map((line, i) => (
                <li key={`d${i}`} data-kind="error">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {warnings.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="flex items-center gap-1.5 font-medium">
            <AlertTriangle aria-hidden className="size-4 shrink-0" />
            Warnings
          </p>
          <ul className="mt-1 list-disc pl-6" data-field-messages="">
            {warnings.map((issue, i) => (
              <li key={i} data-kind="warning">
                {issueLine(issue)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

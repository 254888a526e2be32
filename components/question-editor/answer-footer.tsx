"use client";
// Under an answer row: the messages about the answer as a whole (its correct mark, its order),
// and the client's own id (old_id) when an API client gave one, kept as it is on every save.
import { FieldMessageList, type FieldMessages } from "../ui/field";
import type { AnswerDraft } from "./draft";

export function AnswerFooter({ answer, errors, warnings }: { answer: AnswerDraft } & FieldMessages) {
  return (
    <>
      <FieldMessageList errors={errors} warnings={warnings} />
      {answer.oldId !== null && (
        <p className="text-xs text-slate-500">Client answer id (old_id): {String(answer.oldId)}</p>
      )}
    </>
  );
}

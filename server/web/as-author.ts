// The one adapter of the server actions: each runs as the signed-in person, or answers the
// session's end as the API answers a missing token (-32001), in the one result shape.
import "server-only";
import { AppError } from "../errors";
import type { ActionOutcome } from "./action-outcome";
import { failureOf } from "./action-step";
import { getAuthor, type Author } from "./session";

export async function asAuthor<T>(run: (author: Author) => Promise<ActionOutcome<T>>): Promise<ActionOutcome<T>> {
  const author = await getAuthor();
  if (!author)
    return failureOf(new AppError("unauthorized", { data: { reason: "your session has ended; sign in again" } }));
  return run(author);
}

import { expect, it } from "vitest";
import { findOperation } from "../rpc/registry";
import { HAND_WRITTEN_EXAMPLES } from "./examples";

it("each hand-written example names a registered method and passes its params schema", () => {
  for (const [method, params] of Object.entries(HAND_WRITTEN_EXAMPLES)) {
    const op = findOperation(method);
    expect(op, method).toBeDefined();
    const parsed = op!.params.safeParse(params);
    expect(parsed.success, `${method}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
});

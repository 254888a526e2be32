// The API's methods as types, read off OPERATIONS: a method's name, what its params take and what
// its result holds. Types only, so the app's client code and the tests can import them without
// pulling server code into their bundles.
import type { z } from "zod";
import type { Materialized } from "../raw-json";
import type { OPERATIONS } from "./registry";

type AnyOperation = (typeof OPERATIONS)[number];

/** Every API method's name, e.g. "exam.examCreate". */
export type Method = AnyOperation["method"];

type OperationOf<M extends Method> = Extract<AnyOperation, { method: M }>;

/** What a call of `M` may send as params (the schema's input). */
export type ParamsOf<M extends Method> = z.input<OperationOf<M>["params"]>;

/** The result of a successful call of `M`, as the client receives it. */
export type ResultOf<M extends Method> = Materialized<Awaited<ReturnType<OperationOf<M>["run"]>>> & {
  completed: true;
};

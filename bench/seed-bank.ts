// `tsx bench/seed-bank.ts`: seeds the database BENCH_DB_URL names (migrated first) with
// bench/bank-seed.ts's bank and prints its owner and workspace. Apart from bank-seed.ts, which
// the benchmarks bundle (scripts/run-bench.mjs): a bundle is its own main module, and would seed.
import { openPostgres } from "../db/client";
import { seedBank } from "./bank-seed";

const url = process.env.BENCH_DB_URL;
if (!url) {
  console.error("BENCH_DB_URL names the database to seed (it is migrated first)");
  process.exit(2);
}
const handle = await openPostgres(url, { migrate: true });
const started = Date.now();
const bank = await seedBank(handle.db, {
  progress: (n, t) => n % 10_000 === 0 && console.log(`${n.toLocaleString("en")} of ${t.toLocaleString("en")}`),
});
console.log(
  `seeded ${bank.questions.toLocaleString("en")} questions in ${bank.examIds.length} exams in ${((Date.now() - started) / 1000).toFixed(1)} s; owner ${bank.userId}, workspace ${bank.workspaceId}`,
);
await handle.close();

// Ids drawn from a sequence in blocks and handed out in this process, so that a write can know
// its rows' ids before it runs and store them, the rows and their audit entry in one statement
// (question-insert.ts). Sequences never roll back: an id handed out and not used, or a block
// left over when the process stops, is only a gap. Ids stay unique across processes because
// every block comes from the one sequence; they rise within a process, not across processes.
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";

class IdReserve {
  private ids: number[] = [];
  private refill: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sequence: string,
    private readonly blockSize: number,
  ) {}

  async take(count: number): Promise<number[]> {
    while (this.ids.length < count) {
      // One refill at a time; callers that found the reserve short wait for it and look again.
      this.refill ??= this.draw(Math.max(this.blockSize, count)).finally(() => {
        this.refill = null;
      });
      await this.refill;
    }
    return this.ids.splice(0, count);
  }

  private async draw(count: number): Promise<void> {
    const rows = await executeRows<{ id: number | string }>(this.db, sql`select nextval(${this.sequence}::regclass) as id from generate_series(1, ${count})`);
    this.ids.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
}

// One reserve per database and sequence (tests open several databases in one process).
const reserves = new WeakMap<Db, Map<string, IdReserve>>();

/** `count` new ids of `sequence` (a serial column's sequence, e.g. "question_id_seq"). */
export function reserveIds(db: Db, sequence: string, count: number, blockSize = 64): Promise<number[]> {
  if (count === 0) return Promise.resolve([]);
  let bySequence = reserves.get(db);
  if (!bySequence) reserves.set(db, (bySequence = new Map()));
  let reserve = bySequence.get(sequence);
  if (!reserve) bySequence.set(sequence, (reserve = new IdReserve(db, sequence, blockSize)));
  return reserve.take(count);
}

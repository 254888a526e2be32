// Admission of large request bodies: a call's memory grows with its body (the text, the parsed
// params, the cleaned copies, the statement sent to the database, the answer), about ten times
// over for a body of large HTML fields. Bodies over LARGE_BODY_BYTES therefore share a budget of
// bytes per process: a body that does not fit waits, unread, until earlier ones are answered,
// so six 50 MB calls at once take turns instead of taking the process's memory together.
// Small calls never wait. First come, first served among the large ones.

/** Bodies up to this size are admitted at once, whatever the budget. */
export const LARGE_BODY_BYTES = 1024 * 1024;

interface Waiter {
  bytes: number;
  admit(): void;
}

export class BodyGate {
  private inUse = 0;
  private readonly waiters: Waiter[] = [];

  /** `capacity` bytes of large bodies at once; Infinity admits everything. */
  constructor(private readonly capacity: number) {}

  /**
   * Waits until a body of `bytes` may be read and handled; resolves with the function that gives
   * its share back (call it once the answer is made). A body larger than the whole budget is
   * admitted alone.
   */
  async admit(bytes: number): Promise<() => void> {
    if (bytes <= LARGE_BODY_BYTES || !Number.isFinite(this.capacity)) return () => {};
    const share = Math.min(bytes, this.capacity);
    if (this.waiters.length === 0 && this.inUse + share <= this.capacity) this.inUse += share;
    else await new Promise<void>((admit) => this.waiters.push({ bytes: share, admit }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= share;
      this.wake();
    };
  }

  /** Large bodies waiting for their turn. */
  get waiting(): number {
    return this.waiters.length;
  }

  private wake(): void {
    // In arrival order: a large waiter is not overtaken by smaller ones behind it.
    while (this.waiters.length > 0 && this.inUse + this.waiters[0]!.bytes <= this.capacity) {
      const next = this.waiters.shift()!;
      this.inUse += next.bytes;
      next.admit();
    }
  }
}

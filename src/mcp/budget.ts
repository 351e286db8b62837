// What one POST /mcp may cost, however many tool calls it carries. A JSON-RPC batch of 100 calls
// is one POST: each call counts once against the rate limit (as its GET would; the limiter runs
// per call, src/mcp/run.ts), but 100 festival years took 13 s of the event loop and answered
// 30 MB. So the calls of a POST run a few at a time (MCP_BATCH_CONCURRENCY), each start waits
// for the event loop to take its turn (so /health/live and other requests get in between), and
// the POST has a time budget (MCP_BATCH_TIME_MS) and an output budget (MCP_BATCH_OUTPUT_BYTES,
// counted on the serialized results). A call that would pass one is not run, or its result not
// sent (and then no later call runs): it answers a JSON-RPC error saying which budget, how much
// was used, and to send fewer calls per POST. The first call to finish is always answered, so a POST of one call is priced
// as its GET is. See docs/decisions/mcp-batch-budget.md.

import { Slots } from '../core/slots.js';

/** The limits of one POST. */
export interface BatchLimits {
  /** Calls run at once. */
  concurrency: number;
  /** Milliseconds from the POST's first call after which no call starts. */
  timeMs: number;
  /** Bytes of serialized results after which no result is sent. */
  outputBytes: number;
}

/** The JSON-RPC error code of a call refused by its POST's budget (implementation-defined server error range). */
export const BUDGET_ERROR_CODE = -32029;

/** A call its POST's budget refused: which budget, its limit, what was used, and what to do. */
export class BudgetExceeded extends Error {
  /** The SDK writes an error's code, message and data into the JSON-RPC error it answers. */
  readonly code = BUDGET_ERROR_CODE;

  constructor(
    readonly budget: 'time' | 'output',
    readonly limit: number,
    readonly used: number,
    readonly answered: number,
    /** For the output budget: the size of the result that was not sent, when the call ran. */
    readonly dropped?: number,
  ) {
    super(BudgetExceeded.describe(budget, limit, used, answered, dropped));
    this.name = 'BudgetExceeded';
  }

  /** What the client reads in the JSON-RPC error's data. */
  get data() {
    return {
      budget: this.budget,
      limit: this.limit,
      used: this.used,
      unit: this.budget === 'time' ? 'ms' : 'bytes',
      calls_answered: this.answered,
      ...(this.dropped !== undefined ? { result_bytes: this.dropped } : {}),
    };
  }

  private static describe(budget: 'time' | 'output', limit: number, used: number, answered: number, dropped?: number): string {
    const n = (x: number) => x.toLocaleString('en-US');
    const advice = 'send fewer calls per POST, or send the rest in another POST';
    if (budget === 'time')
      return `not run: this POST's time budget of ${n(limit)} ms was spent (${n(used)} ms used by ${answered} calls answered before this one); ${advice}`;
    const what = dropped === undefined ? 'not run' : `its result of ${n(dropped)} bytes was not sent`;
    return `${what}: this POST's output budget of ${n(limit)} bytes would be passed (${n(used)} bytes used by ${answered} calls answered before this one); ${advice}`;
  }
}

/** One POST's budget: its calls go through `run`. */
export class BatchBudget {
  private readonly slots: Slots;
  private started: number | undefined;
  /** The latest call's turn of the event loop: each call starts one turn after the one before. */
  private turn: Promise<void> = Promise.resolve();
  private used = 0;
  private answered = 0;
  /** Set once a result was not sent for its size: no later call runs (its result would most likely not be sent either). */
  private full = false;

  constructor(
    private readonly limits: BatchLimits,
    /** Milliseconds, for the time budget (the app's clock: tests pin it). */
    private readonly clock: () => number,
  ) {
    // No refusal by the queue: every call of the POST waits its turn, and the time budget decides.
    this.slots = new Slots(limits.concurrency, Number.POSITIVE_INFINITY);
  }

  /**
   * Runs `call` in its turn, unless the time budget is spent by then; then counts the size of
   * its serialized result (`call` gives both) against the output budget. Throws BudgetExceeded
   * for a call the budget refuses.
   */
  async run<T>(call: () => Promise<{ value: T; bytes: number }>): Promise<T> {
    this.started ??= this.clock();
    const release = await this.slots.acquire(Number.POSITIVE_INFINITY);
    try {
      await this.nextTurn();
      const spent = this.clock() - this.started;
      if (this.answered > 0 && spent >= this.limits.timeMs) throw new BudgetExceeded('time', this.limits.timeMs, spent, this.answered);
      if (this.answered > 0 && (this.full || this.used >= this.limits.outputBytes))
        throw new BudgetExceeded('output', this.limits.outputBytes, this.used, this.answered);
      const { value, bytes } = await call();
      if (this.answered > 0 && this.used + bytes > this.limits.outputBytes) {
        this.full = true;
        throw new BudgetExceeded('output', this.limits.outputBytes, this.used, this.answered, bytes);
      }
      this.used += bytes;
      this.answered++;
      return value;
    } finally {
      release();
    }
  }

  /**
   * Resolves on a turn of the event loop of its own, after the turn the previous call started
   * on. Calls that compute without awaiting anything (a festival year: most of a second of CPU)
   * would otherwise start back to back from one setImmediate phase, `concurrency` of them before
   * the server reads a socket again; one a turn, the poll phase runs between any two, so other
   * requests (GET /health/live) wait at most one call's computation.
   */
  private nextTurn(): Promise<void> {
    const turn = this.turn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    this.turn = turn;
    return turn;
  }
}

// A fixed-window request budget kept in this process, so an upstream with a published
// per-minute limit (ip-api.com: 45) is never asked more often than it allows.

export class RateWindow {
  private start = Number.NEGATIVE_INFINITY;
  private used = 0;
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from the budget; returns the wait in ms when none is left, else 0. */
  take(): number {
    const t = this.now();
    if (t - this.start >= this.windowMs) {
      this.start = t;
      this.used = 0;
    }
    if (this.used >= this.max) return this.start + this.windowMs - t;
    this.used += 1;
    return 0;
  }
}

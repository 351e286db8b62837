// A counting semaphore with a bounded, first-come queue: at most `size` holders at once, at most
// `maxQueue` waiting, and a waiter gives up after `waitMs`. For work that costs a lot of memory
// or CPU per piece (a rendered page: hundreds of MB and a core; a rasterised 2,400 px chart:
// about 80 MB), so that a burst does not start it all at once, and a burst larger than the
// queue is told at once to come back rather than left waiting without bound.

interface Waiter {
  grant(): void;
  timer?: NodeJS.Timeout;
}

export interface SlotsOptions {
  /** What the slots are, for messages: "browser contexts", "rasterisations". */
  what?: string;
  /** The error a refusal throws, given its message (default: a plain Error). */
  refuse?: (message: string) => Error;
  /** How long `run` waits for a slot unless told otherwise (default: without end, up to the queue's length). */
  waitMs?: number;
}

export class Slots {
  private used = 0;
  private readonly queue: Waiter[] = [];
  private readonly what: string;
  private readonly refuse: (message: string) => Error;
  private readonly waitMs: number;

  constructor(
    readonly size: number,
    private readonly maxQueue: number,
    opts: SlotsOptions = {},
  ) {
    this.what = opts.what ?? 'slots';
    this.refuse = opts.refuse ?? ((message) => new Error(message));
    this.waitMs = opts.waitMs ?? Number.POSITIVE_INFINITY;
  }

  get busy(): number {
    return this.used;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves to a release function once a slot is free; rejects with `refuse`'s error when the queue is full or the wait runs out. */
  acquire(waitMs: number): Promise<() => void> {
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(this.refuse(`all ${this.size} ${this.what} are busy and ${this.queue.length} requests wait; try again shortly`));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.releaser());
        },
      };
      if (Number.isFinite(waitMs)) {
        waiter.timer = setTimeout(() => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(this.refuse(`all ${this.size} ${this.what} stayed busy for ${waitMs} ms; try again shortly`));
        }, waitMs);
      }
      this.queue.push(waiter);
    });
  }

  /** Runs `work` in a slot, released when it settles. */
  async run<T>(work: () => Promise<T>, waitMs = this.waitMs): Promise<T> {
    const release = await this.acquire(waitMs);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      // The slot passes straight to the next waiter, so `used` stays the same.
      const next = this.queue.shift();
      if (next) next.grant();
      else this.used--;
    };
  }
}

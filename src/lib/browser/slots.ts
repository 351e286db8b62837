// A counting semaphore with a bounded, first-come queue: at most `size` pages render at once,
// at most `maxQueue` wait, and a waiter gives up after `waitMs`. Rendering is the costly part
// of the service (hundreds of MB, a core per page); this keeps a burst from starting them all.

import { BrowserBusyError } from './errors.js';

interface Waiter {
  grant(): void;
  timer: NodeJS.Timeout;
}

export class Slots {
  private used = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly size: number,
    private readonly maxQueue: number,
  ) {}

  get busy(): number {
    return this.used;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves to a release function once a slot is free; rejects with BrowserBusyError. */
  acquire(waitMs: number): Promise<() => void> {
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new BrowserBusyError(`all ${this.size} browser contexts are busy and ${this.queue.length} requests wait; try again shortly`));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(new BrowserBusyError(`all ${this.size} browser contexts stayed busy for ${waitMs} ms; try again shortly`));
        }, waitMs),
      };
      this.queue.push(waiter);
    });
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

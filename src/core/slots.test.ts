import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

class BusyError extends Error {}
const busy = { what: 'browser contexts', refuse: (m: string) => new BusyError(m) };

describe('slots (a semaphore with a bounded queue)', () => {
  it('hands slots out up to the size, then in arrival order as they are released', async () => {
    const slots = new Slots(2, 10, busy);
    const a = await slots.acquire(1000);
    const b = await slots.acquire(1000);
    const order: string[] = [];
    const c = slots.acquire(1000).then((r) => (order.push('c'), r));
    const d = slots.acquire(1000).then((r) => (order.push('d'), r));
    expect(slots.busy).toBe(2);
    expect(slots.waiting).toBe(2);
    a();
    a(); // a second release of the same slot is ignored
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(slots.busy).toBe(0);
  });

  it('refuses at once when the queue is full, and after the wait when no slot frees', async () => {
    const slots = new Slots(1, 1, busy);
    const held = await slots.acquire(1000);
    const waiting = slots.acquire(50);
    await expect(slots.acquire(50)).rejects.toThrow(BusyError);
    await expect(waiting).rejects.toThrow(/stayed busy for 50 ms/);
    expect(slots.waiting).toBe(0);
    held();
    expect(slots.busy).toBe(0);
  });
});

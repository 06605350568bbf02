import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

describe('createSemaphore', () => {
  it('grants up to the limit and hands released slots on in arrival order', async () => {
    const slots = createSemaphore(2);
    const order: string[] = [];
    expect(await slots.acquire()).toBe(true);
    expect(await slots.acquire()).toBe(true);
    const third = slots.acquire().then((ok) => order.push(`third:${ok}`));
    const fourth = slots.acquire().then((ok) => order.push(`fourth:${ok}`));
    await Promise.resolve();
    expect(order).toEqual([]);
    slots.release();
    await third;
    expect(order).toEqual(['third:true']);
    slots.release();
    await fourth;
    expect(order).toEqual(['third:true', 'fourth:true']);
  });

  it('lets a waiter give up by its signal without taking a slot', async () => {
    const slots = createSemaphore(1);
    await slots.acquire();
    const controller = new AbortController();
    const gaveUp = slots.acquire(controller.signal);
    const next = slots.acquire();
    controller.abort();
    expect(await gaveUp).toBe(false);
    slots.release();
    expect(await next).toBe(true);
    slots.release();
    // the slot is free again: a new acquire is granted at once
    expect(await slots.acquire()).toBe(true);
  });

  it('refuses at once when the signal is already aborted', async () => {
    expect(await createSemaphore(1).acquire(AbortSignal.abort())).toBe(false);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contract from '@codedocs/contract';
import { TOAST_VIEWPORT_HOTKEYS } from '@/config/constants';
import { dismissToast, toast, toastReducer, useToast, type ToasterToast } from './use-toast';

const make = (id: string): ToasterToast => ({ id, title: `Toast ${id}`, open: true });

describe('toast constants (spec section 9)', () => {
  it('match the spec', () => {
    expect(contract.TOAST_LIMIT).toBe(1);
    expect(contract.TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(contract.TOAST_DURATION_MS).toBe(5000);
    expect(contract.TOAST_SWIPE_DIRECTION).toBe('right');
    expect(contract.TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(TOAST_VIEWPORT_HOTKEYS).toEqual(['F8']);
  });
});

describe('toastReducer', () => {
  it('keeps only one toast: the newest replaces the one shown', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates, dismisses (closes) and removes a toast', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Changed' } });
    expect(state.toasts[0]?.title).toBe('Changed');

    state = toastReducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0]?.open).toBe(false);

    state = toastReducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('dismisses or removes every toast when no id is given', () => {
    const state = { toasts: [make('1')] };
    expect(toastReducer(state, { type: 'DISMISS_TOAST' }).toasts[0]?.open).toBe(false);
    expect(toastReducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});

describe('toast()', () => {
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it('shows one toast at a time and removes a dismissed one only after the long delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());

    act(() => {
      toast({ title: 'First' });
    });
    let second: ReturnType<typeof toast> | undefined;
    act(() => {
      second = toast({ title: 'Second', description: 'Details', variant: 'destructive' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Second',
      variant: 'destructive',
      open: true,
    });

    act(() => second?.dismiss());
    expect(result.current.toasts[0]?.open).toBe(false);

    act(() => vi.advanceTimersByTime(contract.TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });
});

import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { toast } from '@/hooks/use-toast';
import { objectsReordered, saveCompilationOrder } from '../store/compilations-slice';

/** Wait after the last move before the order is saved (a row moved several places at once). */
export const ORDER_SAVE_DELAY_MS = 400;

/** What the screen says about the order: nothing yet, being saved, saved, or refused. */
export type OrderSaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Shows a new order at once and saves it with `PUT /compilation/{id}/order` once the moves
 * have settled. Saves run one after another, so the server always ends with the last order;
 * a pending save is sent when the compilation closes.
 */
export function useOrderSaver(compilationId: string) {
  const dispatch = useAppDispatch();
  const [saveState, setSaveState] = useState<OrderSaveState>('idle');
  const pending = useRef<string[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const mounted = useRef(true);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const objectIds = pending.current;
    pending.current = null;
    if (!objectIds) return;
    chain.current = chain.current.then(async () => {
      const result = await dispatch(saveCompilationOrder({ compilationId, objectIds }));
      const failed = saveCompilationOrder.rejected.match(result);
      if (mounted.current && !pending.current) setSaveState(failed ? 'failed' : 'saved');
      if (failed) {
        toast({
          variant: 'destructive',
          title: 'Order not saved',
          description: result.payload ?? result.error.message,
        });
      }
    });
  }, [dispatch, compilationId]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      flush();
    };
  }, [flush]);

  const move = useCallback(
    (objectIds: string[]) => {
      dispatch(objectsReordered({ compilationId, objectIds }));
      pending.current = objectIds;
      setSaveState('saving');
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, ORDER_SAVE_DELAY_MS);
    },
    [dispatch, compilationId, flush],
  );

  return { move, saveState };
}

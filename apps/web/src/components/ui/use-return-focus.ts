import { useRef } from 'react';

/**
 * Focus handlers for a dialog's content: on closing, focus goes back to the element that had it
 * when the dialog opened. Radix returns focus only to a Trigger, and most dialogs here open from
 * state (a card's button, a row's menu); without this, focus would fall to the page's body.
 * The caller's own handlers run first and may prevent it.
 */
export function useReturnFocus(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

import { useCallback, useSyncExternalStore } from 'react';

/** localStorage key of the code-block toggle ("true"/"false"); on when never chosen. */
export const CODE_BLOCKS_STORAGE_KEY = 'codedocs.files.codeBlocks';

const CHANGE_EVENT = 'codedocs:code-blocks-change';

function readCodeBlocks(): boolean {
  try {
    return window.localStorage.getItem(CODE_BLOCKS_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The code-block toggle of the file viewer, remembered in localStorage so it survives reloads
 * and is the same in every tab: on shows highlighted code blocks, off plain text.
 */
export function useCodeBlocks(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, readCodeBlocks, () => true);
  const setOn = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(CODE_BLOCKS_STORAGE_KEY, String(next));
    } catch {
      // Storage can be blocked; the choice then lasts for this page only.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [on, setOn];
}

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';

// Screens are lazy chunks: the first render of one in a run waits for its transform, which takes
// more than Testing Library's default second when both cores are busy (CI runs suites in parallel).
configure({ asyncUtilTimeout: 5_000 });

// Test globals are off, so Testing Library cannot register its own cleanup; browser state
// (storage, cookies, the dark class) is reset too so no test depends on another.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.classList.remove('dark');
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

// jsdom lacks ResizeObserver, which Radix popper content (menus, tooltips) measures with.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom does not implement scrolling; <ScrollRestoration /> calls it on every navigation.
window.scrollTo = () => {};

// jsdom does not implement scrollIntoView, which Radix Select calls on the chosen option.
Element.prototype.scrollIntoView ??= () => {};

// jsdom lacks pointer capture, which Radix toasts use for swipe-to-dismiss.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

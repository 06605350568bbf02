import { TOAST_VIEWPORT_HOTKEY } from '@codedocs/contract';

// The spec's business constants live in @codedocs/contract; this file holds only what the web
// app adds on top of them.

export const PRODUCT_NAME = 'CodeDocs';

/** Radix takes the toast viewport hotkey as a list of keys. */
export const TOAST_VIEWPORT_HOTKEYS = [TOAST_VIEWPORT_HOTKEY];

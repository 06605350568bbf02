import type { Diagnostic } from '../model.ts';

const strict = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/** Decoded text plus what was odd about the bytes. */
export interface DecodedText {
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * Turns file bytes into parser input: a UTF-8 BOM is dropped, CRLF and lone CR become LF (line
 * numbers are unchanged), and bytes that are not UTF-8 are read as Latin-1 with a warning
 * instead of failing the file.
 */
export function decodeSource(content: Uint8Array | string): DecodedText {
  const diagnostics: Diagnostic[] = [];
  let text: string;
  if (typeof content === 'string') {
    text = content;
  } else {
    try {
      text = strict.decode(content);
    } catch {
      text = latin1.decode(content);
      diagnostics.push({
        severity: 'warning',
        message: 'File is not valid UTF-8; read as Latin-1.',
      });
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  return { text, diagnostics };
}

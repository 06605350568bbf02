import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'isSecureContext');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the Clipboard API on a secure origin', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('ssh-ed25519 AAA')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('ssh-ed25519 AAA');
  });

  it('falls back to a selected textarea and execCommand("copy") elsewhere', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    let copied = '';
    const execCommand = vi.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await expect(copyText('ssh-rsa BBB')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('ssh-rsa BBB');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when nothing could copy', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await expect(copyText('x')).resolves.toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { withPreviewPolicy } from '../components/file-preview';
import { previewKind } from './use-file-preview';

describe('file previews', () => {
  it('previews HTML, other text and images, and names the rest only', () => {
    expect(previewKind('text/html; charset=utf-8')).toBe('html');
    expect(previewKind('text/css; charset=utf-8')).toBe('text');
    expect(previewKind('text/javascript; charset=utf-8')).toBe('text');
    expect(previewKind('application/json')).toBe('text');
    expect(previewKind('image/svg+xml')).toBe('image');
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('application/octet-stream')).toBe('none');
    expect(previewKind('font/woff2')).toBe('none');
  });

  it('puts a policy that forbids every script and load first in a rendered page', () => {
    expect(withPreviewPolicy('<html><HEAD lang="en"><title>x</title></HEAD></html>')).toMatch(
      /^<html><HEAD lang="en"><meta http-equiv="Content-Security-Policy" content="default-src 'none';[^"]*"><title>/,
    );
    expect(withPreviewPolicy('<p>bare</p>')).toMatch(/^<meta http-equiv=.*><p>bare<\/p>$/);
  });
});

import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import {
  cookieAttributes,
  getJwt,
  getPlanToken,
  isInsecureOrigin,
  removeJwt,
  removePlanToken,
  setJwt,
  setPlanToken,
} from './cookies';

const at = (url: string) => new URL(url);

describe('isInsecureOrigin', () => {
  it.each([
    'https://docs.example.com',
    'https://192.168.1.20',
    'http://localhost:5173',
    'http://127.0.0.1:3000',
    'http://[::1]:3000',
    'http://app.localhost',
  ])('is false on %s, where the browser keeps Secure cookies', (url) => {
    expect(isInsecureOrigin(at(url))).toBe(false);
  });

  it.each(['http://192.168.1.20:3000', 'http://codedocs.lan', 'http://10.0.0.5'])(
    'is true on plain-http %s',
    (url) => {
      expect(isInsecureOrigin(at(url))).toBe(true);
    },
  );
});

describe('cookieAttributes', () => {
  it.each([
    'https://docs.example.com',
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://[::1]',
  ])('uses the spec attributes (path /, Secure, SameSite=None) on %s', (url) => {
    expect(cookieAttributes(at(url))).toEqual({ path: '/', secure: true, sameSite: 'None' });
  });

  it('falls back to a non-Secure SameSite=Lax cookie on a plain-http LAN address', () => {
    expect(cookieAttributes(at('http://192.168.1.20:3000'))).toEqual({
      path: '/',
      secure: false,
      sameSite: 'Lax',
    });
  });
});

describe('jwt and ps cookies (test page at http://localhost)', () => {
  it('sets both cookies with the spec attributes', () => {
    const set = vi.spyOn(Cookies, 'set');

    setJwt('token-1');
    setPlanToken('plan-1');

    expect(set).toHaveBeenCalledWith('jwt', 'token-1', {
      path: '/',
      secure: true,
      sameSite: 'None',
    });
    expect(set).toHaveBeenCalledWith('ps', 'plan-1', { path: '/', secure: true, sameSite: 'None' });
  });

  it('reads back and removes them', () => {
    setJwt('token-1');
    setPlanToken('plan-1');
    expect(getJwt()).toBe('token-1');
    expect(getPlanToken()).toBe('plan-1');

    removeJwt();
    removePlanToken();

    expect(getJwt()).toBeUndefined();
    expect(getPlanToken()).toBeUndefined();
  });
});

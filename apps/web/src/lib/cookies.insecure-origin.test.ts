// @vitest-environment-options { "url": "http://192.168.1.20:8080/app/dashboard" }
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { getJwt, isInsecureOrigin, removeJwt, setJwt } from './cookies';

// The page itself is served from a plain-http LAN address here, as a self-hoster might.
describe('cookies on a plain-http LAN origin', () => {
  it('detects the insecure origin from window.location', () => {
    expect(window.location.hostname).toBe('192.168.1.20');
    expect(isInsecureOrigin()).toBe(true);
  });

  it('would lose a Secure cookie here, which is why the fallback exists', () => {
    Cookies.set('probe', 'value', { path: '/', secure: true, sameSite: 'None' });
    expect(Cookies.get('probe')).toBeUndefined();
  });

  it('stores the credential without Secure and with SameSite=Lax, so it is kept', () => {
    const set = vi.spyOn(Cookies, 'set');

    setJwt('lan-token');

    expect(set).toHaveBeenCalledWith('jwt', 'lan-token', {
      path: '/',
      secure: false,
      sameSite: 'Lax',
    });
    expect(getJwt()).toBe('lan-token');
    removeJwt();
    expect(getJwt()).toBeUndefined();
  });
});

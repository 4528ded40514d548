import { describe, expect, it } from 'vitest';
import { inAppPathOf, PATHS, safeReturnUrl, stripBasename, withReturnUrl } from './routes.ts';

describe('returnurl', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeReturnUrl('/pages/mes-lignes-mobiles?page=2')).toBe('/pages/mes-lignes-mobiles?page=2');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'pages/accueil', '', null, PATHS.login])(
    'refuses %s',
    (value) => {
      expect(safeReturnUrl(value)).toBeNull();
    },
  );

  it('builds the login URL with an encoded returnurl', () => {
    expect(withReturnUrl(PATHS.login, '/pages/accueil?x=1')).toBe(
      '/identification/authentification?returnurl=%2Fpages%2Faccueil%3Fx%3D1',
    );
    expect(withReturnUrl(PATHS.login, 'https://evil.example')).toBe(PATHS.login);
  });
});

describe('basename', () => {
  it('is removed from router locations', () => {
    expect(stripBasename('/ecare/pages/accueil', '/ecare')).toBe('/pages/accueil');
    expect(stripBasename('/ecare', '/ecare')).toBe('/');
    expect(stripBasename('/ecarex/pages', '/ecare')).toBe('/ecarex/pages');
    expect(stripBasename('/pages/accueil', '')).toBe('/pages/accueil');
  });

  it('keeps the query of a request', () => {
    expect(inAppPathOf('http://localhost/pages/mes-lignes-mobiles?page=2')).toBe('/pages/mes-lignes-mobiles?page=2');
  });
});

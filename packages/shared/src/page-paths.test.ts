import { describe, expect, it } from 'vitest';
import { isPageLink, isPagePath, isPlaceholderUrl } from './page-paths.ts';

describe('isPagePath', () => {
  it('knows the app’s pages as the router matches them, a segment for each parameter', () => {
    for (const path of ['/', '/pages/accueil', '/Pages/Accueil/', '/ligne-mobile/5000001', '/ligne-mobile/5000001/consommation', '/mon-telephone/activation-sim']) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of ['/nulle-part', '/pages', '/pages/accueil/en-trop', '/ligne-mobile/5000001/inconnu', '/mon-compte/factures/F1/pdf']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });

  it('reads an in-app link without its query or hash', () => {
    expect(isPageLink('/assistance/formulaire-contact?idTheme=13')).toBe(true);
    expect(isPageLink('/pages/mes-lignes-mobiles#liste')).toBe(true);
    expect(isPageLink('https://www.example.com/pages/accueil')).toBe(false);
    expect(isPageLink('assistance/faq')).toBe(false);
  });
});

describe('isPlaceholderUrl', () => {
  it('flags the hosts kept for examples and tests, and this machine', () => {
    for (const url of [
      'https://www.example.com/offres-pro',
      'http://example.org',
      'https://example.net/x',
      'https://smdp.telora.example',
      'https://demo.test/',
      'https://nulle.invalid',
      'http://localhost:3000/ecare/',
      'http://127.0.0.1:8080',
      'http://[::1]/',
      ' HTTPS://WWW.EXAMPLE.COM ',
    ]) {
      expect(isPlaceholderUrl(url), url).toBe(true);
    }
  });

  it('leaves real hosts and in-app paths alone', () => {
    for (const url of ['https://www.cnil.fr/', 'https://www.cybermalveillance.gouv.fr', 'https://example.community', 'https://notexample.com', '/pages/accueil', '']) {
      expect(isPlaceholderUrl(url), url).toBe(false);
    }
  });
});

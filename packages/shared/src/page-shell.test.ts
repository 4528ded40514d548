import { describe, expect, it } from 'vitest';
import { pathShowsBanner } from './page-shell.ts';

describe('pathShowsBanner', () => {
  it('is true for the signed-in pages', () => {
    for (const path of ['/pages/accueil', '/pages/mes-lignes-mobiles', '/ligne-mobile/1001', '/mon-compte', '/assistance/faq', '/404']) {
      expect(pathShowsBanner(path), path).toBe(true);
    }
  });

  it('is false for the pages without a session and the contact form', () => {
    for (const path of [
      '/identification/authentification',
      '/identification/creer-code-confidentiel/abc',
      '/maintenance',
      '/info-securite-ecare',
      '/assistance/formulaire-contact',
      '/administration/parametres',
    ]) {
      expect(pathShowsBanner(path), path).toBe(false);
    }
  });
});

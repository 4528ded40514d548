import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import {
  adminContactSubThemeSchema,
  adminContactThemeListSchema,
  adminContactThemeSchema,
  adminMenuItemSchema,
  adminMenuListSchema,
  adminStaticDocumentListSchema,
  adminStaticDocumentSchema,
  contactSubThemeListSchema,
  contactThemeListSchema,
  menuSchema,
  nextDocumentVersion,
  SECURITY_CONTACT_THEME_ID,
  staticDocumentListSchema,
  type AdminMenuItem,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { pdfLines } from '../../test/pdf-text.ts';
import { FIRST_CREATED_CONTACT_SUB_THEME_ID, FIRST_CREATED_CONTACT_THEME_ID, FIRST_CREATED_MENU_ID } from './admin-content.repository.ts';
import { adminFixture, auditOf, callAs, lastAuditId } from '../../test/support/admin.ts';

const { t, f } = useTestContext(adminFixture);

const readMenu = async () => bodyOf(await t.get('/api/admin/menu', f.admin), adminMenuListSchema);
const childrenOf = (menu: AdminMenuItem[], parentId: number | null) => menu.filter((item) => item.parentId === parentId).map((item) => item.id);
/** The menu a customer with an active account and line gets. */
const customerMenu = async () => bodyOf(await t.get('/api/menu/ACTIF/ACTIF/1/aucun', f.gestionnaire), menuSchema);
const readThemes = async () => bodyOf(await t.get('/api/admin/contact/themes', f.admin), adminContactThemeListSchema);

describe('access to the menu, contact and document sections', () => {
  const CALLS = [
    ['GET', '/api/admin/menu', undefined],
    ['POST', '/api/admin/menu', { parentId: null, nom: 'Intrus', url: '/pages/accueil' }],
    ['PUT', '/api/admin/menu/ordre', { parentId: null, ids: [2, 1, 3, 4, 5, 6] }],
    ['PUT', '/api/admin/menu/1', { parentId: null, nom: 'Intrus', url: '/pages/accueil' }],
    ['DELETE', '/api/admin/menu/531', undefined],
    ['GET', '/api/admin/contact/themes', undefined],
    ['POST', '/api/admin/contact/themes', { libelle: 'Intrus' }],
    ['PUT', '/api/admin/contact/themes/ordre', { idThemes: [2, 1] }],
    ['PUT', '/api/admin/contact/themes/1', { libelle: 'Intrus' }],
    ['POST', '/api/admin/contact/themes/1/sous-themes', { libelle: 'Intrus' }],
    ['PUT', '/api/admin/contact/themes/1/sous-themes/ordre', { idSousThemes: [102, 101] }],
    ['PUT', '/api/admin/contact/sous-themes/101', { libelle: 'Intrus' }],
    ['GET', '/api/admin/documents', undefined],
    ['PUT', '/api/admin/documents/CGV', { titre: 'Intrus', contenu: 'Intrus' }],
    ['POST', '/api/admin/documents/CGV/apercu', { titre: 'Intrus', contenu: 'Intrus' }],
  ] as const;

  it('answers 401 without a session and 403 to customers and to a customer-service agent, changing nothing', async () => {
    const before = await lastAuditId(t);
    const menuBefore = await readMenu();
    for (const [method, url, json] of CALLS) {
      expectError(await callAs(t, method, url, json), 401, 'UNAUTHENTICATED');
      for (const who of ['gestionnaire', 'mandataire', 'utilisateur', 'agent'] as const) {
        const refused = await callAs(t, method, url, json, f[who]);
        expect(refused.statusCode, `${who} ${method} ${url}`).toBe(403);
        expectError(refused, 403, 'FORBIDDEN_ADMINISTRATION');
      }
    }
    expect(await lastAuditId(t)).toBe(before);
    expect(await readMenu()).toEqual(menuBefore);
  });

  it('refuses malformed ids, NUL characters and oversized input with 400, never a server error', async () => {
    const cases = [
      ['PUT', '/api/admin/menu/abc', { parentId: null, nom: 'X', url: null }],
      ['PUT', '/api/admin/menu/1%00', { parentId: null, nom: 'X', url: null }],
      ['DELETE', '/api/admin/menu/99999999999', undefined],
      ['POST', '/api/admin/menu', { parentId: null, nom: 'Nu\u0000l', url: null }],
      ['POST', '/api/admin/menu', { parentId: null, nom: 'x'.repeat(81), url: null }],
      ['POST', '/api/admin/menu', { parentId: null, nom: 'Lien', url: 'javascript:alert(1)' }],
      ['POST', '/api/admin/menu', { parentId: null, nom: 'Lien', url: '//ailleurs.example/x' }],
      ['POST', '/api/admin/menu', { parentId: null, nom: 'Lien', url: '/' + 'a'.repeat(400) }],
      ['POST', '/api/admin/menu', { parentId: null, nom: 'Lien', url: null, kind: 'module' }],
      ['PUT', '/api/admin/menu/ordre', { parentId: null, ids: [1, 1] }],
      ['POST', '/api/admin/contact/themes', { libelle: 'x'.repeat(101) }],
      ['POST', '/api/admin/contact/themes', { libelle: '   ' }],
      ['PUT', '/api/admin/contact/themes/1%00', { libelle: 'X' }],
      ['PUT', '/api/admin/contact/sous-themes/-3', { libelle: 'X' }],
      ['PUT', '/api/admin/contact/themes/ordre', { idThemes: Array.from({ length: 501 }, (_, index) => index + 1) }],
      ['PUT', '/api/admin/documents/CGV', { titre: 'CGV', contenu: 'x'.repeat(200_001) }],
      ['PUT', '/api/admin/documents/CGV', { titre: 'CGV', contenu: 'Avec un NUL \u0000' }],
      ['PUT', '/api/admin/documents/CGV%00', { titre: 'CGV', contenu: 'Texte' }],
      ['POST', '/api/admin/documents/CGV/apercu', { titre: '', contenu: 'Texte' }],
    ] as const;
    const before = await lastAuditId(t);
    for (const [method, url, json] of cases) {
      const response = await callAs(t, method, url, json, f.admin);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(json)?.slice(0, 80)}`).toBe(400);
    }
    expect(await lastAuditId(t)).toBe(before);
  });
});

describe('the menu tree', () => {
  it('adds a rubrique, a sous-rubrique and a module, each last under its parent, and audits them', async () => {
    const since = await lastAuditId(t);
    const created = async (json: unknown) => {
      const response = await t.send('POST', '/api/admin/menu', { token: f.admin, json });
      expect(response.statusCode, response.body).toBe(200);
      return bodyOf(response, adminMenuItemSchema);
    };
    const rubrique = await created({ parentId: null, nom: '  Espace partenaires ', url: null });
    expect(rubrique).toMatchObject({ kind: 'rubrique', nom: 'Espace partenaires', parentId: null });
    expect(rubrique.id).toBeGreaterThanOrEqual(FIRST_CREATED_MENU_ID);
    const sous = await created({ parentId: rubrique.id, nom: 'Documents', url: null });
    expect(sous).toMatchObject({ kind: 'sousRubrique', parentId: rubrique.id, ordre: 1 });
    const module = await created({ parentId: sous.id, nom: 'Guide tarifaire', url: '/pages/conditions-et-tarifs' });
    expect(module).toMatchObject({ kind: 'module', parentId: sous.id, ordre: 1 });

    const menu = await readMenu();
    expect(childrenOf(menu, null).at(-1)).toBe(rubrique.id);
    const entries = await auditOf(t, 'ADMIN_MENU_ENTREE', since);
    expect(entries.map((entry) => entry.details)).toEqual([
      { avant: null, apres: rubrique },
      { avant: null, apres: sous },
      { avant: null, apres: module },
    ]);
    expect(entries.every((entry) => entry.userId === f.adminId)).toBe(true);

    // The customers' menu shows the new tree at the next read.
    const shown = (await customerMenu()).find((item) => item.id === rubrique.id);
    expect(shown?.sousRubriques[0]?.modules).toEqual([{ nom: 'Guide tarifaire', url: '/pages/conditions-et-tarifs', ordre: 1 }]);
  });

  it('refuses a module without an address, an entry under a module, and an unknown parent', async () => {
    expectError(await t.send('POST', '/api/admin/menu', { token: f.admin, json: { parentId: 51, nom: 'Sans lien', url: null } }), 400, 'ADMIN_MENU_URL_REQUIRED');
    expectError(await t.send('POST', '/api/admin/menu', { token: f.admin, json: { parentId: 511, nom: 'Trop bas', url: '/x' } }), 400, 'ADMIN_MENU_PARENT_INVALID');
    expectError(await t.send('POST', '/api/admin/menu', { token: f.admin, json: { parentId: 987_654, nom: 'Orphelin', url: null } }), 404, 'ADMIN_MENU_NOT_FOUND');
    expectError(await t.send('PUT', '/api/admin/menu/987654', { token: f.admin, json: { parentId: null, nom: 'X', url: null } }), 404, 'ADMIN_MENU_NOT_FOUND');
  });

  it('renames an entry with its values before and after, and the customers’ menu shows the new name', async () => {
    const since = await lastAuditId(t);
    const saved = await t.send('PUT', '/api/admin/menu/511', { token: f.admin, json: { parentId: 51, nom: 'FAQ', url: '/assistance/faq' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bodyOf(saved, adminMenuItemSchema)).toMatchObject({ id: 511, nom: 'FAQ', ordre: 1 });
    const [entry] = await auditOf(t, 'ADMIN_MENU_ENTREE', since);
    expect(entry?.details).toEqual({
      avant: { id: 511, parentId: 51, kind: 'module', nom: 'Questions fréquentes', url: '/assistance/faq', ordre: 1 },
      apres: { id: 511, parentId: 51, kind: 'module', nom: 'FAQ', url: '/assistance/faq', ordre: 1 },
    });
    const assistance = (await customerMenu()).find((item) => item.id === 5);
    expect(assistance?.sousRubriques[0]?.modules[0]?.nom).toBe('FAQ');

    // The same values again: nothing written, nothing recorded.
    const again = await lastAuditId(t);
    expect((await t.send('PUT', '/api/admin/menu/511', { token: f.admin, json: { parentId: 51, nom: 'FAQ', url: '/assistance/faq' } })).statusCode).toBe(200);
    expect(await lastAuditId(t)).toBe(again);
  });

  it('moves an entry under another parent of the level above, last there, and refuses another level', async () => {
    const saved = await t.send('PUT', '/api/admin/menu/512', { token: f.admin, json: { parentId: 52, nom: 'Service après vente', url: '/assistance/sav' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const menu = await readMenu();
    expect(childrenOf(menu, 52)).toEqual([521, 512]);
    expect(childrenOf(menu, 51)).toEqual([511]);
    expectError(
      await t.send('PUT', '/api/admin/menu/512', { token: f.admin, json: { parentId: 5, nom: 'Service après vente', url: '/assistance/sav' } }),
      400,
      'ADMIN_MENU_PARENT_INVALID',
    );
    expectError(await t.send('PUT', '/api/admin/menu/51', { token: f.admin, json: { parentId: null, nom: 'Aide', url: null } }), 400, 'ADMIN_MENU_PARENT_INVALID');
  });

  it('reorders the entries of one parent with the whole list, audited, and refuses an outdated list with 409', async () => {
    const menu = await readMenu();
    const rubriques = childrenOf(menu, null);
    const wanted = [rubriques[1], rubriques[0], ...rubriques.slice(2)].filter((id): id is number => id !== undefined);
    const since = await lastAuditId(t);
    const ordered = await t.send('PUT', '/api/admin/menu/ordre', { token: f.admin, json: { parentId: null, ids: wanted } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(childrenOf(bodyOf(ordered, adminMenuListSchema), null)).toEqual(wanted);
    const [entry] = await auditOf(t, 'ADMIN_MENU_ORDRE', since);
    expect(entry?.details).toEqual({ avant: { parentId: null, ids: rubriques }, apres: { parentId: null, ids: wanted } });
    expect((await customerMenu()).map((item) => item.id)).toEqual(wanted);

    expectError(await t.send('PUT', '/api/admin/menu/ordre', { token: f.admin, json: { parentId: null, ids: wanted.slice(1) } }), 409, 'ADMIN_ORDER_OUTDATED');
    expectError(await t.send('PUT', '/api/admin/menu/ordre', { token: f.admin, json: { parentId: 5, ids: [51, 52, 99] } }), 409, 'ADMIN_ORDER_OUTDATED');
    expectError(await t.send('PUT', '/api/admin/menu/ordre', { token: f.admin, json: { parentId: 777_777, ids: [1] } }), 404, 'ADMIN_MENU_NOT_FOUND');
  });

  it('deletes an entry with nothing under it, audited, and refuses one that holds others', async () => {
    expectError(await t.send('DELETE', '/api/admin/menu/53', { token: f.admin }), 409, 'ADMIN_MENU_HAS_CHILDREN');
    const since = await lastAuditId(t);
    const deleted = await t.send('DELETE', '/api/admin/menu/531', { token: f.admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [entry] = await auditOf(t, 'ADMIN_MENU_SUPPRESSION', since);
    expect(entry?.details).toEqual({ avant: { id: 531, parentId: 53, kind: 'module', nom: 'Informations sécurité', url: '/info-securite-ecare', ordre: 1 }, apres: null });
    expect(childrenOf(await readMenu(), 53)).toEqual([]);
    expectError(await t.send('DELETE', '/api/admin/menu/531', { token: f.admin }), 404, 'ADMIN_MENU_NOT_FOUND');
  });
});

describe('contact themes', () => {
  it('creates a theme last and a sub-theme last of it, with ids out of the shipped ranges, audited', async () => {
    const since = await lastAuditId(t);
    const created = await t.send('POST', '/api/admin/contact/themes', { token: f.admin, json: { libelle: 'Flotte et objets connectés' } });
    expect(created.statusCode, created.body).toBe(200);
    const theme = bodyOf(created, adminContactThemeSchema);
    expect(theme.idTheme).toBeGreaterThanOrEqual(FIRST_CREATED_CONTACT_THEME_ID);
    const sub = bodyOf(
      await t.send('POST', `/api/admin/contact/themes/${theme.idTheme}/sous-themes`, { token: f.admin, json: { libelle: 'Traceurs GPS' } }),
      adminContactSubThemeSchema,
    );
    expect(sub).toMatchObject({ idTheme: theme.idTheme, libelle: 'Traceurs GPS', ordre: 1 });
    expect(sub.idSousTheme).toBeGreaterThanOrEqual(FIRST_CREATED_CONTACT_SUB_THEME_ID);

    const publicThemes = bodyOf(await t.get('/api/Faq/contact_themes'), contactThemeListSchema);
    expect(publicThemes.at(-1)).toMatchObject({ idTheme: theme.idTheme, libelle: 'Flotte et objets connectés' });
    expect(bodyOf(await t.get(`/api/Faq/contact_sous_themes/${theme.idTheme}`), contactSubThemeListSchema)).toEqual([sub]);
    expect((await auditOf(t, 'ADMIN_CONTACT_THEME', since)).map((entry) => entry.details)).toEqual([
      { avant: null, apres: { idTheme: theme.idTheme, libelle: 'Flotte et objets connectés', ordre: theme.ordre } },
    ]);
    expect((await auditOf(t, 'ADMIN_CONTACT_SOUS_THEME', since)).map((entry) => entry.details)).toEqual([{ avant: null, apres: sub }]);
    expectError(await t.send('POST', '/api/admin/contact/themes/654321/sous-themes', { token: f.admin, json: { libelle: 'X' } }), 404, 'CONTACT_THEME_NOT_FOUND');
  });

  it('renames a theme and a sub-theme with before and after, and the contact form reads the new names', async () => {
    const since = await lastAuditId(t);
    const renamed = await t.send('PUT', '/api/admin/contact/themes/1', { token: f.admin, json: { libelle: 'Factures' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(bodyOf(renamed, adminContactThemeListSchema).find((theme) => theme.idTheme === 1)?.libelle).toBe('Factures');
    const [entry] = await auditOf(t, 'ADMIN_CONTACT_THEME', since);
    expect(entry?.details).toEqual({ avant: { idTheme: 1, libelle: 'Facturation', ordre: 1 }, apres: { idTheme: 1, libelle: 'Factures', ordre: 1 } });
    expect(bodyOf(await t.get('/api/Faq/contact_themes'), contactThemeListSchema).find((theme) => theme.idTheme === 1)?.libelle).toBe('Factures');

    const sub = await t.send('PUT', '/api/admin/contact/sous-themes/101', { token: f.admin, json: { libelle: 'Lire ma facture' } });
    expect(bodyOf(sub, adminContactSubThemeSchema)).toMatchObject({ idSousTheme: 101, libelle: 'Lire ma facture' });
    const [subEntry] = await auditOf(t, 'ADMIN_CONTACT_SOUS_THEME', since);
    expect(subEntry?.details).toMatchObject({ avant: { libelle: 'Comprendre ma facture' }, apres: { libelle: 'Lire ma facture' } });
    expectError(await t.send('PUT', '/api/admin/contact/themes/654321', { token: f.admin, json: { libelle: 'X' } }), 404, 'CONTACT_THEME_NOT_FOUND');
    expectError(await t.send('PUT', '/api/admin/contact/sous-themes/654321', { token: f.admin, json: { libelle: 'X' } }), 404, 'ADMIN_CONTACT_SUB_THEME_NOT_FOUND');
  });

  it('reorders themes and sub-themes with whole lists, audited, refuses outdated lists, and keeps the security theme', async () => {
    const themes = await readThemes();
    const ids = themes.map((theme) => theme.idTheme);
    const wanted = [...ids].reverse();
    const since = await lastAuditId(t);
    const ordered = await t.send('PUT', '/api/admin/contact/themes/ordre', { token: f.admin, json: { idThemes: wanted } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(bodyOf(await t.get('/api/Faq/contact_themes'), contactThemeListSchema).map((theme) => theme.idTheme)).toEqual(wanted);
    const [entry] = await auditOf(t, 'ADMIN_CONTACT_ORDRE_THEMES', since);
    expect(entry?.details).toEqual({ avant: ids, apres: wanted });
    expectError(await t.send('PUT', '/api/admin/contact/themes/ordre', { token: f.admin, json: { idThemes: wanted.slice(1) } }), 409, 'ADMIN_ORDER_OUTDATED');

    const subs = themes.find((theme) => theme.idTheme === 2)?.sousThemes.map((sub) => sub.idSousTheme) ?? [];
    const subWanted = [...subs].reverse();
    const subOrdered = await t.send('PUT', '/api/admin/contact/themes/2/sous-themes/ordre', { token: f.admin, json: { idSousThemes: subWanted } });
    expect(subOrdered.statusCode, subOrdered.body).toBe(200);
    expect(bodyOf(await t.get('/api/Faq/contact_sous_themes/2'), contactSubThemeListSchema).map((sub) => sub.idSousTheme)).toEqual(subWanted);
    const [subEntry] = await auditOf(t, 'ADMIN_CONTACT_ORDRE_SOUS_THEMES', since);
    expect(subEntry?.details).toEqual({ avant: { idTheme: 2, idSousThemes: subs }, apres: { idTheme: 2, idSousThemes: subWanted } });
    // Sub-themes of another theme are not this theme's.
    expectError(await t.send('PUT', '/api/admin/contact/themes/2/sous-themes/ordre', { token: f.admin, json: { idSousThemes: [...subs.slice(1), 101] } }), 409, 'ADMIN_ORDER_OUTDATED');

    expect((await readThemes()).some((theme) => theme.idTheme === SECURITY_CONTACT_THEME_ID)).toBe(true);
  });
});

describe('static documents', () => {
  it('lists the documents as stored', async () => {
    const documents = bodyOf(await t.get('/api/admin/documents', f.admin), adminStaticDocumentListSchema);
    expect(documents.map((document) => document.type)).toEqual(['CGV', 'CGA', 'GT']);
    expect(documents[0]?.contenu).toContain('## ');
  });

  it('previews the PDF an edit would publish, storing nothing', async () => {
    const before = await lastAuditId(t);
    const response = await t.send('POST', '/api/admin/documents/CGA/apercu', { token: f.admin, json: { titre: 'Conditions d’abonnement', contenu: '## Article 1\n\nTexte de {{marque}}.' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(response.rawPayload);
    expect(doc.getTitle()).toContain('Conditions d’abonnement');
    expect(doc.getSubject()).toContain('(aperçu)');
    expect(await pdfLines(response.rawPayload)).toContain('Texte de Telora Pro.');
    expect(await lastAuditId(t)).toBe(before);
    expectError(await t.send('POST', '/api/admin/documents/CGU/apercu', { token: f.admin, json: { titre: 'X', contenu: 'Y' } }), 404, 'STATIC_DOCUMENT_NOT_FOUND');
  });

  it('saves a new text under the next version dated today, audited, and the public document follows', async () => {
    const [before] = bodyOf(await t.get('/api/admin/documents', f.admin), adminStaticDocumentListSchema).filter((document) => document.type === 'GT');
    if (!before) throw new Error('no GT');
    const today = parisDay(t.clock.now());
    const since = await lastAuditId(t);
    const saved = await t.send('PUT', '/api/admin/documents/GT', {
      token: f.admin,
      json: { titre: before.titre, contenu: `${before.contenu}\r\n\r\n## Nouvel article\r\n\r\nUn tarif de plus.` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = bodyOf(saved, adminStaticDocumentSchema);
    expect(after).toMatchObject({ version: nextDocumentVersion(before.version, Number(today.slice(0, 4))), dateVersion: today });
    expect(after.contenu.endsWith('## Nouvel article\n\nUn tarif de plus.')).toBe(true);
    const [entry] = await auditOf(t, 'ADMIN_DOCUMENT_STATIQUE', since);
    expect(entry?.details).toEqual({ avant: before, apres: after });

    const listed = bodyOf(await t.get('/api/documentstatique'), staticDocumentListSchema).find((document) => document.type === 'GT');
    expect(listed).toMatchObject({ version: after.version, dateVersion: today });
    const pdf = await t.get('/api/documentstatique/GT');
    expect(pdf.headers['content-disposition']).toContain(`-${after.version}.pdf`);

    // The same text again: no new version, nothing recorded.
    const again = await lastAuditId(t);
    const same = await t.send('PUT', '/api/admin/documents/GT', { token: f.admin, json: { titre: after.titre, contenu: after.contenu } });
    expect(bodyOf(same, adminStaticDocumentSchema).version).toBe(after.version);
    expect(await lastAuditId(t)).toBe(again);
    expectError(await t.send('PUT', '/api/admin/documents/CGU', { token: f.admin, json: { titre: 'X', contenu: 'Y' } }), 404, 'STATIC_DOCUMENT_NOT_FOUND');
  });
});

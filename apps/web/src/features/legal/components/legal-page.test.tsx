import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { legalPageSchema, staticDocumentListSchema } from '@ecare/shared/legal';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { LegalPage } from './legal-page.tsx';
import { StaticDocuments } from './static-documents.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGE = legalPageSchema.parse({
  pageCode: 'MENTIONS_LEGALES',
  titre: 'Mentions légales',
  contenuHtml:
    '<h2>Éditeur du site</h2><p>Telora SAS<script>window.hacked = true</script><img src="x" onerror="window.hacked = true"></p>' +
    '<p>Voir la <a href="/pages/accessibilite">déclaration d’accessibilité</a> et le <a href="https://www.cnil.fr/">site de la CNIL</a>.</p>' +
    '<table><caption>Prix des forfaits</caption><thead><tr><th scope="col">Forfait</th><th scope="col">Prix</th></tr></thead><tbody><tr><th scope="row">5 Go</th><td>14,99 €</td></tr></tbody></table>',
  miseAJour: '2026-11-16',
});

const refusal = (code: 'LEGAL_PAGE_NOT_FOUND' | 'INTERNAL') => jsonResponse(apiErrorSchema.parse({ code, exceptionMessage: errorMessage(code) }), code === 'INTERNAL' ? 500 : 404);

describe('legal page', () => {
  it('shows the title, the date of the last change and the text, without what the text must not carry', async () => {
    const { requests } = stubFetch(() => jsonResponse(PAGE));
    renderPage(<LegalPage pageCode="MENTIONS_LEGALES" title="Mentions légales" />, { path: '/pages/mentions-legales' });
    expect(screen.getByRole('status').textContent).toBe('Chargement du texte…');
    expect(await screen.findByRole('heading', { level: 2, name: 'Éditeur du site' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Mentions légales']);
    const updated = screen.getByText(/^Dernière mise à jour le/);
    expect(updated.textContent).toBe('Dernière mise à jour le 16/11/2026');
    expect(updated.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-16');
    expect(document.querySelector('script, img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(requests.map((request) => request.url)).toEqual(['/api/mentions-legales/MENTIONS_LEGALES']);
    // A table sits in a named box that scrolls sideways on a narrow screen, headers kept.
    const table = within(screen.getByRole('region', { name: 'Prix des forfaits' })).getByRole('table', { name: 'Prix des forfaits' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Forfait', 'Prix']);
    expect(within(table).getByRole('rowheader').textContent).toBe('5 Go');
    // A link leaving the portal stays in the same window.
    expect(screen.getByRole('link', { name: 'site de la CNIL' }).getAttribute('target')).toBeNull();
  });

  it('follows a link into the portal with the router', async () => {
    stubFetch(() => jsonResponse(PAGE));
    const { router } = renderPage(<LegalPage pageCode="MENTIONS_LEGALES" title="Mentions légales" />, { path: '/pages/mentions-legales' });
    const link = await screen.findByRole('link', { name: 'déclaration d’accessibilité' });
    expect(fireEvent.click(link)).toBe(false);
    expect(router.state.location.pathname).toBe('/pages/accessibilite');
  });

  it('says when the text could not be read, keeps the route’s title, and reads again on demand', async () => {
    let answer = refusal('INTERNAL');
    stubFetch(() => answer);
    renderPage(<LegalPage pageCode="ENVIRONNEMENT" title="Environnement" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(errorMessage('INTERNAL'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Environnement');
    answer = jsonResponse({ ...PAGE, pageCode: 'ENVIRONNEMENT', titre: 'Environnement' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Éditeur du site' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('static documents', () => {
  it('offers each document with its version and date, as a named PDF download', async () => {
    const documents = staticDocumentListSchema.parse([
      { type: 'CGV', titre: 'Conditions générales de vente', version: '2026.2', dateVersion: '2026-10-01', nomFichier: 'cgv-telora-pro-2026.2.pdf' },
      { type: 'GT', titre: 'Guide tarifaire', version: '2026.3', dateVersion: '2026-11-01', nomFichier: 'gt-telora-pro-2026.3.pdf' },
    ]);
    const { requests } = stubFetch((request) =>
      request.url === '/api/documentstatique' ? jsonResponse(documents) : new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } }),
    );
    renderPage(<StaticDocuments />);
    const section = await screen.findByRole('region', { name: 'Télécharger les documents contractuels' });
    const cards = await within(section).findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Conditions générales de vente', 'Guide tarifaire']);
    expect(cards[0]?.textContent).toContain('Version 2026.2, en vigueur depuis le 01/10/2026');
    const button = within(section).getByRole('button', { name: /^Télécharger le document «\s?Conditions générales de vente\s?» \(PDF\)$/ });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:document', revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(button);
    expect(await screen.findByText('Fichier cgv-telora-pro-2026.2.pdf téléchargé.')).toBeTruthy();
    click.mockRestore();
    expect(saved).toEqual(['cgv-telora-pro-2026.2.pdf']);
    expect(requests.map((request) => request.url)).toEqual(['/api/documentstatique', '/api/documentstatique/CGV']);
  });

  it('says when the list could not be read', async () => {
    stubFetch(() => refusal('INTERNAL'));
    renderPage(<StaticDocuments />);
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('INTERNAL'));
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

import { pointOfSaleListSchema } from '@ecare/shared/catalogue';
import { newPhoneEligibilitySchema, newPhoneOfferListSchema, newPhoneOrderSchema, type NewPhoneEligibility } from '@ecare/shared/new-phone';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { NewPhoneCatalogueContext } from '../utils/catalogue-kit.ts';
import { NewPhoneFlow } from './new-phone-flow.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINE = 41;
const eligibility = (overrides: Partial<NewPhoneEligibility> = {}) =>
  newPhoneEligibilitySchema.parse({
    ligne: { idContrat: LINE, idClientBscs: 7, numeroLigne: '0612345678', codeStatut: 'ACTIF', offre: { idOffreEngagement: 102, libelle: 'Pro 50 Go' }, dateFinEngagement: '2026-03-31' },
    eligible: true,
    motif: null,
    message: '',
    tarif: 'RENOUVELLEMENT',
    dateRenouvellement: '2025-12-31',
    commandeEnCours: null,
    ...overrides,
  });
const amounts = (ht: number) => ({ htCentimes: ht, tvaCentimes: Math.round(ht / 5), ttcCentimes: ht + Math.round(ht / 5) });
const PHONES = newPhoneOfferListSchema.parse({
  tarif: 'RENOUVELLEMENT',
  mobiles: [
    { idArticle: 1001, marque: 'Apple', modele: 'iPhone 17', description: '', couleurs: ['Sauge'], stockageGo: 256, esim: true, cinqG: true, image: 'a.svg', disponible: true, prixNu: amounts(90_000), prix: amounts(30_000) },
    { idArticle: 1002, marque: 'Test', modele: 'Épuisé', description: '', couleurs: ['Noir'], stockageGo: 64, esim: false, cinqG: false, image: 'b.svg', disponible: false, prixNu: amounts(10_000), prix: amounts(5_000) },
  ],
});
const ORDER = newPhoneOrderSchema.parse({
  numero: 'CMD-2026-000123',
  idContrat: LINE,
  statut: 5,
  etape: 9,
  modePaiement: 6,
  tarif: 'RENOUVELLEMENT',
  mobile: { idArticle: 1001, libelle: 'Apple iPhone 17 256 Go', couleur: 'Sauge' },
  total: amounts(30_000),
  aPayerCentimes: 36_000,
  virement: { titulaire: 'Telora SAS', iban: 'FR76', bic: 'AGRIFRPP', reference: 'VIR-CMD-2026-000123', montantCentimes: 36_000 },
});

const KIT = { PhoneImage: () => null, PriceDisplay: ({ label }: { label?: string }) => <p>{label}</p> };

function render() {
  renderPage(
    <NewPhoneCatalogueContext.Provider value={KIT}>
      <NewPhoneFlow idContrat={LINE} linePath={`/ligne-mobile/${LINE}`} accountAddress="Atelier, 3 rue des Lilas, 69003 Lyon" renderUnpaidDialog={(message) => <div role="alertdialog">{message}</div>} />
    </NewPhoneCatalogueContext.Provider>,
  );
}

/** The shops as the server answers them for the line's account: nearest first, with their distance. */
const SHOPS = pointOfSaleListSchema.parse([
  { idPointDeVente: 12, nom: 'Boutique Dijon Liberté', adresse: '54 rue de la Liberté', codePostal: '21000', ville: 'Dijon', horaires: 'Du mardi au samedi de 9 h 30 à 19 h', distanceKm: 1 },
  { idPointDeVente: 3, nom: 'Boutique Lyon Part-Dieu', adresse: '17 rue du Docteur Bouchut', codePostal: '69003', ville: 'Lyon', horaires: 'Du lundi au samedi de 10 h à 19 h', distanceKm: 175 },
]);

describe('NewPhoneFlow', () => {
  it('stops on an unpaid balance with the unpaid dialog and a link to pay, without listing phones', async () => {
    const { requests } = stubFetch(() => jsonResponse(eligibility({ eligible: false, motif: 'IMPAYES', message: 'Pour commander un nouveau téléphone, réglez 1 facture.' })));
    render();
    expect((await screen.findByRole('alertdialog')).textContent).toBe('Pour commander un nouveau téléphone, réglez 1 facture.');
    expect(screen.getByRole('link', { name: 'Payer mes factures' })).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/mobiles'))).toBe(false);
  });

  it('orders by transfer with one Idempotency-Key and shows the number and the instructions', async () => {
    const { requests } = stubFetch((request) => {
      if (request.method === 'POST') return jsonResponse(ORDER);
      return jsonResponse(request.url.endsWith('/mobiles') ? PHONES : eligibility());
    });
    render();
    fireEvent.click(await screen.findByRole('radio', { name: /iPhone 17/ }));
    expect((screen.getByRole('radio', { name: /Épuisé/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^Virement bancaire/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier ma commande' }));
    await screen.findByRole('heading', { name: 'Vérifiez votre commande' });
    expect(screen.getByText('Total TTC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la commande' }));
    await screen.findByText(/VIR-CMD-2026-000123/);
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/api/nouveau-telephone/${LINE}/commande`);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ IdArticleMobile: 1001, Couleur: 'Sauge', ModePaiement: 6, Livraison: { mode: 'ADRESSE_COMPTE' } });
    await waitFor(() => expect(screen.getByText('Votre commande CMD-2026-000123 est enregistrée')).toBeTruthy());
  });

  it('above the company’s approval threshold, by card: no payment started, the confirmation says the order waits for another manager', async () => {
    const HELD = newPhoneOrderSchema.parse({ ...ORDER, statut: 14, etape: 4, modePaiement: 3, virement: null });
    const { requests } = stubFetch((request) => {
      if (request.method === 'POST') return jsonResponse(HELD);
      return jsonResponse(request.url.endsWith('/mobiles') ? PHONES : eligibility());
    });
    render();
    fireEvent.click(await screen.findByRole('radio', { name: /iPhone 17/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^Carte bancaire/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier ma commande' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer et payer par carte' }));
    const held = await screen.findByText('Votre commande CMD-2026-000123 attend la validation d’un autre gestionnaire');
    expect(held.closest('[role="status"]')?.textContent).toContain('Sans validation sous 7 jours, la commande est annulée. Rien n’est payé ni expédié d’ici là.');
    expect(screen.queryByText(/est enregistrée/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Suivre ma commande' }).getAttribute('href')).toContain('CMD-2026-000123');
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([`/api/nouveau-telephone/${LINE}/commande`]);
  });

  it('collected in a shop: lists the shops nearest the account first, with their distance, and says where to collect the phone', async () => {
    const { requests } = stubFetch((request) => {
      if (request.method === 'POST') return jsonResponse(ORDER);
      if (request.url.includes('/api/points-de-vente')) return jsonResponse(SHOPS);
      return jsonResponse(request.url.endsWith('/mobiles') ? PHONES : eligibility());
    });
    render();
    fireEvent.click(await screen.findByRole('radio', { name: /iPhone 17/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^En boutique/ }));
    const shops = await screen.findByRole('radiogroup', { name: /Boutique de retrait/ });
    // The line's account (7) is named: the server sorts the shops from its address.
    expect(requests.find((request) => request.url.includes('/api/points-de-vente'))?.url).toBe('/api/points-de-vente?idClientBscs=7');
    expect(within(shops).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      expect.stringMatching(/^Boutique Dijon Liberté.*à 1 km$/),
      expect.stringMatching(/^Boutique Lyon Part-Dieu.*à 175 km$/),
    ]);
    fireEvent.click(within(shops).getByRole('radio', { name: /Dijon/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^Virement bancaire/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier ma commande' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer la commande' }));
    const confirmation = await screen.findByText(/^Pour la régler/);
    const said = (confirmation.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(said).toContain('Dès réception du virement, votre téléphone sera à retirer en boutique : Boutique Dijon Liberté, 54 rue de la Liberté, 21000 Dijon.');
    expect(said).not.toMatch(/téléphone vous sera envoyé/);
  });
});

import type { Cart, SubmittedOrder } from '@ecare/shared/add-line';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startSession } from '../../../lib/session-storage.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { rememberedOrder } from '../utils/add-line-draft.ts';
import { OrderRecapStep } from './order-recap-step.tsx';

const amounts = (htCentimes: number) => ({ htCentimes, tvaCentimes: htCentimes / 5, ttcCentimes: htCentimes * 1.2 });

const CART: Cart & { IdSouscription: number } = {
  IdSouscription: 77,
  IdClientBscs: 1_000_001,
  StatutSouscription: 2,
  Etape: 1,
  Lignes: [
    {
      IdLigne: 5,
      Quantite: 1,
      IdOffreEngagement: 102,
      LibelleOffre: 'Forfait Pro 50 Go',
      PrixMensuelCentimes: 2500,
      IdArticleMobile: null,
      LibelleMobile: null,
      Couleur: null,
      PrixMobileCentimes: 0,
      TypeSim: 'ESIM',
      ModeNumero: 'NOUVEAU',
      Msisdn: null,
      DatePortage: null,
      InscriptionAnnuaire: false,
      Options: [],
      Accessoires: [],
      Promotions: [],
      IdAssurance: null,
      LibelleAssurance: null,
      PrixAssuranceCentimes: 0,
      PonctuelUnitaireHtCentimes: 0,
      MensuelUnitaireHtCentimes: 2500,
    },
  ],
  Totaux: { ponctuel: amounts(1000), mensuel: amounts(2500), mensuelSansRemise: amounts(2500), remisePonctuelleCentimes: 0, remiseMensuelleCentimes: 0, nombreLignes: 1 },
  Coordonnees: { LIVRAISON: { mode: 'ADRESSE_COMPTE' }, INSTALLATION: null, ELIGIBILITE: null },
};
const ACCOUNT = { raisonSociale: 'Atelier Vincent Design', numero: '8', voie: 'rue de Charonne', codePostal: '75011', ville: 'Paris' };

const ORDER: SubmittedOrder = {
  numero: 'CMD-2026-000042',
  idSouscription: 77,
  statut: 5,
  etape: 9,
  modePaiement: 6,
  risque: { score: 10, niveau: 5, decision: 'ACCEPTE' },
  aPayerCentimes: 1200,
  acompteCentimes: 0,
  virement: { titulaire: 'Telora SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', reference: 'VIR-CMD-2026-000042', montantCentimes: 1200 },
  idContrats: [9001],
};

const UNPAID = 'Une facture échue de ce compte de facturation n’est pas réglée.';

beforeEach(() => {
  fillJsdomGaps();
  sessionStorage.clear();
  startSession('jeton');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:fichier', revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  onTestFinished(() => click.mockRestore());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderRecapStep', () => {
  it('confirms only once both documents are opened, with one key per attempt, and says an unpaid balance with a way to pay', async () => {
    let orders = 0;
    const { requests } = stubFetch((request) => {
      if (request.url.startsWith('/api/ajout-lignes/recapitulatif/')) {
        return new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="recap.pdf"' } });
      }
      if (request.url === '/api/commande/enregistrer') {
        orders += 1;
        return orders === 1 ? jsonResponse({ code: 'ADD_LINE_UNPAID', exceptionMessage: UNPAID }, 409) : jsonResponse(ORDER);
      }
      return jsonResponse([]);
    });
    const onSubmitted = vi.fn();
    renderPage(
      <OrderRecapStep
        idClientBscs={1_000_001}
        cart={CART}
        accountAddress={ACCOUNT}
        onSubmitted={onSubmitted}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Confirmer la commande' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir l’information précontractuelle (PDF)' }));
    await screen.findByText('Document ouvert');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le récapitulatif contractuel (PDF)' }));
    await waitFor(() => expect(screen.getAllByText('Document ouvert')).toHaveLength(2));
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    expect(requests.map((request) => request.url)).toContain('/api/ajout-lignes/recapitulatif/77/recapitulatif-contractuel');

    // Refused: an overdue invoice. The way to pay is given.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByText(UNPAID);
    expect(screen.getByRole('link', { name: 'Payer mes factures' }).getAttribute('href')).toBe('/mon-compte/paiement');
    const sent = () => requests.filter((request) => request.url === '/api/commande/enregistrer');
    expect(sent()).toHaveLength(1);
    expect(JSON.parse(sent()[0]?.body ?? '{}')).toEqual({ IdSouscription: 77, ModePaiement: 6 });

    // The next attempt has a key of its own, and gives the order.
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(ORDER));
    const [first, second] = sent().map((request) => request.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });

  const openBoth = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir l’information précontractuelle (PDF)' }));
    await screen.findByText('Document ouvert');
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le récapitulatif contractuel (PDF)' }));
    await waitFor(() => expect(screen.getAllByText('Document ouvert')).toHaveLength(2));
  };
  const pdf = () => new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="recap.pdf"' } });

  it('by card: the order sent, then the payment provider’s page asked for the order and opened', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const cardOrder: SubmittedOrder = { ...ORDER, statut: 3, etape: 5, modePaiement: 3, virement: null, idContrats: [] };
    const { requests } = stubFetch((request) => {
      if (request.url.startsWith('/api/ajout-lignes/recapitulatif/')) return pdf();
      if (request.url === '/api/commande/enregistrer') return jsonResponse(cardOrder);
      if (request.url === '/api/paiement/lien-commande') return jsonResponse({ transactionReference: 'PAI-ABCDEFGH12345678', url: 'http://localhost/sandbox-paiement/jeton' });
      return jsonResponse([]);
    });
    const onSubmitted = vi.fn();
    renderPage(<OrderRecapStep idClientBscs={1_000_001} cart={CART} accountAddress={ACCOUNT} onSubmitted={onSubmitted} />);
    await openBoth();
    fireEvent.click(screen.getByRole('radio', { name: /Carte bancaire/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la commande' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox-paiement/jeton'));
    expect(JSON.parse(requests.find((request) => request.url === '/api/commande/enregistrer')?.body ?? '{}')).toEqual({ IdSouscription: 77, ModePaiement: 3 });
    expect(JSON.parse(requests.find((request) => request.url === '/api/paiement/lien-commande')?.body ?? '{}')).toEqual({ numero: ORDER.numero });
    // Kept for the return to the page; the confirmation step is not shown before leaving.
    expect(rememberedOrder()).toEqual(cardOrder);
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirmer la commande' }).hasAttribute('disabled')).toBe(true);
  });

  it('a customer who must pay by transfer sees card disabled with the server’s reason', async () => {
    const reason = 'Pour cette commande, le paiement se fait par virement bancaire : choisissez ce mode de paiement.';
    stubFetch((request) => {
      if (request.url.startsWith('/api/ajout-lignes/recapitulatif/')) return pdf();
      if (request.url === '/api/commande/enregistrer') return jsonResponse({ code: 'ADD_LINE_TRANSFER_REQUIRED', exceptionMessage: reason }, 409);
      return jsonResponse([]);
    });
    renderPage(<OrderRecapStep idClientBscs={1_000_001} cart={CART} accountAddress={ACCOUNT} onSubmitted={vi.fn()} />);
    await openBoth();
    fireEvent.click(screen.getByRole('radio', { name: /Carte bancaire/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la commande' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Carte bancaire/ }).hasAttribute('disabled')).toBe(true));
    expect(screen.getAllByText(reason).length).toBeGreaterThan(0);
    expect((screen.getByRole('radio', { name: /Virement/ }) as HTMLInputElement).checked).toBe(true);
  });
});

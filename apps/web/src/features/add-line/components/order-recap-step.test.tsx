import type { Cart, SubmittedOrder } from '@ecare/shared/add-line';
import { orderMoney } from '@ecare/shared/order-money';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startSession } from '../../../lib/session-storage.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { rememberedOrder } from '../utils/add-line-draft.ts';
import { OrderRecapStep } from './order-recap-step.tsx';

/** The fleet manager's tour (issue 24): Forfait Pro 50 Go, Google Pixel 9a, International 2 h, PRO2026, Assurance Casse et Vol. */
const MONEY = orderMoney([
  {
    libelle: 'Forfait Pro 50 Go avec Google Pixel 9a 128 Go (Obsidienne)',
    quantite: 1,
    forfait: { idOffreEngagement: 102, libelle: 'Forfait Pro 50 Go', prixMensuelCentimes: 2499, engagementMois: 24 },
    mobile: { idArticle: 1015, libelle: 'Google Pixel 9a 128 Go, Obsidienne', prixNuCentimes: 9900, prixAvecForfaitCentimes: 9900 },
    options: [{ idOption: 3001, libelle: 'International 2 h', prixMensuelCentimes: 1000 }],
    accessoires: [],
    assurance: { idAssurance: 4002, libelle: 'Assurance Casse et Vol', prixMensuelCentimes: 832, franchiseCentimes: 7900 },
    promotions: [
      { idPromotion: 5001, libelle: '20 % de remise pendant 6 mois sur le forfait', conditions: '', codePromo: 'PRO2026', cible: 'FORFAIT', type: 'MONTANT', valeur: 500, dureeMois: 6, idOffreEngagement: null, idArticle: null, debut: '2026-01-01', fin: null },
    ],
  },
]);
const { commande, mensuel, mensuelFinPromotions } = MONEY.totaux;
const amounts = ({ htCentimes, tvaCentimes, ttcCentimes }: { htCentimes: number; tvaCentimes: number; ttcCentimes: number }) => ({ htCentimes, tvaCentimes, ttcCentimes });

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
      PrixMensuelCentimes: 2499,
      IdArticleMobile: 1015,
      LibelleMobile: 'Google Pixel 9a 128 Go',
      Couleur: 'Obsidienne',
      PrixMobileCentimes: 9900,
      TypeSim: 'ESIM',
      ModeNumero: 'NOUVEAU',
      Msisdn: null,
      DatePortage: null,
      InscriptionAnnuaire: false,
      Options: [{ IdOption: 3001, Libelle: 'International 2 h', PrixOptionCentimes: 1000 }],
      Accessoires: [],
      Promotions: [
        { IdPromotion: 5001, Libelle: '20 % de remise pendant 6 mois sur le forfait', Cible: 'FORFAIT', DureeMois: 6, PrixPromotionCentimes: 2499, RemisePromotionCentimes: 500, CodePromo: 'PRO2026' },
      ],
      IdAssurance: 4002,
      LibelleAssurance: 'Assurance Casse et Vol',
      PrixAssuranceCentimes: 832,
      PonctuelUnitaireHtCentimes: 9900,
      MensuelUnitaireHtCentimes: 3831,
    },
  ],
  Totaux: {
    ponctuel: amounts(commande),
    mensuel: amounts(mensuel),
    mensuelSansRemise: mensuelFinPromotions,
    remisePonctuelleCentimes: 0,
    remiseMensuelleCentimes: 500,
    nombreLignes: 1,
  },
  Montants: MONEY,
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
  it('shows every amount charged with its label, the insurance and its excess included, and totals the items add up to', () => {
    stubFetch(() => jsonResponse([]));
    renderPage(<OrderRecapStep idClientBscs={1_000_001} cart={CART} accountAddress={ACCOUNT} onSubmitted={vi.fn()} />);
    const charges = screen.getByTestId('line-charges');
    const text = (charges.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    for (const shown of [
      'Téléphone – Google Pixel 9a 128 Go, Obsidienne99,00 € HT',
      'Forfait – Forfait Pro 50 Go24,99 € HT par mois',
      'Option – International 2 h10,00 € HT par mois',
      'Assurance – Assurance Casse et VolFranchise de 79,00 € HT (94,80 € TTC) par sinistre8,32 € HT par mois',
      'Promotion – 20 % de remise pendant 6 mois sur le forfait−5,00 € HT par mois pendant 6 mois',
      '43,31 € HT avant promotions, −5,00 € de promotions : 38,31 € HT par mois',
    ]) {
      expect(text).toContain(shown);
    }
    const totals = within(screen.getByTestId('cart-totals'));
    const row = (name: string) => (totals.getByRole('row', { name: new RegExp(`^${name}`) }).textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(row('Par mois, avant promotions')).toContain('43,31 €');
    expect(row('Promotions')).toContain('−5,00 €');
    expect(row('Par mois 38')).toBe('Par mois38,31 €7,66 €45,97 €');
    expect(row('Par mois, une fois les promotions terminées')).toContain('43,31 €');
  });

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

import type { OrderDetail } from '@ecare/shared/orders';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session-storage.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { OrderDetailPanel } from './order-detail-panel.tsx';

const charge = (nature: OrderDetail['lignes'][number]['elements'][number]['nature'], moment: 'COMMANDE' | 'MENSUEL', libelle: string, montantHt: number, extra: { dureeMois?: number; franchiseHt?: number } = {}) => ({
  nature,
  moment,
  libelle,
  quantite: 1,
  montantHt,
  dureeMois: extra.dureeMois ?? null,
  franchiseHt: extra.franchiseHt ?? null,
});

/** The order of the fleet manager's tour (issue 24), paid by card. */
const ORDER: OrderDetail = {
  numero: 'CMD-2026-000016',
  idClientBscs: 1_000_001,
  date: '2026-11-28T10:00:00.000Z',
  type: 1,
  typeLibelle: 'Ajout de lignes',
  statut: 12,
  statutLibelle: 'Paiement par carte accepté',
  etape: 9,
  etapeLibelle: 'Commande confirmée',
  totalTtc: 118.8,
  totalMensuelTtc: 45.97,
  modePaiement: 3,
  modePaiementLibelle: 'Carte bancaire',
  referenceVirement: null,
  acompteTtc: 0,
  totalHt: 99,
  tva: 19.8,
  totalMensuelHt: 38.31,
  lignes: [
    {
      libelle: 'Forfait Pro 50 Go avec Google Pixel 9a 128 Go (Obsidienne)',
      quantite: 1,
      prixUniqueTtc: 118.8,
      prixMensuelTtc: 45.97,
      prixUniqueHt: 99,
      prixMensuelHt: 38.31,
      details: ['Carte SIM', 'Nouveau numéro'],
      elements: [
        charge('MOBILE', 'COMMANDE', 'Google Pixel 9a 128 Go, Obsidienne', 99),
        charge('FORFAIT', 'MENSUEL', 'Forfait Pro 50 Go', 24.99),
        charge('OPTION', 'MENSUEL', 'International 2 h', 10),
        charge('ASSURANCE', 'MENSUEL', 'Assurance Casse et Vol', 8.32, { franchiseHt: 79 }),
        charge('PROMOTION', 'MENSUEL', '20 % de remise pendant 6 mois sur le forfait', -5, { dureeMois: 6 }),
      ],
    },
  ],
  totaux: {
    commande: { avantPromotionsHt: 99, remisesHt: 0, ht: 99, tva: 19.8, ttc: 118.8 },
    mensuel: { avantPromotionsHt: 43.31, remisesHt: 5, ht: 38.31, tva: 7.66, ttc: 45.97 },
    mensuelFinPromotions: { ht: 43.31, tva: 8.66, ttc: 51.97 },
  },
  adresses: [],
  pointDeVente: null,
  historique: [],
  souscription: null,
  pieces: [],
};

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  fillJsdomGaps();
  startSession('jeton');
  stubFetch(() => jsonResponse([]));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderDetailPanel', () => {
  it('shows each amount the order charges with its label, the insurance and its excess, the promotion, and its totals before and after promotions', () => {
    renderPage(<OrderDetailPanel idClientBscs={1_000_001} order={ORDER} />);
    const line = plain(screen.getByTestId('order-line').textContent);
    // The items in the order they were kept: the phone, then each month the plan, the option, the insurance and the promotion.
    expect(line).toContain('Téléphone – Google Pixel 9a 128 Go, Obsidienne99,00 € HT');
    expect(line).toContain('Option – International 2 h10,00 € HT par moisAssurance – Assurance Casse et VolFranchise de 79,00 € HT (94,80 € TTC) par sinistre8,32 € HT par mois');
    expect(line).toContain('Promotion – 20 % de remise pendant 6 mois sur le forfait−5,00 € HT par mois pendant 6 mois');
    expect(line).toContain('Pour cette ligne : 99,00 € HT à la commande, puis 38,31 € HT par mois');
    expect(screen.queryByText('Le détail de cette commande n’est pas disponible.')).toBeNull();
    const totals = within(screen.getByRole('region', { name: 'Paiement et totaux' }));
    const value = (label: string) => plain(totals.getByText(label).nextElementSibling?.textContent);
    expect(value('Par mois, avant promotions')).toBe('43,31 € HT');
    expect(value('Promotions du premier mois')).toBe('−5,00 € HT');
    expect(value('Mensualités HT')).toBe('38,31 € par mois');
    expect(value('Mensualités TTC')).toBe('45,97 € par mois');
    expect(value('Par mois, une fois les promotions terminées')).toBe('43,31 € HT, 51,97 € TTC');
    expect(value('Total TTC')).toBe('118,80 €');
  });
});

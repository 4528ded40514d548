import { agentActionListSchema } from '@ecare/shared/agents';
import { invoiceEvolutionSchema } from '@ecare/shared/invoices';
import { invoicesDueSchema } from '@ecare/shared/payment';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { createHome, createInvoice, createInvoicePage } from '../../test/factories.ts';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { renderPage } from '../../test/render.tsx';
import { HomeDashboard } from './home-route.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 1001;
const last = createInvoice({ referenceNumber: 'F26110000042', dateFacture: '2026-11-01', montantTTC: 1234.5, resteAPayer: 1234.5, statut: 'A_PAYER' });

const due = invoicesDueSchema.parse({
  factures: [
    { referenceNumber: 'F26090000040', dateFacture: '2026-09-01', dateEcheance: '2026-10-01', montantTTC: 100, resteAPayer: 60.1, statut: 'EN_RETARD', payableParCarte: true, paiementEnCours: false },
    { referenceNumber: 'F26110000042', dateFacture: '2026-11-01', dateEcheance: '2026-12-01', montantTTC: 1234.5, resteAPayer: 1234.5, statut: 'A_PAYER', payableParCarte: true, paiementEnCours: false },
  ],
  total: 1294.6,
});

const evolution = invoiceEvolutionSchema.parse({
  referenceNumber: last.referenceNumber,
  montantHT: 1028.75,
  montantTTC: 1234.5,
  precedente: { referenceNumber: 'F26100000041', dateFacture: '2026-10-01', montantHT: 1018.5, montantTTC: 1222.2 },
  ecartHT: 10.25,
  ecartTTC: 12.3,
  lignes: [],
  centres: [],
});

const actions = agentActionListSchema.parse(
  Array.from({ length: 7 }, (_, index) => ({
    date: `2026-11-${String(20 - index).padStart(2, '0')}T09:00:00.000Z`,
    acteur: 'Marc Girard',
    agent: 'Camille Martin (cmartin)',
    action: index === 0 ? 'Export des factures' : 'Connexion d’un conseiller à votre compte',
    motif: 'Aide en boutique',
    idContrat: null,
  })),
);

function answer(url: string) {
  if (url === `/api/clients/${ACCOUNT}/accueil`) return jsonResponse(createHome());
  if (url === `/api/factures_a_payer/${ACCOUNT}`) return jsonResponse(due);
  if (url.startsWith(`/api/facture/${ACCOUNT}`)) return jsonResponse(createInvoicePage({ factures: [last, createInvoice({ dateFacture: '2026-10-01' })] }));
  if (url.endsWith(`/${last.referenceNumber}/evolution`)) return jsonResponse(evolution);
  if (url === `/api/audit/${ACCOUNT}`) return jsonResponse(actions);
  if (url === `/api/clients/${ACCOUNT}/alertes?statut=NOUVELLE`) return jsonResponse({ alertes: [alert], total: 1 });
  if (url === `/api/clients/${ACCOUNT}/alertes?statut=VUE`) return jsonResponse({ alertes: [], total: 0 });
  return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: url }, 404);
}

const alert = { idAlerte: 7, idContrat: 5000002, numeroLigne: '0626043580', type: 'DATA_SEUIL', seuil: 100, valeur: 230, unite: 'POURCENT', periode: '2026-11', declencheeLe: '2026-11-28T09:15:00Z', statut: 'NOUVELLE', blocage: true };

const block = (name: string) => screen.getByRole('region', { name });

describe('manager home page', () => {
  it('opens on what is due, the last invoice, the lines, the heaviest users, the orders and the customer service, each block leading to its page', async () => {
    stubFetch((request) => answer(request.url));
    renderPage(<HomeDashboard idClientBscs={ACCOUNT} />, { path: '/pages/accueil' });

    await screen.findByRole('heading', { level: 2, name: 'Mes lignes mobiles' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Alertes en cours',
      'À payer',
      'Dernière facture',
      'Mes lignes mobiles',
      'Plus gros consommateurs',
      'Commandes en cours',
      'Actions du service client',
    ]);

    // What is due: the total, the late part, and the way to pay.
    const toPay = block('À payer');
    await within(toPay).findByRole('link', { name: 'Payer' });
    expect(toPay.textContent).toContain('1\u202f294,60\u00a0€');
    expect(toPay.textContent).toContain('Dont en retard\u00a0: 60,10\u00a0€ (1 facture)');
    expect(within(toPay).getByRole('link', { name: 'Payer' }).getAttribute('href')).toBe('/mon-compte/paiement');

    // The last invoice, its change and where it is explained.
    const invoice = block('Dernière facture');
    await within(invoice).findByRole('link', { name: 'Pourquoi ma facture a changé\u00a0?' });
    expect(invoice.textContent).toContain('1\u202f234,50\u00a0€');
    expect(invoice.textContent).toContain('En hausse\u00a0: +12,30\u00a0€ par rapport à la facture précédente');
    expect(within(invoice).getByRole('link', { name: 'Pourquoi ma facture a changé\u00a0?' }).getAttribute('href')).toBe('/mon-compte/factures/F26110000042#pourquoi');

    // The lines by status, each count a filtered fleet list; a status without lines is no link.
    const lines = block('Mes lignes mobiles');
    expect(within(lines).getByText('12 lignes')).toBeTruthy();
    expect(within(lines).getByRole('link', { name: 'Active' }).getAttribute('href')).toBe('/pages/mes-lignes-mobiles?statut=ACTIF');
    expect(within(lines).getByRole('link', { name: 'Suspendue' }).getAttribute('href')).toBe('/pages/mes-lignes-mobiles?statut=SUSPENDU');
    expect(within(lines).queryByRole('link', { name: 'En cours d’activation' })).toBeNull();

    // The heaviest data users, each leading to its consumption page.
    const top = block('Plus gros consommateurs');
    const first = within(top).getByRole('link', { name: 'Consommation de la ligne 06 12 34 56 78' });
    expect(first.getAttribute('href')).toBe('/ligne-mobile/5012/consommation');
    expect(top.textContent).toMatch(/45\sGo/);
    expect(top.textContent).toMatch(/Julie Martin, 90\u00a0% des 50\sGo du forfait/);
    expect(top.textContent).toContain('forfait illimité');

    // The orders in progress.
    const orders = block('Commandes en cours');
    expect(orders.textContent).toContain('1 commande en cours');
    expect(within(orders).getByRole('link', { name: 'CMD-2026-000042' }).getAttribute('href')).toBe('/mon-compte/commandes/CMD-2026-000042');
    expect(within(orders).getByRole('link', { name: 'Voir mes commandes' }).getAttribute('href')).toBe('/mon-compte/commandes');

    // The customer service's five latest actions, with the agent and when.
    const service = block('Actions du service client');
    await within(service).findByText('Export des factures');
    expect(within(service).getAllByRole('listitem')).toHaveLength(5);
    expect(service.textContent).toContain('par Camille Martin (cmartin)');
    expect(within(service).getByRole('link', { name: 'Voir toutes les actions du service client' }).getAttribute('href')).toBe('/mon-compte/actions-service-client');
  });

  it('says when nothing is due, and lists the alerts in progress with what each says, leading to the line', async () => {
    stubFetch((request) => (request.url === `/api/factures_a_payer/${ACCOUNT}` ? jsonResponse({ factures: [], total: 0 }) : answer(request.url)));
    renderPage(<HomeDashboard idClientBscs={ACCOUNT} />);
    expect(await screen.findByText('Vous n’avez aucune facture à payer.')).toBeTruthy();
    expect(within(block('À payer')).queryByRole('link', { name: 'Payer' })).toBeNull();

    const alerts = block('Alertes en cours');
    await within(alerts).findByText('1 alerte en cours');
    expect(alerts.textContent).toContain('La ligne 06 26 04 35 80 a consommé 230 % de son forfait de données (seuil de 100 %).');
    expect(alerts.textContent).toContain('Données de la ligne suspendues');
    expect(within(alerts).getByRole('link', { name: 'Seuil de données atteint' }).getAttribute('href')).toBe('/ligne-mobile/5000002/consommation');
    expect(within(alerts).getByRole('link', { name: 'Voir les alertes et les seuils' }).getAttribute('href')).toBe('/mon-compte/alertes');
  });
});

import { consumptionSchema, periodBounds } from '@ecare/shared/consumption';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { ConsumptionSummaryCard } from './consumption-summary-card.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const periods = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const consumption = consumptionSchema.parse({
  idContrat: 5012,
  numeroLigne: '0612345678',
  libelleOffre: 'Forfait Voix Pro 2 h',
  periode: '2026-11',
  periodeCourante: '2026-11',
  periodesConsultables: ['2026-11'],
  jours: [],
  forfait: { voix: { illimite: false, inclus: 120 }, sms: { illimite: true, inclus: null }, data: { illimite: false, inclus: 5_120 } },
  periodes: periods.map((periode, index) => ({
    periode,
    ...periodBounds(periode),
    enCours: index === 5,
    releve: true,
    voixMinutes: index === 5 ? 95 : 100,
    sms: 20,
    dataMo: index === 5 ? 2_048 : 1_000,
    horsForfaitHT: index === 5 ? 10 : 0,
    horsForfaitTTC: index === 5 ? 12 : 0,
  })),
});

describe('a line user’s consumption on their home page', () => {
  it('shows the running period’s use against the plan and leads to the consumption page', async () => {
    const { requests } = stubFetch(() => jsonResponse(consumption));
    renderPage(<ConsumptionSummaryCard idContrat={5012} />);
    const card = await screen.findByRole('region', { name: 'Ma consommation' });
    await within(card).findByText('Données mobiles');
    expect(requests.map((request) => request.body)).toEqual([JSON.stringify({ idContrat: 5012 })]);
    expect(card.textContent).toMatch(/2\sGo/);
    expect(card.textContent).toMatch(/sur 5\sGo inclus/);
    expect(card.textContent).toMatch(/1\sh\u00a035\smin/);
    expect(card.textContent).toContain('(forfait\u00a0: illimités)');
    expect(card.textContent).toContain('12,00\u00a0€');
    expect(within(card).getByRole('link', { name: 'Voir le détail de ma consommation' }).getAttribute('href')).toBe('/ligne-mobile/5012/consommation');
  });
});

import { consumptionSchema, periodBounds, type Consumption, type ConsumptionDay, type ConsumptionPeriod } from '@ecare/shared/consumption';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { renderPage } from '../../../test/render.tsx';
import { ConsumptionOverview } from './consumption-overview.tsx';

beforeEach(fillJsdomGaps);
afterEach(cleanup);

const PERIODS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

function period(periode: string, overrides: Partial<ConsumptionPeriod> = {}): ConsumptionPeriod {
  return {
    periode,
    ...periodBounds(periode),
    enCours: periode === '2026-11',
    releve: true,
    voixMinutes: 232,
    sms: 194,
    dataMo: 30_720,
    horsForfaitHT: 0,
    horsForfaitTTC: 0,
    ...overrides,
  };
}

/** A day of November 2026 with nothing fed, or what `overrides` says. */
function day(date: number, overrides: Partial<ConsumptionDay> = {}): ConsumptionDay {
  const jour = `2026-11-${String(date).padStart(2, '0')}`;
  return { jour, dataMo: 0, dataItineranceMo: 0, voixMinutes: 0, sms: 0, horsForfaitHT: 0, itineranceHT: 0, releves: 0, ...overrides };
}

/** November 2026 to the 5th: fed on the 2nd (roaming included) and the 5th. */
const FED_DAYS = [1, 2, 3, 4, 5].map((date) =>
  date === 2
    ? day(date, { dataMo: 2_560, dataItineranceMo: 512, voixMinutes: 75, sms: 12, horsForfaitHT: 12.34, itineranceHT: 10, releves: 40 })
    : date === 5
      ? day(date, { dataMo: 300, voixMinutes: 3, sms: 1, horsForfaitHT: 0.01, releves: 5 })
      : day(date),
);

/** A 50 Go line gone far beyond its data in its last two periods; nothing recorded in June. */
function createConsumption(overrides: Partial<Consumption> = {}): Consumption {
  return consumptionSchema.parse({
    idContrat: 5_000_002,
    numeroLigne: '0612345678',
    libelleOffre: 'Forfait Pro 50 Go',
    periode: '2026-11',
    periodeCourante: '2026-11',
    periodesConsultables: ['2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06', '2026-05', '2026-04', '2026-03', '2026-02', '2026-01', '2025-12'],
    forfait: { voix: { illimite: true, inclus: null }, sms: { illimite: true, inclus: null }, data: { illimite: false, inclus: 51_200 } },
    periodes: PERIODS.map((p) =>
      p === '2026-06'
        ? period(p, { releve: false, voixMinutes: 0, sms: 0, dataMo: 0 })
        : p === '2026-10'
          ? period(p, { dataMo: 128_000, horsForfaitHT: 750, horsForfaitTTC: 900 })
          : p === '2026-11'
            ? period(p, { dataMo: 105_131, horsForfaitHT: 530, horsForfaitTTC: 636 })
            : period(p),
    ),
    jours: [],
    ...overrides,
  });
}

const text = (element: Element | null) => (element?.textContent ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('consumption overview', () => {
  it('sums up the chosen period against the plan, beyond the allowance in words', () => {
    renderPage(<ConsumptionOverview consumption={createConsumption()} isUpdating={false} onPeriodChange={() => undefined} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Novembre 2026' })).toBeTruthy();
    expect(text(screen.getByText(/^Période en cours, du/))).toBe('Période en cours, du 1er novembre au 30 novembre : les chiffres sont ceux relevés à ce jour.');
    const data = screen.getByText('Données mobiles', { selector: 'dt' }).parentElement;
    expect(text(data)).toContain('102,7 Go');
    expect(text(data)).toContain('sur 50 Go inclus');
    expect(text(data)).toContain('52,7 Go au-delà du forfait');
    expect(text(screen.getByText('Appels', { selector: 'dt' }).parentElement)).toContain('Forfait : illimités');
    expect(text(screen.getByText('Hors forfait', { selector: 'dt' }).parentElement)).toBe('Hors forfait530,00 € HTsoit 636,00 € TTC');
    expect(text(screen.getByText(/^Forfait Pro 50 Go :/))).toBe('Forfait Pro 50 Go : appels illimités, SMS illimités, données 50 Go par mois.');
  });

  it('draws one chart per kind of use, each named, with the allowance and the bars beyond it', () => {
    const { container } = renderPage(<ConsumptionOverview consumption={createConsumption()} isUpdating={false} onPeriodChange={() => undefined} />);
    expect(screen.getAllByRole('img').map((chart) => chart.getAttribute('aria-labelledby') && text(document.getElementById(chart.getAttribute('aria-labelledby') ?? '')))).toEqual([
      'Données mobiles',
      'Appels',
      'SMS',
    ]);
    const dataChart = container.querySelector('svg[data-chart="Données mobiles"]');
    expect(dataChart?.querySelectorAll('rect')).toHaveLength(5);
    expect(dataChart?.querySelectorAll('rect.fill-accent')).toHaveLength(2);
    expect(text(dataChart)).toContain('125 Go');
    expect(text(dataChart)).toContain('juil.');
    expect(text(dataChart)).toContain('en cours');
    // No line for what the plan includes without limit.
    expect(container.querySelector('svg[data-chart="Appels"] line[stroke-dasharray]')).toBeNull();
    const legend = text(screen.getByRole('list', { name: 'Légende : Données mobiles' }));
    expect(legend).toContain('Inclus dans le forfait : 50 Go');
    expect(legend).toContain('Au-delà du forfait');
    // The calls' axis in hours: 232 minutes a month.
    expect(text(container.querySelector('svg[data-chart="Appels"]'))).toContain('4 h');
  });

  it('gives every figure in a table too, newest period first', () => {
    renderPage(<ConsumptionOverview consumption={createConsumption()} isUpdating={false} onPeriodChange={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Détail par période' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Période',
      'Appels',
      'SMS',
      'Données',
      'Hors forfait HT',
      'Hors forfait TTC',
    ]);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => text(cell)));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual(['Novembre 2026en cours', '3 h 52 min', '194 SMS', '102,7 Godont 52,7 Go au-delà du forfait', '530,00 €', '636,00 €']);
    expect(rows[3]).toEqual(['Août 2026', '3 h 52 min', '194 SMS', '30 Go', '0,00 €', '0,00 €']);
    expect(rows[5]).toEqual(['Juin 2026Aucune consommation relevée', '–', '–', '–', '–', '–']);
  });

  it('offers the periods kept and hands the chosen one over', () => {
    const onPeriodChange = vi.fn();
    renderPage(<ConsumptionOverview consumption={createConsumption()} isUpdating={false} onPeriodChange={onPeriodChange} />);
    const select = screen.getByRole('combobox', { name: 'Période de facturation' });
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options[0]?.textContent).toBe('Novembre 2026 (en cours)');
    expect(options[11]?.textContent).toBe('Décembre 2025');
    fireEvent.change(select, { target: { value: '2026-09' } });
    expect(onPeriodChange).toHaveBeenCalledWith('2026-09');
  });

  it('shows the period of the address in the selector even when it is not among those offered', () => {
    const consumption = createConsumption({ periodesConsultables: [...PERIODS].reverse().slice(0, 5) });
    renderPage(<ConsumptionOverview consumption={{ ...consumption, periode: '2026-06', periodes: consumption.periodes.slice(0, 1) }} isUpdating={false} onPeriodChange={() => undefined} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Période de facturation' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Novembre 2026 (en cours)',
      'Octobre 2026',
      'Septembre 2026',
      'Août 2026',
      'Juillet 2026',
      'Juin 2026',
    ]);
    expect(select.value).toBe('2026-06');
  });

  it('leaves out the calls and SMS of a data-only SIM but in the table', () => {
    const none = { illimite: false, inclus: 0 };
    const consumption = createConsumption();
    renderPage(
      <ConsumptionOverview
        consumption={{
          ...consumption,
          libelleOffre: 'Data Pro 20 Go',
          forfait: { voix: none, sms: none, data: { illimite: false, inclus: 20_480 } },
          periodes: consumption.periodes.map((p) => ({ ...p, voixMinutes: 0, sms: 0, dataMo: Math.min(p.dataMo, 15_000) })),
        }}
        isUpdating={false}
        onPeriodChange={() => undefined}
      />,
    );
    expect(text(screen.getByText(/^Data Pro 20 Go :/))).toBe('Data Pro 20 Go : appels non inclus, SMS non inclus, données 20 Go par mois.');
    expect(screen.getAllByRole('img').map((chart) => chart.getAttribute('data-chart'))).toEqual(['Données mobiles']);
    expect(screen.queryByText('Appels', { selector: 'dt' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Appels' })).toBeTruthy();
  });

  it('shows the running period day by day: a bar per day of data, the last reading’s time, and every day in a table', () => {
    // 09:05 in Paris (08:05 UTC), whatever the time zone of the test.
    const readAt = new Date('2026-11-05T08:05:00Z');
    const { container } = renderPage(
      <ConsumptionOverview consumption={createConsumption({ jours: FED_DAYS })} isUpdating={false} onPeriodChange={() => undefined} readAt={readAt} />,
    );
    const section = screen.getByRole('region', { name: 'Période en cours, jour par jour' });
    expect(text(section)).toContain('Mis à jour en continu ; dernière lecture à 09:05.');
    expect(text(section)).toContain('Chaque jour est celui de la France (heure de Paris)');
    expect(text(section)).toContain('arrondis par jour');
    const chart = container.querySelector('svg[data-chart="Données mobiles par jour"]');
    expect(chart?.querySelectorAll('rect')).toHaveLength(5);
    // No allowance line: the plan counts by month.
    expect(chart?.querySelector('line[stroke-dasharray]')).toBeNull();
    // Above a GB in a day, the axis counts in round shares of a GB; the days are numbered every fifth.
    expect(text(chart)).toContain('1,5 Go');
    expect([...(chart?.querySelectorAll('text') ?? [])].map((label) => label.textContent)).toContain('5');
    expect([...(chart?.querySelectorAll('title') ?? [])].map((title) => text(title))).toContain('2 novembre : 2,5 Go');
    const table = within(section).getByRole('table', { name: 'Détail jour par jour (par jour, arrondi)' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', 'Données', 'Appels', 'SMS', 'Hors forfait HT']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => text(cell)));
    // Newest day first, every day present.
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual(['jeu. 5 nov.', '300 Mo', '3 min', '1 SMS', '0,01 €']);
    expect(rows[2]).toEqual(['mar. 3 nov.', '0 Mo', '0 min', '0 SMS', '0,00 €']);
    expect(rows[3]).toEqual(['lun. 2 nov.', '2,5 Godont 512 Mo en itinérance', '1 h 15 min', '12 SMS', '12,34 €']);
  });

  it('gives the days as cards on a phone', () => {
    onPhoneScreen();
    renderPage(<ConsumptionOverview consumption={createConsumption({ jours: FED_DAYS })} isUpdating={false} onPeriodChange={() => undefined} />);
    const section = screen.getByRole('region', { name: 'Période en cours, jour par jour' });
    expect(within(section).queryByRole('table')).toBeNull();
    const cards = within(within(section).getByRole('list', { name: 'Détail jour par jour (par jour, arrondi)' })).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    const facts = [...(cards[3]?.querySelectorAll('dt') ?? [])].map((term) => `${term.textContent} ${text(term.nextElementSibling)}`);
    expect(facts).toEqual(['Données 2,5 Godont 512 Mo en itinérance', 'Appels 1 h 15 min', 'SMS 12 SMS', 'Hors forfait HT 12,34 €']);
    // Without the time of the reading, the page does not make one up.
    expect(text(section)).not.toContain('dernière lecture');
  });

  it('says when nothing was fed yet in the running period, and shows no days for a closed one', () => {
    renderPage(<ConsumptionOverview consumption={createConsumption({ jours: FED_DAYS.map((fed) => day(Number(fed.jour.slice(8)))) })} isUpdating={false} onPeriodChange={() => undefined} />);
    const section = screen.getByRole('region', { name: 'Période en cours, jour par jour' });
    expect(within(section).getByText('Aucun usage reçu pour cette période à ce jour.')).toBeTruthy();
    expect(within(section).queryByRole('img')).toBeNull();
    expect(within(section).queryByRole('table')).toBeNull();
    cleanup();

    const consumption = createConsumption();
    renderPage(
      <ConsumptionOverview consumption={{ ...consumption, periode: '2026-10', periodes: consumption.periodes.slice(0, 5) }} isUpdating={false} onPeriodChange={() => undefined} />,
    );
    expect(screen.queryByRole('region', { name: 'Période en cours, jour par jour' })).toBeNull();
  });

  it('says so when nothing was recorded for the chosen period', () => {
    const consumption = createConsumption();
    renderPage(
      <ConsumptionOverview
        consumption={{ ...consumption, periode: '2026-06', periodes: consumption.periodes.slice(0, 1) }}
        isUpdating={false}
        onPeriodChange={() => undefined}
      />,
    );
    expect(screen.getByText('Aucune consommation n’a été relevée pour juin 2026.')).toBeTruthy();
    expect(screen.queryByText('Hors forfait', { selector: 'dt' })).toBeNull();
  });
});

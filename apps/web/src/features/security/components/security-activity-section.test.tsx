import { securityActivityEntrySchema, type SecurityActivityEntry } from '@ecare/shared/security-activity';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { renderPage } from '../../../test/render.tsx';
import { SecurityActivitySection } from './security-activity-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (overrides: Partial<SecurityActivityEntry>): SecurityActivityEntry =>
  securityActivityEntrySchema.parse({
    date: '2026-11-29T08:15:00.000Z',
    evenement: 'Connexion',
    appareil: 'Ordinateur sous Windows 10',
    navigateur: 'Chrome 131',
    lieu: 'Réseau 203.0.113.0/24',
    ...overrides,
  });

const EVENTS = [
  entry({ date: '2026-11-29T09:40:00.000Z', evenement: 'Nouveaux codes de secours générés', appareil: null, navigateur: null }),
  entry({ evenement: 'Connexion avec l’application d’authentification', appareil: 'iPhone sous iOS 17', navigateur: 'Safari 17', lieu: 'Réseau local' }),
  entry({ date: '2026-11-28T16:00:00.000Z', evenement: 'Vérification en deux étapes réinitialisée par le service client', appareil: null, navigateur: null, lieu: null }),
];

const serve = (events: SecurityActivityEntry[]) =>
  stubFetch((request) => (request.url === '/api/securite/activite' ? jsonResponse(events) : jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404)));

const row = (event: string) => {
  const tr = screen.getByRole('rowheader', { name: event }).closest('tr');
  if (!tr) throw new Error(`no row for ${event}`);
  return within(tr);
};

describe('SecurityActivitySection', () => {
  it('lists the events newest first with their date in Paris time, device, browser and place, a dash where there is none', async () => {
    serve(EVENTS);
    renderPage(<SecurityActivitySection />);
    const table = await screen.findByRole('table', { name: 'Activité récente de votre compte' });
    expect(screen.getByRole('heading', { name: 'Activité récente' })).toBeTruthy();
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(EVENTS.map((event) => event.evenement));
    expect(row('Connexion avec l’application d’authentification').getByText('29/11/2026 09:15')).toBeTruthy();
    expect(row('Connexion avec l’application d’authentification').getByText('iPhone sous iOS 17')).toBeTruthy();
    expect(row('Connexion avec l’application d’authentification').getByText('Réseau local')).toBeTruthy();
    expect(row('Nouveaux codes de secours générés').getAllByText('—')).toHaveLength(2);
    expect(row('Vérification en deux étapes réinitialisée par le service client').getAllByText('—')).toHaveLength(3);
  });

  it('says when there is nothing to show', async () => {
    serve([]);
    renderPage(<SecurityActivitySection />);
    expect(await screen.findByText(/^Aucune activité ces 90.derniers jours\.$/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is a list of cards on a phone, each named by its event', async () => {
    onPhoneScreen();
    serve(EVENTS);
    renderPage(<SecurityActivitySection />);
    const list = await screen.findByRole('list', { name: 'Activité récente de votre compte' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[1] as HTMLElement).getByText('Safari 17')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Nouveaux codes de secours générés' })).toBeTruthy();
  });
});

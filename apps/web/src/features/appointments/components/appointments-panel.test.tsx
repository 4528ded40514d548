import type { Appointment, AppointmentInfos, AppointmentSlots } from '@ecare/shared/appointments';
import { addDays } from '@ecare/shared/paris-time';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session-storage.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { AppointmentsPanel } from './appointments-panel.tsx';

beforeEach(() => {
  fillJsdomGaps();
  sessionStorage.clear();
  localStorage.clear();
  startSession('jeton');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINE = 5_000_003;

const appointment = (overrides: Partial<Appointment> = {}): Appointment => ({
  idRdv: 41,
  idContrat: LINE,
  typeLigne: 'MOBILE',
  numeroLigne: '0612345678',
  debut: '2027-03-18T08:30:00.000Z',
  fin: '2027-03-18T09:00:00.000Z',
  motif: 'FACTURATION',
  telephone: '0612345678',
  statut: 'RESERVE',
  priseParVous: false,
  ...overrides,
});

const infos = (rendezVous: Appointment[]): AppointmentInfos => ({
  idContrat: LINE,
  typeLigne: 'MOBILE',
  numeroLigne: '0612345678',
  libelleOffre: 'Forfait Pro 50 Go',
  raisonSociale: 'Boulangerie Lemoine SARL',
  telephoneContact: '0612345678',
  rendezVous,
  maxRendezVous: 2,
});

/** The week asked: a Sunday first, then a day with two free slots, then full days. */
function week(url: string): AppointmentSlots {
  const query = new URL(url, 'http://localhost').searchParams;
  const du = query.get('du') ?? '';
  const au = query.get('au') ?? '';
  const jours: AppointmentSlots['jours'] = [];
  for (let day = du, i = 0; day <= au; day = addDays(day, 1), i++) {
    if (i === 0) jours.push({ date: day, ferme: { raison: 'JOUR_FERIE', libelle: 'Lundi de Pâques' }, creneaux: [] });
    else if (i === 1)
      jours.push({
        date: day,
        ferme: null,
        creneaux: [
          { debut: `${day}T07:00:00.000Z`, heure: '08:00' },
          { debut: `${day}T07:30:00.000Z`, heure: '08:30' },
        ],
      });
    else jours.push({ date: day, ferme: null, creneaux: [] });
  }
  return { du, au, jours };
}

function api(list: Appointment[]) {
  return stubFetch((request: RecordedRequest) => {
    if (request.url.startsWith('/api/rdv/creneaux')) return jsonResponse(week(request.url));
    if (request.url === `/api/rdv/MOBILE/${LINE}/infos`) return jsonResponse(infos(list));
    if (request.url === '/api/rdv/reserver') {
      const body = JSON.parse(request.body ?? '{}') as { debut: string };
      const booked = appointment({ idRdv: 42, debut: body.debut, motif: 'TECHNIQUE', priseParVous: true });
      list.push(booked);
      return jsonResponse(booked, 201);
    }
    if (request.method === 'DELETE') {
      const cancelled = list.splice(0, 1)[0];
      return jsonResponse({ ...cancelled, statut: 'ANNULE' });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: 'inconnu' }, 404);
  });
}

/** React Aria radios are chosen on their label, as a person does. */
const choose = (radio: HTMLElement) => fireEvent.click(radio.closest('label') ?? radio);

describe('AppointmentsPanel', () => {
  it('books a free slot: closed and full days are disabled with why, the call carries the slot, reason and number', async () => {
    const { requests } = api([]);
    renderPage(<AppointmentsPanel typeLigne="MOBILE" idContrat={LINE} />);
    expect(await screen.findByText('Aucun rendez-vous à venir pour cette ligne.')).toBeTruthy();

    const days = within(await screen.findByRole('radiogroup', { name: /^Jour/ }));
    const radios = days.getAllByRole('radio');
    expect(radios[0]?.hasAttribute('disabled')).toBe(true);
    expect(days.getByText('Fermé (Lundi de Pâques)')).toBeTruthy();
    expect(days.getByText('2 créneaux libres')).toBeTruthy();
    expect(days.getAllByText('Complet').length).toBeGreaterThan(0);
    // The first day with a free slot is chosen for the person.
    await waitFor(() => expect((radios[1] as HTMLInputElement).checked).toBe(true));

    const hours = within(screen.getByRole('radiogroup', { name: /^Heure/ }));
    choose(hours.getByRole('radio', { name: '08:30' }));
    choose(screen.getByRole('radio', { name: 'Un problème technique ou de réseau' }));
    expect((screen.getByLabelText(/Numéro auquel le conseiller vous appellera/) as HTMLInputElement).value).toBe('06 12 34 56 78');
    fireEvent.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));

    expect(await screen.findByText(/Votre rendez-vous du .* à 08:30 est réservé\. Un e-mail de confirmation/)).toBeTruthy();
    const booking = requests.find((request) => request.url === '/api/rdv/reserver');
    const slotValue = (radios[1] as HTMLInputElement).value;
    expect(JSON.parse(booking?.body ?? '{}')).toEqual({ idContrat: LINE, debut: `${slotValue}T07:30:00.000Z`, motif: 'TECHNIQUE', telephone: '0612345678' });
    await waitFor(() => expect(screen.queryByText('Aucun rendez-vous à venir pour cette ligne.')).toBeNull());
  });

  it('asks before cancelling, then says it is cancelled', async () => {
    api([appointment()]);
    renderPage(<AppointmentsPanel typeLigne="MOBILE" idContrat={LINE} />);
    const cancel = await screen.findByRole('button', { name: /^Annuler le rendez-vous du jeudi 18 mars 2027 à 09:30/ });
    expect(screen.getByText(/pris par un autre utilisateur du compte/)).toBeTruthy();
    fireEvent.click(cancel);
    const dialog = await screen.findByRole('alertdialog', { name: 'Annuler ce rendez-vous ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le rendez-vous' }));
    expect(await screen.findByText(/Le rendez-vous du jeudi 18 mars 2027 à 09:30 est annulé/)).toBeTruthy();
  });

  it('offers no new booking while the line holds the most appointments to come', async () => {
    api([appointment(), appointment({ idRdv: 43, debut: '2027-03-19T08:30:00.000Z' })]);
    renderPage(<AppointmentsPanel typeLigne="MOBILE" idContrat={LINE} />);
    expect(await screen.findByText(/Cette ligne a déjà 2 rendez-vous à venir/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Réserver ce créneau' })).toBeNull();
  });
});

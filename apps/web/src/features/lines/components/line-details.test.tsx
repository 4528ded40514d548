import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLineDetail } from '../../../test/factories.ts';
import { LineDetails } from './line-details.tsx';

afterEach(cleanup);

/** The text of the description next to a term, spaces made plain. */
const valueOf = (term: string) => (screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '').replace(/\s/g, ' ');

describe('LineDetails', () => {
  it('shows status, plan, prices, options, dates and SIM card in French (the user has a section of its own)', () => {
    render(
      <LineDetails
        line={createLineDetail({
          codeStatut: 'SUSPENDU',
          libelleOffre: 'Forfait Pro 100 Go',
          prixMensuelHT: 1234.5,
          prixMensuelTTC: 1481.4,
          options: ['Option International', 'Option Data Europe'],
          dateActivation: '2024-03-05T10:00:00.000Z',
          dateFinEngagement: '2026-03-05',
          utilisateur: { prenom: 'Julien', nom: 'Roux', email: null, inscriptionAnnuaire: 'LISTE_ROUGE' },
          typeSim: 'ESIM',
          iccidFin: '4321',
        })}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Informations de la ligne' })).toBeTruthy();
    expect(valueOf('Statut')).toBe('Suspendue');
    expect(valueOf('Forfait')).toBe('Forfait Pro 100 Go');
    expect(valueOf('Prix mensuel')).toBe('1 234,50 € HTsoit 1 481,40 € TTC');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Option International', 'Option Data Europe']);
    expect(valueOf('Date d’activation')).toBe('05/03/2024');
    expect(valueOf('Fin d’engagement')).toBe('05/03/2026');
    expect(screen.queryByText('Utilisateur de la ligne')).toBeNull();
    expect(valueOf('Carte SIM')).toBe('eSIMNuméro de carte (ICCID) se terminant par 4321');
  });

  it('says what is not there: no option, no commitment, no known card', () => {
    render(<LineDetails line={createLineDetail({ options: [], dateFinEngagement: null, utilisateur: null, typeSim: 'SIM', iccidFin: null })} />);
    expect(valueOf('Options')).toBe('Aucune option');
    expect(valueOf('Fin d’engagement')).toBe('Sans engagement');
    expect(valueOf('Carte SIM')).toBe('Carte SIMNuméro de carte non connu');
  });
});

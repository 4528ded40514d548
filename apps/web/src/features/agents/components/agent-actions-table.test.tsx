import { agentActionSchema } from '@ecare/shared/agents';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentActionsTable } from './agent-actions-table.tsx';

afterEach(cleanup);

const action = (date: string) =>
  agentActionSchema.parse({ date, acteur: 'Sophie Lemoine', agent: 'Camille Martin (AG100001)', action: 'Connexion d’un conseiller à votre compte', motif: 'Appel du client', idContrat: null });

describe('AgentActionsTable', () => {
  it('shows when each action was taken on Paris clocks, whatever the time zone of the browser (here New York’s)', () => {
    // 13:18 UTC is 14:18 in Paris in winter, 15:18 in summer (and 08:18, 09:18 in New York).
    render(<AgentActionsTable actions={[action('2026-01-15T13:18:00.000Z'), action('2026-07-15T13:18:00.000Z')]} />);
    const dates = within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(dates).toEqual(['15/01/2026 14:18', '15/07/2026 15:18']);
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBillingAccount } from '../../../test/factories.ts';
import { AccountChoiceList } from './account-choice-list.tsx';
import { AccountSummary } from './account-summary.tsx';

afterEach(cleanup);

describe('AccountSummary', () => {
  it('shows the company, its account number, its SIREN/SIRET grouped for reading and its address', () => {
    render(
      <AccountSummary
        account={createBillingAccount({
          raisonSociale: 'Transports Girard SAS',
          codeClientBscs: '1.2034',
          sirenSiret: '54210765100027',
          adresse: { numero: '4', voie: 'quai des Chartrons', codePostal: '33000', ville: 'Bordeaux' },
        })}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Transports Girard SAS');
    const terms = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Compte de facturation', '1.2034'],
      ['SIREN/SIRET', '542 107 651 00027'],
      ['Adresse', '4 quai des Chartrons33000 Bordeaux'],
    ]);
  });
});

describe('AccountChoiceList', () => {
  const accounts = [
    createBillingAccount({ idClientBscs: 1, raisonSociale: 'Société Alpha', codeClientBscs: '1.11', nbContratsMobile: 1 }),
    createBillingAccount({ idClientBscs: 2, raisonSociale: 'Société Beta', codeClientBscs: '1.22', nbContratsMobile: 12 }),
  ];

  it('offers one card per account with its button naming the account, and marks the current one', () => {
    const onChoose = vi.fn();
    render(<AccountChoiceList accounts={accounts} currentAccountId={2} pendingAccountId={null} onChoose={onChoose} />);
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Société Alpha', 'Société Beta']);
    expect(within(cards[0] as HTMLElement).getByText('1 ligne mobile')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('12 lignes mobiles')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Compte actuel')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).queryByText('Compte actuel')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Choisir ce compte : 1.11 Société Alpha' }));
    expect(onChoose).toHaveBeenCalledWith(accounts[0]);
  });

  it('says when an account has no mobile line', () => {
    render(
      <AccountChoiceList
        accounts={[createBillingAccount({ raisonSociale: 'Société Gamma', nbContratsMobile: 0 })]}
        currentAccountId={null}
        pendingAccountId={null}
        onChoose={vi.fn()}
      />,
    );
    const [card] = screen.getAllByRole('listitem');
    expect(within(card as HTMLElement).getByText('Aucune ligne mobile')).toBeTruthy();
    expect(within(card as HTMLElement).getByRole('button', { name: /Société Gamma/ }).hasAttribute('disabled')).toBe(false);
  });

  it('disables every choice while one is being applied', () => {
    render(<AccountChoiceList accounts={accounts} currentAccountId={null} pendingAccountId={1} onChoose={vi.fn()} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(accounts.length);
    expect(buttons.every((button) => button.hasAttribute('disabled'))).toBe(true);
  });
});

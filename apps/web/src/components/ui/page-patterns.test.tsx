import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { CheckAnswers } from './check-answers.tsx';
import { PageHeading } from './page-heading.tsx';
import { StepList } from './step-list.tsx';

afterEach(cleanup);

describe('PageHeading', () => {
  it('shows the one h1, after a breadcrumb whose last item is the current page', () => {
    renderPage(
      <PageHeading breadcrumb={[{ label: 'Accueil', to: '/pages/accueil' }, { label: 'Mon compte', to: '/mon-compte' }, { label: 'Mon profil' }]}>
        Mon profil
      </PageHeading>,
    );
    const nav = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Accueil', 'Mon compte', 'Mon profil']);
    expect(within(nav).getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/mon-compte');
    expect(within(items[2] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(nav).getByText('Mon profil').getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Mon profil']);
  });

  it('has no breadcrumb unless given one', () => {
    renderPage(<PageHeading intro="Introduction">Accueil</PageHeading>);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('Introduction')).toBeTruthy();
  });
});

describe('StepList', () => {
  it('says the step in words and marks the current one with aria-current="step"', () => {
    renderPage(<StepList label="Étapes de l’ajout de ligne" steps={['Forfait', 'Options', 'Coordonnées', 'Récapitulatif']} current={1} />);
    const nav = screen.getByRole('navigation', { name: 'Étapes de l’ajout de ligne' });
    expect(within(nav).getByText(/^Étape 2 sur 4/).textContent).toBe('Étape 2 sur 4\u00a0: Options');
    const steps = within(nav).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, 'step', null, null]);
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['done', 'current', 'todo', 'todo']);
    expect(steps[0]?.textContent).toBe('Forfait (terminée)');
  });
});

describe('CheckAnswers', () => {
  it('lists each answer with a change link that says what it changes', () => {
    renderPage(
      <CheckAnswers
        title="Votre nouvelle ligne"
        rows={[
          { label: 'Forfait', value: 'Forfait Pro 100 Go', changeTo: '/ajout-ligne/forfait' },
          { label: 'Numéro', value: 'Nouveau numéro' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Votre nouvelle ligne' })).toBeTruthy();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Forfait', 'Numéro']);
    const change = screen.getByRole('link', { name: 'Modifier forfait' });
    expect(change.getAttribute('href')).toBe('/ajout-ligne/forfait');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});

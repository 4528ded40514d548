import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { Dialog } from './dialog.tsx';
import { MenuButton } from './menu-button.tsx';
import { Tabs } from './tabs.tsx';
import { IconButton } from './tooltip.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function DialogExample({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <Dialog
        role="alertdialog"
        title="Votre session va expirer"
        describedBy="texte"
        isOpen={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        actions={
          <button type="button" onClick={() => setOpen(false)}>
            Rester connecté
          </button>
        }
      >
        <p id="texte">Souhaitez-vous rester connecté ?</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal named by its title and described by its text, with focus inside', async () => {
    render(<DialogExample onOpenChange={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Votre session va expirer' });
    expect(dialog.getAttribute('aria-describedby')).toBe('texte');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('asks to close on Escape', async () => {
    const onOpenChange = vi.fn();
    render(<DialogExample onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('MenuButton', () => {
  it('opens from the keyboard, moves with the arrows, acts on Enter and gives focus back', async () => {
    const onAction = vi.fn();
    render(
      <MenuButton
        label="Exporter"
        onAction={onAction}
        items={[
          { id: 'csv', label: 'Au format CSV' },
          { id: 'pdf', label: 'Au format PDF' },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Exporter' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyUp(trigger, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Enter' });
    fireEvent.keyUp(document.activeElement as HTMLElement, { key: 'Enter' });
    expect(onAction).toHaveBeenCalledWith('pdf');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});

describe('Tabs', () => {
  it('selects with the arrow keys and shows the panel of the selected tab', async () => {
    render(
      <Tabs
        label="Vos documents"
        tabs={[
          { id: 'factures', label: 'Factures', content: <p>Liste des factures</p> },
          { id: 'contrats', label: 'Contrats', content: <p>Liste des contrats</p> },
        ]}
      />,
    );
    const list = screen.getByRole('tablist', { name: 'Vos documents' });
    const [first, second] = within(list).getAllByRole('tab');
    expect(first?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Liste des factures');
    expect(first?.getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);

    (first as HTMLElement).focus();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    await waitFor(() => expect(second?.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole('tabpanel').textContent).toBe('Liste des contrats');
  });
});

describe('IconButton and Tooltip', () => {
  it('names an icon-only button and shows its name as a tooltip on keyboard focus', async () => {
    const onPress = vi.fn();
    render(
      <>
        <Button>Avant</Button>
        <IconButton label="Paramètres d’affichage" icon={Settings} onPress={onPress} />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Paramètres d’affichage' });
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    button.focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Paramètres d’affichage');
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { ComboBoxField } from './combo-box-field.tsx';
import { Form } from './form.tsx';
import { RadioGroupField } from './radio-group-field.tsx';
import { SelectField } from './select-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useZodForm } from './use-zod-form.ts';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const schema = z.object({ motif: z.enum(['demenagement', 'cessation']), ville: z.string() });

function Example({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = useZodForm(schema, {
    defaultValues: { ville: '' },
    messages: { motif: { invalid: 'Veuillez choisir un motif.' }, ville: { invalid: 'Veuillez choisir une ville.' } },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <RadioGroupField
        name="motif"
        label="Motif de la résiliation"
        required
        help="Un seul motif."
        options={[
          { value: 'demenagement', label: 'Déménagement' },
          { value: 'cessation', label: 'Cessation d’activité', description: 'Joindre un justificatif.' },
        ]}
      />
      <ComboBoxField
        name="ville"
        label="Ville"
        options={[
          { id: '75056', label: 'Paris' },
          { id: '69123', label: 'Lyon' },
          { id: '13055', label: 'Marseille' },
        ]}
      />
      <SubmitButton>Valider</SubmitButton>
    </Form>
  );
}

describe('RadioGroupField', () => {
  it('is a labelled radio group with its help, one tab stop, arrows choosing', async () => {
    render(<Example onSubmit={vi.fn()} />);
    const group = screen.getByRole('radiogroup', { name: /^Motif de la résiliation/ });
    expect(group.getAttribute('aria-describedby')).toContain(screen.getByText('Un seul motif.').id);
    const [first, second] = within(group).getAllByRole('radio');
    expect(first?.getAttribute('tabindex')).not.toBe('-1');
    fireEvent.click(first as HTMLElement);
    expect((first as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect((second as HTMLInputElement).checked).toBe(true));
    expect(second?.getAttribute('tabindex')).not.toBe('-1');
    expect(first?.getAttribute('tabindex')).toBe('-1');
  });

  it('says what is missing, marks the group invalid and focuses its first option', async () => {
    const onSubmit = vi.fn();
    render(<Example onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    const message = await screen.findByText('Veuillez choisir un motif.');
    const group = screen.getByRole('radiogroup');
    expect(group.getAttribute('aria-describedby')).toContain(message.id);
    const first = within(group).getAllByRole('radio')[0];
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('ComboBoxField', () => {
  it('filters the options as the reader types and keeps the chosen id', async () => {
    const onSubmit = vi.fn();
    render(<Example onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'Ville' });
    input.focus();
    fireEvent.change(input, { target: { value: 'ly' } });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Lyon']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Lyon'));

    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ motif: 'demenagement', ville: '69123' }));
  });

  it('says when nothing matches', async () => {
    render(<Example onSubmit={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Ville' });
    input.focus();
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
  });
});

describe('SelectField', () => {
  const citySchema = z.object({ ville: z.string().min(1, 'Veuillez choisir la ville dans la liste.') });

  function Cities({ options, onSubmit }: { options: { value: string; label: string }[]; onSubmit: (values: unknown) => void }) {
    const form = useZodForm(citySchema, { defaultValues: { ville: 'Lyon' } });
    return (
      <Form form={form} onSubmit={onSubmit}>
        <SelectField name="ville" label="Ville" required placeholder="Choisissez la ville" options={options} />
        <SubmitButton>Valider</SubmitButton>
      </Form>
    );
  }

  it('shows a value given before its option exists once the list arrives, and keeps the choice', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Cities options={[]} onSubmit={onSubmit} />);
    const select = screen.getByLabelText(/^Ville/) as HTMLSelectElement;
    expect(select.value).toBe('');
    rerender(<Cities options={[{ value: 'Lyon', label: 'Lyon' }, { value: 'Villeurbanne', label: 'Villeurbanne' }]} onSubmit={onSubmit} />);
    expect(select.value).toBe('Lyon');
    fireEvent.change(select, { target: { value: 'Villeurbanne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ville: 'Villeurbanne' }));
  });

  it('says what is missing on the empty choice and ties the message to the list', async () => {
    const onSubmit = vi.fn();
    render(<Cities options={[{ value: 'Lyon', label: 'Lyon' }]} onSubmit={onSubmit} />);
    const select = screen.getByLabelText(/^Ville/) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    const message = await screen.findByText('Veuillez choisir la ville dans la liste.');
    expect(select.getAttribute('aria-describedby')).toContain(message.id);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

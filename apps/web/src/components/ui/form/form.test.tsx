import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error.ts';
import { deferred } from '../../../test/render.tsx';
import { FormAlertError } from './api-error-to-form.ts';
import { FormAlert } from './form-alert.tsx';
import { Form } from './form.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';
import { useZodForm } from './use-zod-form.ts';

afterEach(cleanup);

const schema = z.object({ nom: z.string().trim().min(1), email: z.email() });
const MESSAGES = {
  nom: { invalid: 'Veuillez indiquer votre nom.' },
  email: { required: 'Veuillez indiquer votre adresse e-mail.', invalid: 'L’adresse e-mail est incorrecte.' },
};

function Example({ onSubmit, summary, clearOnFocus = false }: { onSubmit: (values: unknown) => unknown; summary?: string; clearOnFocus?: boolean }) {
  const form = useZodForm(schema, { defaultValues: { nom: '', email: '' }, messages: MESSAGES });
  return (
    <Form form={form} onSubmit={onSubmit} errorSummary={summary} errorFields={{ EMAIL_UNAVAILABLE: 'email' }} aria-label="Exemple">
      <TextField name="nom" label="Nom" required help="Tel qu’il figure sur le contrat." />
      <TextField name="email" label="Adresse e-mail" type="email" required clearErrorOnFocus={clearOnFocus} />
      <FormAlert />
      <SubmitButton>Valider</SubmitButton>
    </Form>
  );
}

const nom = () => screen.getByLabelText(/^Nom/);
const email = () => screen.getByLabelText(/^Adresse e-mail/);
const validate = () => screen.getByRole('button', { name: 'Valider' });

describe('Form toolkit', () => {
  it('gives each field a visible label, the required mention and its help text through aria-describedby', () => {
    render(<Example onSubmit={vi.fn()} />);
    expect(screen.getByText('Nom').closest('label')?.textContent).toBe('Nom – obligatoire');
    expect(nom().getAttribute('aria-describedby')).toBe(screen.getByText('Tel qu’il figure sur le contrat.').id);
    expect(nom().hasAttribute('required')).toBe(true);
    expect(screen.getByRole('form', { name: 'Exemple' }).hasAttribute('novalidate')).toBe(true);
  });

  it('shows each message under its field, marks it invalid and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    render(<Example onSubmit={onSubmit} />);
    fireEvent.change(email(), { target: { value: 'x@' } });
    fireEvent.click(validate());

    const nomError = await screen.findByText('Veuillez indiquer votre nom.');
    expect(nom().getAttribute('aria-invalid')).toBe('true');
    expect(nom().getAttribute('aria-describedby')).toContain(nomError.id);
    expect(screen.getByText('L’adresse e-mail est incorrecte.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(nom()));
    expect(onSubmit).not.toHaveBeenCalled();

    // Once a field is corrected its message goes away at the next keystroke.
    fireEvent.change(nom(), { target: { value: 'Martin' } });
    await waitFor(() => expect(screen.queryByText('Veuillez indiquer votre nom.')).toBeNull());
    expect(nom().getAttribute('aria-invalid')).toBeNull();
  });

  it('uses the required wording for an empty field and the rule wording otherwise', async () => {
    render(<Example onSubmit={vi.fn()} />);
    fireEvent.click(validate());
    expect(await screen.findByText('Veuillez indiquer votre adresse e-mail.')).toBeTruthy();
  });

  it('clears a field’s error when it gets the focus, where asked', async () => {
    render(<Example onSubmit={vi.fn()} clearOnFocus />);
    fireEvent.change(nom(), { target: { value: 'Martin' } });
    fireEvent.click(validate());
    expect(await screen.findByText('Veuillez indiquer votre adresse e-mail.')).toBeTruthy();
    // The form's own move of focus keeps the message; the reader's focus clears it.
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(screen.getByText('Veuillez indiquer votre adresse e-mail.')).toBeTruthy();
    fireEvent.blur(email());
    fireEvent.focus(email());
    await waitFor(() => expect(screen.queryByText('Veuillez indiquer votre adresse e-mail.')).toBeNull());
  });

  it('lists the errors of a long form in a summary that takes the focus and links to each field', async () => {
    render(<Example onSubmit={vi.fn()} summary="Le formulaire comporte des erreurs" />);
    expect(screen.queryByRole('heading', { name: 'Le formulaire comporte des erreurs' })).toBeNull();
    fireEvent.click(validate());

    const heading = await screen.findByRole('heading', { name: 'Le formulaire comporte des erreurs' });
    const summary = heading.closest('[tabindex="-1"]') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Veuillez indiquer votre nom.', 'Veuillez indiquer votre adresse e-mail.']);
    expect(links[1]?.getAttribute('href')).toBe(`#${email().id}`);
    fireEvent.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(email());
  });

  it('disables Valider while the submit runs and ignores a second submit meanwhile', async () => {
    const answer = deferred<void>();
    const onSubmit = vi.fn(() => answer.promise);
    render(<Example onSubmit={onSubmit} />);
    fireEvent.change(nom(), { target: { value: 'Martin' } });
    fireEvent.change(email(), { target: { value: 'claire@demo.test' } });
    const form = screen.getByRole('form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(true));
    fireEvent.submit(form);
    answer.resolve();
    await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ nom: 'Martin', email: 'claire@demo.test' });
  });

  it('maps a refused call onto its field by error code, or onto the alert', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'EMAIL_UNAVAILABLE', 'Cette adresse ne peut pas être utilisée.'))
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Une erreur technique est survenue.'))
      .mockRejectedValueOnce(new FormAlertError('Une demande est déjà en cours.'));
    render(<Example onSubmit={onSubmit} />);
    fireEvent.change(nom(), { target: { value: 'Martin' } });
    fireEvent.change(email(), { target: { value: 'claire@demo.test' } });

    fireEvent.click(validate());
    const fieldError = await screen.findByText('Cette adresse ne peut pas être utilisée.');
    expect(email().getAttribute('aria-describedby')).toContain(fieldError.id);
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(email(), { target: { value: 'autre@demo.test' } });
    await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
    fireEvent.click(validate());
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur technique est survenue.');

    fireEvent.click(validate());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Une demande est déjà en cours.'));
  });
});

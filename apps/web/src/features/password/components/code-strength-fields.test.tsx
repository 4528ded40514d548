import { PASSWORD_MESSAGES } from '@ecare/shared/password';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { changeCodeFormSchema, CODE_FORM_MESSAGES, createCodeFormSchema } from '../utils/code-form.ts';
import { CodeStrengthFields } from './code-strength-fields.tsx';

afterEach(cleanup);

/** The widget inside a form, as the pages use it: 'Valider' enabled only when the form is valid. */
function Harness({ withOldCode = false, error = false }: { withOldCode?: boolean; error?: boolean }) {
  // The creation form has no old code: the change schema minus that field.
  const schema = withOldCode ? changeCodeFormSchema : createCodeFormSchema.extend({ oldCode: z.string().optional() });
  const form = useZodForm(schema, { defaultValues: { oldCode: '', newCode: '' }, messages: CODE_FORM_MESSAGES });
  return (
    <Form form={form} onSubmit={() => undefined}>
      <CodeStrengthFields withOldCode={withOldCode} error={error} />
      <SubmitButton disabledUnlessValid>Valider</SubmitButton>
    </Form>
  );
}

const newCode = () => screen.getByLabelText(/^Nouveau code confidentiel/);
const validate = () => screen.getByRole('button', { name: 'Valider' });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const enabled = () => waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
const disabled = () => waitFor(() => expect(validate().hasAttribute('disabled')).toBe(true));

function criteriaStates(): Record<string, string | null> {
  const list = screen.getByText('Votre code confidentiel doit contenir :').nextElementSibling as HTMLElement;
  return Object.fromEntries(
    within(list)
      .getAllByRole('listitem')
      .map((item) => [item.textContent?.replace(/ : (non )?respecté$/, '') ?? '', item.getAttribute('data-state')]),
  );
}

const meter = () => screen.getByRole('meter');

describe('CodeStrengthFields', () => {
  it('starts neutral: criteria neither met nor unmet, empty bar, Valider disabled', async () => {
    render(<Harness />);
    expect(Object.values(criteriaStates())).toEqual(['neutral', 'neutral', 'neutral', 'neutral', 'neutral']);
    expect(meter().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Robustesse : non évaluée')).toBeTruthy();
    expect(screen.queryByLabelText(/Code confidentiel actuel/)).toBeNull();
    expect(newCode().getAttribute('aria-describedby')).toContain(screen.getByText(/^De 8 à 20 caractères/).id);
    await disabled();
  });

  it('turns each criterion green or red on each keystroke, with the state in text too', async () => {
    render(<Harness />);
    type(newCode(), 'abc');
    expect(criteriaStates()).toEqual({
      'minimum 8 caractères': 'unmet',
      'une minuscule': 'met',
      'une majuscule': 'unmet',
      'un caractère spécial': 'unmet',
      'un chiffre': 'unmet',
    });
    expect(screen.getByText('une minuscule').textContent).toBe('une minuscule : respecté');
    expect(screen.getByText('une majuscule').textContent).toBe('une majuscule : non respecté');
    expect(meter().getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByText('Robustesse : faible')).toBeTruthy();
    await disabled();

    type(newCode(), 'Zq7#vLm2pR!x');
    expect(Object.values(criteriaStates())).toEqual(['met', 'met', 'met', 'met', 'met']);
    await enabled();
  });

  it('fills the bar by entropy: 30 % danger, 60 % warning, 100 % good', () => {
    render(<Harness />);
    // 12 × log2(83) ≈ 76.5 bits
    type(newCode(), 'Zq7#vLm2pR!x');
    expect(meter().getAttribute('aria-valuenow')).toBe('30');
    // 13 × log2(83) ≈ 82.9 bits
    type(newCode(), 'Zq7#vLm2pR!xy');
    expect(meter().getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByText('Robustesse : moyenne')).toBeTruthy();
    // 17 × log2(83) ≈ 108.4 bits
    type(newCode(), 'Zq7#vLm2pR!xyWb4&');
    expect(meter().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Robustesse : bonne')).toBeTruthy();
  });

  it('refuses quotes and angle brackets with the shared message', async () => {
    render(<Harness />);
    type(newCode(), 'Zq7#vLm2pR!x<');
    expect(screen.getByRole('alert').textContent).toBe(PASSWORD_MESSAGES.forbiddenCharacters);
    expect(newCode().getAttribute('aria-invalid')).toBe('true');
    expect(newCode().getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    await disabled();
  });

  it('keeps a pasted code longer than 20 characters whole and says it is too long', async () => {
    render(<Harness />);
    expect(newCode().hasAttribute('maxlength')).toBe(false);
    type(newCode(), 'Aa1!Aa1!Aa1!Aa1!Aa1!XYZ');
    expect((newCode() as HTMLInputElement).value).toBe('Aa1!Aa1!Aa1!Aa1!Aa1!XYZ');
    expect(screen.getByRole('alert').textContent).toBe('Le code saisi compte 23 caractères\u00a0: 20 au maximum. Raccourcissez-le.');
    expect(newCode().getAttribute('aria-invalid')).toBe('true');
    await disabled();

    type(newCode(), 'Aa1!Aa1!Aa1!Aa1!Aa1!');
    expect(screen.queryByRole('alert')).toBeNull();
    await enabled();
  });

  it('shows the requirements message when the error flag is set, or once the field is left unmet', async () => {
    render(<Harness error />);
    expect(screen.getByText(PASSWORD_MESSAGES.requirementsUnmet)).toBeTruthy();

    cleanup();
    render(<Harness />);
    type(newCode(), 'abc');
    expect(screen.queryByText(PASSWORD_MESSAGES.requirementsUnmet)).toBeNull();
    fireEvent.blur(newCode());
    const message = await screen.findByText(PASSWORD_MESSAGES.requirementsUnmet);
    expect(newCode().getAttribute('aria-invalid')).toBe('true');
    expect(newCode().getAttribute('aria-describedby')).toContain(message.id);
  });

  it('with the old code shown, enables Valider only when the old code has 8 to 20 characters', async () => {
    render(<Harness withOldCode />);
    type(newCode(), 'Zq7#vLm2pR!x');
    await disabled();
    const oldCode = screen.getByLabelText(/^Code confidentiel actuel/);
    type(oldCode, 'court');
    fireEvent.blur(oldCode);
    expect(await screen.findByText('Votre code confidentiel actuel compte de 8 à 20 caractères.')).toBeTruthy();
    type(oldCode, 'Demo-Gestion-2026!');
    await enabled();
  });

  it('shows and hides the code with a pressed toggle', () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Afficher le code confidentiel' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(newCode().getAttribute('type')).toBe('password');

    fireEvent.click(toggle);
    expect(newCode().getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Masquer le code confidentiel' }).getAttribute('aria-pressed')).toBe('true');
  });
});

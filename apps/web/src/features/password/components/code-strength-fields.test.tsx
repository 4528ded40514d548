import { PASSWORD_MESSAGES } from '@ecare/shared/password';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeStrengthFields, EMPTY_CODE_FIELDS, type CodeFieldsValue } from './code-strength-fields.tsx';

afterEach(cleanup);

/** The widget inside a parent that keeps its value, as the pages do. */
function Harness({ onRobust, withOldCode = false, error = false }: { onRobust: (robust: boolean) => void; withOldCode?: boolean; error?: boolean }) {
  const [value, setValue] = useState<CodeFieldsValue>(EMPTY_CODE_FIELDS);
  return (
    <CodeStrengthFields
      value={value}
      withOldCode={withOldCode}
      error={error}
      onChange={(next, robust) => {
        setValue(next);
        onRobust(robust);
      }}
    />
  );
}

const newCode = () => screen.getByLabelText(/^Nouveau code confidentiel/);
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

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
  it('starts neutral: criteria neither met nor unmet, empty bar, nothing reported robust', () => {
    render(<Harness onRobust={vi.fn()} />);
    expect(Object.values(criteriaStates())).toEqual(['neutral', 'neutral', 'neutral', 'neutral', 'neutral']);
    expect(meter().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Robustesse : non évaluée')).toBeTruthy();
    expect(newCode().getAttribute('maxlength')).toBe('20');
    expect(screen.queryByLabelText(/Code confidentiel actuel/)).toBeNull();
  });

  it('turns each criterion green or red on each keystroke, with the state in text too', () => {
    const onRobust = vi.fn();
    render(<Harness onRobust={onRobust} />);

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
    expect(onRobust).toHaveBeenLastCalledWith(false);

    type(newCode(), 'Zq7#vLm2pR!x');
    expect(Object.values(criteriaStates())).toEqual(['met', 'met', 'met', 'met', 'met']);
    expect(onRobust).toHaveBeenLastCalledWith(true);
  });

  it('fills the bar by entropy: 30 % danger, 60 % warning, 100 % good', () => {
    render(<Harness onRobust={vi.fn()} />);
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

  it('refuses quotes and angle brackets with the shared message', () => {
    const onRobust = vi.fn();
    render(<Harness onRobust={onRobust} />);
    type(newCode(), 'Zq7#vLm2pR!x<');
    expect(screen.getByRole('alert').textContent).toBe(PASSWORD_MESSAGES.forbiddenCharacters);
    expect(newCode().getAttribute('aria-invalid')).toBe('true');
    expect(onRobust).toHaveBeenLastCalledWith(false);
  });

  it('shows the requirements message when the error flag is set, or once the field is left unmet', () => {
    render(<Harness onRobust={vi.fn()} error />);
    expect(screen.getByText(PASSWORD_MESSAGES.requirementsUnmet)).toBeTruthy();

    cleanup();
    render(<Harness onRobust={vi.fn()} />);
    type(newCode(), 'abc');
    expect(screen.queryByText(PASSWORD_MESSAGES.requirementsUnmet)).toBeNull();
    fireEvent.blur(newCode());
    expect(screen.getByText(PASSWORD_MESSAGES.requirementsUnmet)).toBeTruthy();
  });

  it('with the old code shown, reports robust only when the old code has 8 to 20 characters', () => {
    const onRobust = vi.fn();
    render(<Harness onRobust={onRobust} withOldCode />);
    type(newCode(), 'Zq7#vLm2pR!x');
    expect(onRobust).toHaveBeenLastCalledWith(false);
    type(screen.getByLabelText(/^Code confidentiel actuel/), 'Demo-Gestion-2026!');
    expect(onRobust).toHaveBeenLastCalledWith(true);
  });

  it('shows and hides the code with a pressed toggle', () => {
    render(<Harness onRobust={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Afficher le code confidentiel' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(newCode().getAttribute('type')).toBe('password');

    fireEvent.click(toggle);
    expect(newCode().getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Masquer le code confidentiel' }).getAttribute('aria-pressed')).toBe('true');
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form.tsx';

afterEach(cleanup);

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginForm', () => {
  it('shows the spec message, marks the fields and focuses the first one when submitted empty', () => {
    const onSubmit = vi.fn();
    render(<LoginForm pending={false} serverError={null} onSubmit={onSubmit} />);

    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));

    expect(screen.getByRole('alert').textContent).toBe('Votre identifiant et votre code confidentiel ne correspondent pas');
    const username = screen.getByLabelText(/Identifiant/);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.getByLabelText(/Code confidentiel/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values', () => {
    const onSubmit = vi.fn();
    render(<LoginForm pending={false} serverError={null} onSubmit={onSubmit} />);
    fill(/Identifiant/, 'gestionnaire@demo.test');
    fill(/Code confidentiel/, 'Demo-Gestion-2026!');

    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));

    expect(onSubmit).toHaveBeenCalledWith({ username: 'gestionnaire@demo.test', password: 'Demo-Gestion-2026!' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server message as is and disables Valider while loading', () => {
    render(<LoginForm pending serverError="Le compte est verrouillé." onSubmit={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('Le compte est verrouillé.');
    expect(screen.getByRole('button', { name: 'Valider' }).hasAttribute('disabled')).toBe(true);
  });

  it('limits the code to 100 characters', () => {
    render(<LoginForm pending={false} serverError={null} onSubmit={vi.fn()} />);
    const code = screen.getByLabelText(/Code confidentiel/);
    expect(code.getAttribute('maxlength')).toBe('100');
    expect(code.getAttribute('type')).toBe('password');
    expect(screen.getByLabelText(/Identifiant/).getAttribute('type')).toBe('email');
  });

  it('keeps Valider disabled in the page rendered ahead of time, until the app runs', () => {
    const html = renderToString(<LoginForm pending={false} serverError={null} onSubmit={vi.fn()} />);
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""/);
  });

  it('reports the first sign of activity in the form', () => {
    const onActivity = vi.fn();
    render(<LoginForm pending={false} serverError={null} onSubmit={vi.fn()} onActivity={onActivity} />);
    expect(onActivity).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText(/Identifiant/));
    expect(onActivity).toHaveBeenCalled();
  });
});

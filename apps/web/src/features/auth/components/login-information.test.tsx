import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_INFORMATION_ID, LoginInformation } from './login-information.tsx';

afterEach(cleanup);

const box = () => document.getElementById(LOGIN_INFORMATION_ID);

describe('LoginInformation', () => {
  it('shows the server message reduced to harmless markup', () => {
    render(<LoginInformation html={'Nouveau : <b>PDF</b><script>alert(1)</script>'} />);
    expect(box()?.innerHTML).toBe('Nouveau : <b>PDF</b>');
  });

  it('is an empty box, hidden by its class, without a message', () => {
    render(<LoginInformation html="  " />);
    expect(box()?.childNodes.length).toBe(0);
    expect(box()?.className).toContain('empty:hidden');
  });

  it('keeps the banner the server wrote into the page while the app takes the page over', async () => {
    // The prerendered page has an empty box; the server writes the banner into it.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LoginInformation html={null} />).replace('></div>', '>Message du <b>serveur</b></div>');
    document.body.append(container);
    const onRecoverableError = vi.fn();

    const root = await act(async () => hydrateRoot(container, <LoginInformation html={null} />, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(box()?.innerHTML).toBe('Message du <b>serveur</b>');

    await act(async () => root.render(<LoginInformation html="Message du <b>serveur</b>, relu" />));
    expect(box()?.innerHTML).toBe('Message du <b>serveur</b>, relu');
    root.unmount();
    container.remove();
  });
});

import { PUBLIC_PARAMETER_NAMES, type ServerParameters } from '@ecare/shared';
import { describe, expect, it } from 'vitest';
import { INFORMATION_MARKER, loginPageHtml } from './prerendered-pages.ts';

const template = `<main><div id="information-connexion" class="empty:hidden">${INFORMATION_MARKER}</div><form></form></main>`;

function parameters(overrides: Partial<ServerParameters> = {}): ServerParameters {
  const empty = Object.fromEntries(PUBLIC_PARAMETER_NAMES.map((name) => [name, ''])) as ServerParameters;
  return { ...empty, activer: 'True', en_maintenance: 'false', ...overrides };
}

describe('login page HTML', () => {
  it('writes the information banner, reduced to harmless markup, into its box', () => {
    const html = loginPageHtml(template, parameters({ messageAuthentification: 'Nouveau : <b>PDF</b><script>x()</script> $& $1' }));
    expect(html).toBe('<main><div id="information-connexion" class="empty:hidden">Nouveau : <b>PDF</b> $&amp; $1</div><form></form></main>');
  });

  it('leaves the box empty (and so hidden) without a message', () => {
    expect(loginPageHtml(template, parameters())).toBe('<main><div id="information-connexion" class="empty:hidden"></div><form></form></main>');
  });

  it('gives way to the app when the portal is closed or in maintenance', () => {
    expect(loginPageHtml(template, parameters({ activer: 'False' }))).toBeNull();
    expect(loginPageHtml(template, parameters({ en_maintenance: 'True' }))).toBeNull();
  });

  it('gives way to the app with a build that has no banner box', () => {
    expect(loginPageHtml('<main></main>', parameters({ messageAuthentification: 'x' }))).toBeNull();
  });
});

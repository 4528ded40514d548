import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting tags', () => {
    expect(sanitizeHtml('<p>Bonjour <b>gras</b> <strong>fort</strong> <i>i</i> <em>em</em><br><span>s</span></p>')).toBe(
      '<p>Bonjour <b>gras</b> <strong>fort</strong> <i>i</i> <em>em</em><br><span>s</span></p>',
    );
  });

  it('removes scripts, styles and their content', () => {
    expect(sanitizeHtml('Avant<script>alert(1)</script><style>p{}</style>après')).toBe('Avantaprès');
  });

  it('drops every attribute except a safe href', () => {
    expect(sanitizeHtml('<span style="color:red" onclick="x()" class="c">t</span>')).toBe('<span>t</span>');
    expect(sanitizeHtml('<b onmouseover="x()">t</b>')).toBe('<b>t</b>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<div><h1>Titre</h1><img src=x onerror="alert(1)">texte</div>')).toBe('Titretexte');
  });

  it('keeps http(s) and relative links, external ones opening in a new window', () => {
    expect(sanitizeHtml('<a href="https://example.com/x" target="_self">lien</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">lien</a>',
    );
    expect(sanitizeHtml('<a href="/ecare/assistance/faq">faq</a>')).toBe('<a href="/ecare/assistance/faq">faq</a>');
  });

  it('removes dangerous hrefs but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
  });

  it('escapes text so no markup comes back to life', () => {
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('returns an empty string for blank input', () => {
    expect(sanitizeHtml('   ')).toBe('');
  });
});

describe('isSafeHref', () => {
  it.each([
    ['https://example.com', true],
    ['HTTP://example.com', true],
    ['/pages/accueil', true],
    ['page.html', true],
    ['mailto:a@b.fr', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['vbscript:x', false],
    ['', false],
  ])('%s → %s', (href, expected) => {
    expect(isSafeHref(href)).toBe(expected);
  });
});

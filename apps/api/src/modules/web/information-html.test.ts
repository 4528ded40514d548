import { describe, expect, it } from 'vitest';
import { informationHtml, isSafeHref } from './information-html.ts';

// The same cases as the browser's sanitizer (apps/web/src/lib/sanitize-html.test.ts): the page
// must show what the app would show.
describe('information banner HTML', () => {
  it('keeps the allowed formatting tags', () => {
    expect(informationHtml('<p>Bonjour <b>gras</b> <strong>fort</strong> <i>i</i> <em>em</em><br><span>s</span></p>')).toBe(
      '<p>Bonjour <b>gras</b> <strong>fort</strong> <i>i</i> <em>em</em><br><span>s</span></p>',
    );
  });

  it('removes scripts, styles and their content', () => {
    expect(informationHtml('Avant<script>alert(1)</script><style>p{}</style>après')).toBe('Avantaprès');
    expect(informationHtml('<svg><script>alert(1)</script></svg>x<template><b>t</b></template>')).toBe('x');
  });

  it('drops every attribute except a safe href', () => {
    expect(informationHtml('<span style="color:red" onclick="x()" class="c">t</span>')).toBe('<span>t</span>');
    expect(informationHtml('<b onmouseover="x()">t</b>')).toBe('<b>t</b>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(informationHtml('<div><h1>Titre</h1><img src=x onerror="alert(1)">texte</div>')).toBe('Titretexte');
  });

  it('keeps http(s) and relative links, external ones opening in a new window', () => {
    expect(informationHtml('<a href="https://example.com/x?a=1&amp;b=2" target="_self">lien</a>')).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">lien</a>',
    );
    expect(informationHtml('<a href="/ecare/assistance/faq">faq</a>')).toBe('<a href="/ecare/assistance/faq">faq</a>');
  });

  it('removes dangerous hrefs but keeps the link text', () => {
    expect(informationHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(informationHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(informationHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(informationHtml('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
  });

  it('escapes text so no markup comes back to life', () => {
    expect(informationHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(informationHtml('<b>a</b></div><div id="x">b')).toBe('<b>a</b>b');
    expect(informationHtml('<a href=\'/x" onclick="y\'>t</a>')).toBe('<a href="/x&quot; onclick=&quot;y">t</a>');
  });

  it('returns an empty string for blank input', () => {
    expect(informationHtml('   ')).toBe('');
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

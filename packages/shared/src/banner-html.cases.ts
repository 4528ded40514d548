/**
 * Input and expected output shared by the tests of both banner sanitizers (the browser's and the
 * server's), so that the prerendered page shows what the app shows.
 */
export const BANNER_HTML_CASES: readonly { name: string; input: string; output: string }[] = [
  {
    name: 'keeps the allowed formatting tags',
    input: '<p>Bonjour <b>gras</b> <strong>fort</strong> <i>i</i> <em>em</em><br><span>s</span></p>',
    output: '<p>Bonjour <b>gras</b> <strong>fort</strong> <i>i</i> <em>em</em><br><span>s</span></p>',
  },
  { name: 'removes scripts and styles with their content', input: 'Avant<script>alert(1)</script><style>p{}</style>après', output: 'Avantaprès' },
  { name: 'removes svg and template content', input: '<svg><script>alert(1)</script></svg>x<template><b>t</b></template>', output: 'x' },
  { name: 'drops every attribute of a kept element', input: '<span style="color:red" onclick="x()" class="c">t</span>', output: '<span>t</span>' },
  { name: 'drops event handlers', input: '<b onmouseover="x()">t</b>', output: '<b>t</b>' },
  { name: 'unwraps unknown elements but keeps their text', input: '<div><h1>Titre</h1><img src=x onerror="alert(1)">texte</div>', output: 'Titretexte' },
  {
    name: 'opens an external link in a new window',
    input: '<a href="https://example.com/x?a=1&amp;b=2" target="_self">lien</a>',
    output: '<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">lien</a>',
  },
  { name: 'keeps a relative link as it is', input: '<a href="/ecare/assistance/faq">faq</a>', output: '<a href="/ecare/assistance/faq">faq</a>' },
  { name: 'removes a javascript: href', input: '<a href="javascript:alert(1)">x</a>', output: '<a>x</a>' },
  { name: 'removes a javascript: href split by a tab', input: '<a href=" java\tscript:alert(1)">x</a>', output: '<a>x</a>' },
  { name: 'removes an entity-encoded javascript: href', input: '<a href="&#106;avascript:alert(1)">x</a>', output: '<a>x</a>' },
  { name: 'removes a data: href', input: '<a href="data:text/html,hi">x</a>', output: '<a>x</a>' },
  { name: 'keeps escaped markup escaped', input: '&lt;script&gt;alert(1)&lt;/script&gt;', output: '&lt;script&gt;alert(1)&lt;/script&gt;' },
  { name: 'ignores a stray closing tag', input: '<b>a</b></div><div id="x">b', output: '<b>a</b>b' },
  { name: 'escapes quotes inside an href', input: '<a href=\'/x" onclick="y\'>t</a>', output: '<a href="/x&quot; onclick=&quot;y">t</a>' },
  { name: 'returns nothing for blank input', input: '   ', output: '' },
];

export const SAFE_HREF_CASES: readonly [href: string, safe: boolean][] = [
  ['https://example.com', true],
  ['HTTP://example.com', true],
  ['/pages/accueil', true],
  ['page.html', true],
  ['mailto:a@b.fr', false],
  ['//evil.example', false],
  ['/\\evil.example', false],
  ['vbscript:x', false],
  ['', false],
];

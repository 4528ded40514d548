/**
 * Input and expected output shared by the tests of both sanitizers applying LEGAL_HTML_RULES
 * (the server's, which answers the text, and the browser's, which renders it), so that the
 * page shows what the server answered.
 */
export const LEGAL_HTML_CASES: readonly { name: string; input: string; output: string }[] = [
  {
    name: 'keeps headings, paragraphs and lists',
    input: '<h2>Éditeur</h2><p>Texte <strong>fort</strong></p><ul><li>un</li><li>deux<ol><li>a</li></ol></li></ul><h3>Sous-titre</h3><h4>Détail</h4>',
    output: '<h2>Éditeur</h2><p>Texte <strong>fort</strong></p><ul><li>un</li><li>deux<ol><li>a</li></ol></li></ul><h3>Sous-titre</h3><h4>Détail</h4>',
  },
  { name: 'unwraps a first-level heading: the page has its own', input: '<h1>Titre</h1><p>x</p>', output: 'Titre<p>x</p>' },
  {
    name: 'keeps a table with its caption and header scopes',
    input:
      '<table class="x"><caption>Prix</caption><thead><tr><th scope="col" style="color:red">Forfait</th><th scope="col">Prix</th></tr></thead><tbody><tr><th scope="row">5 Go</th><td colspan="2">14,99 €</td></tr></tbody></table>',
    output:
      '<table><caption>Prix</caption><thead><tr><th scope="col">Forfait</th><th scope="col">Prix</th></tr></thead><tbody><tr><th scope="row">5 Go</th><td>14,99 €</td></tr></tbody></table>',
  },
  { name: 'drops a scope that is not one', input: '<table><tbody><tr><th scope="javascript:x">a</th></tr></tbody></table>', output: '<table><tbody><tr><th>a</th></tr></tbody></table>' },
  { name: 'adds the row group the parser implies', input: '<table><tr><td>a</td></tr></table>', output: '<table><tbody><tr><td>a</td></tr></tbody></table>' },
  {
    name: 'keeps definition lists, addresses and abbreviations with their title',
    input: '<dl><dt>Capital</dt><dd>25 000 000 €</dd></dl><address>18 rue des Quatre-Vents</address><abbr title="Registre du commerce et des sociétés" lang="fr">RCS</abbr>',
    output: '<dl><dt>Capital</dt><dd>25 000 000 €</dd></dl><address>18 rue des Quatre-Vents</address><abbr title="Registre du commerce et des sociétés">RCS</abbr>',
  },
  { name: 'escapes quotes and ampersands in a kept attribute', input: '<abbr title=\'a "b" &amp; c\'>x</abbr>', output: '<abbr title="a &quot;b&quot; &amp; c">x</abbr>' },
  { name: 'writes no-break spaces as entities', input: '<p>Prix&nbsp;: 10\u00a0€</p>', output: '<p>Prix&nbsp;: 10&nbsp;€</p>' },
  { name: 'removes scripts, styles, frames and forms with their content', input: '<p>a<script>alert(1)</script><style>p{}</style><iframe src="x">i</iframe>b</p><form><input value="x"><button>c</button></form>', output: '<p>ab</p>' },
  { name: 'removes images and their handlers', input: '<p><img src="x" onerror="alert(1)">texte</p>', output: '<p>texte</p>' },
  { name: 'drops event handlers and styles', input: '<p onclick="x()" style="x" id="y">t</p><h2 onmouseover="x()">h</h2>', output: '<p>t</p><h2>h</h2>' },
  {
    name: 'keeps an external link in the same window',
    input: '<a href="https://www.defenseurdesdroits.fr/" target="_blank" rel="opener">Défenseur des droits</a>',
    output: '<a href="https://www.defenseurdesdroits.fr/">Défenseur des droits</a>',
  },
  { name: 'keeps an in-app link', input: '<a href="/ecare/pages/accessibilite">déclaration</a>', output: '<a href="/ecare/pages/accessibilite">déclaration</a>' },
  { name: 'removes a javascript: href', input: '<a href="javascript:alert(1)">x</a>', output: '<a>x</a>' },
  { name: 'removes an entity-encoded javascript: href', input: '<a href="&#106;avascript:alert(1)">x</a>', output: '<a>x</a>' },
  { name: 'removes a protocol-relative href', input: '<a href="//evil.example/">x</a>', output: '<a>x</a>' },
  { name: 'removes svg and math content', input: '<svg><a href="/x">s</a></svg><math><mi>m</mi></math>ok', output: 'ok' },
  { name: 'unwraps unknown elements', input: '<div><section><p>a</p></section><font>b</font></div>', output: '<p>a</p>b' },
  { name: 'keeps escaped markup escaped', input: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', output: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' },
  { name: 'drops comments', input: '<p>a<!-- <script>x</script> -->b</p>', output: '<p>ab</p>' },
  { name: 'returns nothing for blank input', input: ' \n ', output: '' },
];

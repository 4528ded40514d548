import { describe, expect, it } from 'vitest';
import { FAQ_HTML_RULES } from '@ecare/shared';
import { BANNER_HTML_RULES } from '@ecare/shared/html-rules';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { cleanHtml } from './admin-html.ts';

describe('cleanHtml', () => {
  it('gives what the sanitizer gives, and names nothing when nothing was removed', () => {
    const html = '<p>Un <strong>texte</strong> avec <a href="https://exemple.fr">un lien</a> &amp; des accents : é</p>';
    expect(cleanHtml('x', html, BANNER_HTML_RULES)).toEqual({ html: sanitizeHtml(html, BANNER_HTML_RULES), removal: null });
  });

  it('names each kind of removal once, whatever the number of occurrences', () => {
    const html = '<div onclick="a()" class="c"><script>x()</script><script>y()</script>Texte</div><a href=" javascript:alert(1)">lien</a><!-- c -->';
    const { html: clean, removal } = cleanHtml('titrE_BANDEAU', html, BANNER_HTML_RULES);
    expect(clean).toBe('Texte<a>lien</a>');
    expect(removal).toEqual({
      champ: 'titrE_BANDEAU',
      elements: [
        'balise <script> et son contenu',
        'balise <div> (son texte est gardé)',
        'attribut class',
        'adresse de lien non autorisée (href)',
        'attribut onclick',
        'commentaire HTML',
      ],
    });
  });

  it('keeps what a rule set allows: a header cell’s scope on a legal page, a list type in an FAQ answer', () => {
    expect(cleanHtml('c', '<table><tr><th scope="row">A</th></tr></table>', LEGAL_HTML_RULES).removal).toBeNull();
    expect(cleanHtml('c', '<ol type="a"><li>Un</li></ol>', FAQ_HTML_RULES).removal).toBeNull();
    expect(cleanHtml('c', '<ol type="disc" start="3"><li>Un</li></ol>', FAQ_HTML_RULES).removal?.elements).toEqual(['attribut start', 'attribut type']);
  });
});

import { describe, expect, it } from 'vitest';
import { BANNER_HTML_CASES } from '@ecare/shared/banner-html.cases';
import { BANNER_HTML_RULES } from '@ecare/shared/html-rules';
import { LEGAL_HTML_CASES } from '@ecare/shared/legal-html.cases';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { sanitizeHtml } from './legal-html.ts';

// The same cases as the browser's sanitizer (apps/web/src/lib/sanitize-html.test.ts): the page
// shows what the server answered.
describe('legal HTML reduced by the server', () => {
  it.each(LEGAL_HTML_CASES)('$name', ({ input, output }) => {
    expect(sanitizeHtml(input, LEGAL_HTML_RULES)).toBe(output);
    // A second pass changes nothing.
    expect(sanitizeHtml(output, LEGAL_HTML_RULES)).toBe(output);
  });

  it('applies the banner rules as the banner sanitizer does', () => {
    for (const { input, output } of BANNER_HTML_CASES) expect(sanitizeHtml(input, BANNER_HTML_RULES), input).toBe(output);
  });
});

import { describe, expect, it } from 'vitest';
import { BANNER_HTML_CASES } from '@ecare/shared/banner-html.cases';
import { BANNER_HTML_RULES } from '@ecare/shared/html-rules';
import { LEGAL_HTML_CASES } from '@ecare/shared/legal-html.cases';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { sanitizeHtml } from './sanitize-html.ts';

// The same cases as the browser's sanitizer (apps/web/src/lib/sanitize-html.test.ts): the
// prerendered pages show what the app would show, and the legal pages what the server answered.
describe('server sanitizer with the banners’ rules (login page and page frame banners)', () => {
  it.each(BANNER_HTML_CASES)('$name', ({ input, output }) => {
    expect(sanitizeHtml(input, BANNER_HTML_RULES)).toBe(output);
  });
});

describe('server sanitizer with the legal pages’ rules', () => {
  it.each(LEGAL_HTML_CASES)('$name', ({ input, output }) => {
    expect(sanitizeHtml(input, LEGAL_HTML_RULES)).toBe(output);
    // A second pass changes nothing.
    expect(sanitizeHtml(output, LEGAL_HTML_RULES)).toBe(output);
  });
});

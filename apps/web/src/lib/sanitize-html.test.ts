import { describe, expect, it } from 'vitest';
import { BANNER_HTML_CASES } from '@ecare/shared/banner-html.cases';
import { LEGAL_HTML_CASES } from '@ecare/shared/legal-html.cases';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { sanitizeHtml } from './sanitize-html.ts';

// The same cases as the server's sanitizer, which writes the banners into the prerendered pages
// and reduces the legal pages (apps/api/src/lib/sanitize-html.test.ts).
describe('sanitizeHtml', () => {
  it.each(BANNER_HTML_CASES)('$name', ({ input, output }) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});

describe('sanitizeHtml with the legal pages’ rules', () => {
  it.each(LEGAL_HTML_CASES)('$name', ({ input, output }) => {
    expect(sanitizeHtml(input, LEGAL_HTML_RULES)).toBe(output);
    expect(sanitizeHtml(output, LEGAL_HTML_RULES)).toBe(output);
  });
});

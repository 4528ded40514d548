import { describe, expect, it } from 'vitest';
import { BANNER_HTML_CASES } from '@ecare/shared/banner-html.cases';
import { LEGAL_HTML_CASES } from '@ecare/shared/legal-html.cases';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import { sanitizeHtml } from './sanitize-html.ts';

// The same cases as the server's sanitizers (the prerendered login page's,
// apps/api/src/modules/web/information-html.test.ts, and the legal pages',
// apps/api/src/modules/legal/legal-html.test.ts).
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

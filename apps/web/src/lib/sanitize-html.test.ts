import { describe, expect, it } from 'vitest';
import { BANNER_HTML_CASES } from '@ecare/shared/banner-html.cases';
import { sanitizeHtml } from './sanitize-html.ts';

// The same cases as the server's sanitizer of the prerendered login page
// (apps/api/src/modules/web/information-html.test.ts).
describe('sanitizeHtml', () => {
  it.each(BANNER_HTML_CASES)('$name', ({ input, output }) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});

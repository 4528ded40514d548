import { describe, expect, it } from 'vitest';
import { BANNER_HTML_CASES } from '@ecare/shared/banner-html.cases';
import { informationHtml } from './information-html.ts';

// The same cases as the browser's sanitizer (apps/web/src/lib/sanitize-html.test.ts): the
// prerendered page must show what the app would show.
describe('information banner HTML written into the login page', () => {
  it.each(BANNER_HTML_CASES)('$name', ({ input, output }) => {
    expect(informationHtml(input)).toBe(output);
  });
});

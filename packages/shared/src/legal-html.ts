/**
 * What the legal and information pages (`GET /api/mentions-legales/{pageCode}`) may keep of
 * their HTML: long texts need headings, lists, definition lists, addresses and tables, which
 * the banners never do. A rule set of its own, so that the banners' stays as narrow as it is.
 * Free of zod.
 */
import { BANNER_DROPPED_TAGS } from './banner-html.ts';
import type { HtmlRules } from './html-rules.ts';

const oneOf =
  (...values: string[]) =>
  (value: string) =>
    values.includes(value);

/** A short plain title (an abbreviation's expansion): no markup can hide in an escaped attribute, but keep it sane. */
const shortText = (value: string) => value.trim() !== '' && value.length <= 200;

export const LEGAL_HTML_RULES: HtmlRules = {
  allowedTags: new Set([
    // The page's own h1 is its title: a heading in the text starts at h2.
    'h2', 'h3', 'h4',
    'p', 'br', 'strong', 'em', 'b', 'i', 'span', 'small', 'sub', 'sup', 'abbr', 'a',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'address', 'blockquote',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ]),
  droppedTags: new Set([...BANNER_DROPPED_TAGS, 'form', 'button', 'input', 'img', 'video', 'audio', 'canvas', 'picture']),
  attributes: {
    // Header cells say what they head: tables stay readable with a screen reader.
    th: { scope: oneOf('col', 'row', 'colgroup', 'rowgroup') },
    abbr: { title: shortText },
  },
  // Legal texts link to public authorities and their forms: the reader stays in the same window.
  externalLinksInNewWindow: false,
};

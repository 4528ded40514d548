/**
 * What server-supplied banner texts (server parameters such as messageAuthentification) may
 * keep of their HTML. Two sanitizers apply these rules: the browser's (DOM) and the server's,
 * which writes the login banner into the prerendered page (parse5); both must give the same
 * result, and both are tested on BANNER_HTML_CASES.
 */

/** Elements kept, without any attribute but a safe href on links; others are unwrapped. */
export const BANNER_ALLOWED_TAGS: ReadonlySet<string> = new Set(['b', 'strong', 'i', 'em', 'a', 'br', 'p', 'span']);

/** Elements removed with their whole content. */
export const BANNER_DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript',
  'svg', 'math', 'textarea', 'select', 'title', 'head', 'link', 'meta', 'base',
]);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** http(s) URLs and same-site relative URLs only; "//host" and other schemes are refused. */
export function isSafeHref(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const compact = Array.from(value)
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('');
  if (compact === '') return false;
  const scheme = SCHEME.exec(compact);
  if (scheme) return /^https?$/i.test(scheme[1] ?? '');
  return !compact.startsWith('//') && !compact.startsWith('\\') && !compact.startsWith('/\\');
}

/** A link leaving the portal opens in a new window (with noopener noreferrer). */
export function isExternalHref(href: string): boolean {
  return /^\s*https?:/i.test(href);
}

/** Elements kept from server-supplied HTML (banner texts); everything else is unwrapped or dropped. */
const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'a', 'br', 'p', 'span']);

/** Elements removed with their whole content. */
const DROPPED_TAGS = new Set([
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

function copyChildren(source: Node, target: Node, doc: Document): void {
  source.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (!(child instanceof Element)) return;
    const tag = child.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) return;
    if (!ALLOWED_TAGS.has(tag)) {
      copyChildren(child, target, doc);
      return;
    }
    const clean = doc.createElement(tag);
    if (tag === 'a') {
      const href = child.getAttribute('href');
      if (href !== null && isSafeHref(href)) {
        clean.setAttribute('href', href.trim());
        if (/^\s*https?:/i.test(href)) {
          clean.setAttribute('target', '_blank');
          clean.setAttribute('rel', 'noopener noreferrer');
        }
      }
    }
    copyChildren(child, clean, doc);
    target.appendChild(clean);
  });
}

/**
 * Keeps b, strong, i, em, a (http(s) or relative href), br, p and span without any other
 * attribute. Parsing happens in an inert document, so nothing in the input runs.
 */
export function sanitizeHtml(html: string): string {
  if (html.trim() === '') return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  copyChildren(parsed.body, container, output);
  return container.innerHTML;
}

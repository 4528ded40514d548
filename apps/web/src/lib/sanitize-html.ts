import { BANNER_ALLOWED_TAGS, BANNER_DROPPED_TAGS, isExternalHref, isSafeHref } from '@ecare/shared/banner-html';

function copyChildren(source: Node, target: Node, doc: Document): void {
  source.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (!(child instanceof Element)) return;
    const tag = child.tagName.toLowerCase();
    if (BANNER_DROPPED_TAGS.has(tag)) return;
    if (!BANNER_ALLOWED_TAGS.has(tag)) {
      copyChildren(child, target, doc);
      return;
    }
    const clean = doc.createElement(tag);
    if (tag === 'a') {
      const href = child.getAttribute('href');
      if (href !== null && isSafeHref(href)) {
        clean.setAttribute('href', href.trim());
        if (isExternalHref(href)) {
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
 * Server-supplied banner HTML reduced by the rules of packages/shared/src/banner-html.ts.
 * Parsing happens in an inert document, so nothing in the input runs.
 */
export function sanitizeHtml(html: string): string {
  if (html.trim() === '') return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  copyChildren(parsed.body, container, output);
  return container.innerHTML;
}

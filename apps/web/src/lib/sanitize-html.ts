import { isExternalHref, isSafeHref } from '@ecare/shared/banner-html';
import { BANNER_HTML_RULES, keptAttributes, type HtmlRules } from '@ecare/shared/html-rules';

function copyChildren(source: Node, target: Node, doc: Document, rules: HtmlRules): void {
  source.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (!(child instanceof Element)) return;
    const tag = child.tagName.toLowerCase();
    if (rules.droppedTags.has(tag)) return;
    if (!rules.allowedTags.has(tag)) {
      copyChildren(child, target, doc, rules);
      return;
    }
    const clean = doc.createElement(tag);
    if (tag === 'a') {
      const href = child.getAttribute('href');
      if (href !== null && isSafeHref(href)) {
        clean.setAttribute('href', href.trim());
        if (rules.externalLinksInNewWindow && isExternalHref(href)) {
          clean.setAttribute('target', '_blank');
          clean.setAttribute('rel', 'noopener noreferrer');
        }
      }
    }
    for (const [name, check] of keptAttributes(rules, tag)) {
      const value = child.getAttribute(name);
      if (value !== null && check(value)) clean.setAttribute(name, value);
    }
    copyChildren(child, clean, doc, rules);
    target.appendChild(clean);
  });
}

/**
 * Server-supplied HTML reduced by a rule set of packages/shared (the banners' by default, see
 * html-rules.ts). Parsing happens in an inert document, so nothing in the input runs.
 */
export function sanitizeHtml(html: string, rules: HtmlRules = BANNER_HTML_RULES): string {
  if (html.trim() === '') return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  copyChildren(parsed.body, container, output, rules);
  return container.innerHTML;
}

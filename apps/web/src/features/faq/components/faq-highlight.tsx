import { FAQ_HIGHLIGHT_RULES } from '@ecare/shared/faq';
import { useMemo } from 'react';
import { sanitizeHtml } from '../../../lib/sanitize-html.ts';

const MARK_CLASS = '[&_mark]:rounded-sm [&_mark]:bg-primary-soft [&_mark]:px-0.5 [&_mark]:font-bold [&_mark]:text-primary-strong';

/**
 * A search result's text with its matching words in `<mark>`: escaped by the server, reduced
 * again here to nothing but those marks. Inline (it sits in a button or a line of text).
 */
export function FaqHighlight({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html, FAQ_HIGHLIGHT_RULES), [html]);
  return <span className={`${MARK_CLASS} ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

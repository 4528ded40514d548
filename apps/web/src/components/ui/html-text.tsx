import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

interface HtmlTextProps {
  html: string;
  className?: string;
}

/** Server-supplied rich text, reduced to a few harmless tags before it reaches the DOM. */
export function HtmlText({ html, className }: HtmlTextProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (clean === '') return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

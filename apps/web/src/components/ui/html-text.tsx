import { useMemo } from 'react';
import type { HtmlRules } from '@ecare/shared/html-rules';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

interface HtmlTextProps {
  html: string;
  className?: string;
  /** What the text may keep of its markup: the banners' few tags unless said otherwise. */
  rules?: HtmlRules;
}

/** Server-supplied rich text, reduced to harmless tags before it reaches the DOM. */
export function HtmlText({ html, className, rules }: HtmlTextProps) {
  const clean = useMemo(() => sanitizeHtml(html, rules), [html, rules]);
  if (clean === '') return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

import type { HtmlRemoval } from '@ecare/shared';
import type { HtmlRules } from '@ecare/shared/html-rules';
import { emptySanitizeReport, sanitizeHtml, type SanitizeReport } from '../../lib/sanitize-html.ts';

/** The author's words for what a sanitizer pass removed, one line per distinct thing, in a stable order. */
export function describeRemovals(report: SanitizeReport): string[] {
  const sorted = (values: Set<string>) => [...values].sort();
  return [
    ...sorted(report.droppedTags).map((tag) => `balise <${tag}> et son contenu`),
    ...sorted(report.unwrappedTags).map((tag) => `balise <${tag}> (son texte est gardé)`),
    ...sorted(report.droppedAttributes).map((name) => (name === 'href' ? 'adresse de lien non autorisée (href)' : `attribut ${name}`)),
    ...(report.comments ? ['commentaire HTML'] : []),
  ];
}

/**
 * An author's HTML as it will be stored: reduced to `rules`, with what was removed named for
 * the author (decision 030). The stored text is what every page shows, so what the back office
 * previews and what visitors get are the same.
 */
export function cleanHtml(champ: string, html: string, rules: HtmlRules): { html: string; removal: HtmlRemoval | null } {
  const report = emptySanitizeReport();
  const clean = sanitizeHtml(html, rules, report);
  const elements = describeRemovals(report);
  return { html: clean, removal: elements.length > 0 ? { champ, elements } : null };
}

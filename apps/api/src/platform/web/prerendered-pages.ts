import { isParameterOn, type ServerParameters } from '@ecare/shared';
import { BANNER_HTML_RULES } from '@ecare/shared/html-rules';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

/**
 * Left by the web build (apps/web/vite.config.ts) inside the banner's box of login.html, the
 * login page rendered ahead of time.
 */
export const INFORMATION_MARKER = '<!--ecare:information-->';

/** Left by the web build in the orange banner's box of frame.html, the signed-in pages' shell. */
export const FRAME_BANNER_MARKER = '<!--ecare:bandeau-->';

/** Outside maintenance and with the portal open; otherwise the app shows its own page. */
function portalOpen(parameters: ServerParameters): boolean {
  return parameters.activer.trim() === 'True' && !isParameterOn(parameters.en_maintenance);
}

/**
 * The login page as sent: the prerendered page with the server's information banner written in,
 * so the first paint is the whole page and nothing moves when the app starts (decision 012).
 * Null when the page must come from the app alone: portal closed or in maintenance (the app
 * shows its own page then), or a build without the marker.
 */
export function loginPageHtml(template: string, parameters: ServerParameters): string | null {
  if (!template.includes(INFORMATION_MARKER) || !portalOpen(parameters)) return null;
  const banner = sanitizeHtml(parameters.messageAuthentification, BANNER_HTML_RULES);
  return template.replace(INFORMATION_MARKER, () => banner);
}

/**
 * A signed-in page as sent to a browser whose last signed-in page showed the orange banner: the
 * page frame's shell with the banner (server parameter titrE_BANDEAU) written in, reduced like
 * the login page's, so a phone paints the header and banner before the app runs (decision 012).
 * Null when no banner would show (none set, BDP mode), when the app must show its own page
 * (portal closed, maintenance) or with a build without the marker: the plain app is sent then.
 */
export function framePageHtml(template: string, parameters: ServerParameters): string | null {
  if (!template.includes(FRAME_BANNER_MARKER) || !portalOpen(parameters) || isParameterOn(parameters.est_Bdp)) return null;
  const banner = sanitizeHtml(parameters.titrE_BANDEAU, BANNER_HTML_RULES);
  if (banner === '') return null;
  return template.replace(FRAME_BANNER_MARKER, () => banner);
}

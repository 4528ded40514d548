import { isParameterOn, type ServerParameters } from '@ecare/shared';
import { informationHtml } from './information-html.ts';

/**
 * Left by the web build (apps/web/vite.config.ts) inside the banner's box of login.html, the
 * login page rendered ahead of time.
 */
export const INFORMATION_MARKER = '<!--ecare:information-->';

/**
 * The login page as sent: the prerendered page with the server's information banner written in,
 * so the first paint is the whole page and nothing moves when the app starts (decision 012).
 * Null when the page must come from the app alone: portal closed or in maintenance (the app
 * shows its own page then), or a build without the marker.
 */
export function loginPageHtml(template: string, parameters: ServerParameters): string | null {
  if (!template.includes(INFORMATION_MARKER)) return null;
  if (parameters.activer.trim() !== 'True' || isParameterOn(parameters.en_maintenance)) return null;
  const banner = informationHtml(parameters.messageAuthentification);
  return template.replace(INFORMATION_MARKER, () => banner);
}

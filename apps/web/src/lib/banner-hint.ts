import { BANNER_HINT_COOKIE } from '@ecare/shared/page-shell';
import { BASENAME } from './routes.ts';

/**
 * Tells the server whether this browser's signed-in pages show the orange banner, so that it
 * sends them with the banner already drawn (decision 012). Only a display hint: the server
 * reads nothing else from it, and a wrong one costs at most a banner seen for a moment.
 */
export function setBannerHint(shown: boolean): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = shown ? '' : '; Max-Age=0';
  document.cookie = `${BANNER_HINT_COOKIE}=${shown ? '1' : ''}; Path=${BASENAME}/; SameSite=Lax${lifetime}${secure}`;
}

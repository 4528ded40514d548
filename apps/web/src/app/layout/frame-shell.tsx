import { Menu as MenuIcon } from 'lucide-react';
import { BrandLogo } from '../../components/layout/brand-logo.tsx';
import { BANNER_BOX_CLASS, BANNER_TEXT_CLASS } from '../../components/layout/orange-banner.tsx';
import { BRAND_NAME } from '../../config/site.ts';
import { BASENAME, PATHS } from '../../lib/routes.ts';
import { FRAME_SHELL_ATTRIBUTE } from './frame-shell-marker.ts';
import { HEADER_CLASS, HEADER_ROW_CLASS, MENU_BUTTON_CLASS } from './site-header.tsx';

/** Where the server writes the banner into the shell (FRAME_BANNER_MARKER of apps/api/src/platform/web). */
export const FRAME_BANNER_MARKER = '<!--ecare:bandeau-->';

/**
 * The signed-in pages' first paint on a phone, sent as HTML before the app's code has arrived
 * (decision 012): the header as the frame draws it on a small screen (logo, menu button) with
 * the orange banner, the largest thing on those pages, in place. The app replaces it whole when
 * it starts, so the button does nothing until then. Wider screens, where the header also holds
 * the customer block, show the logo alone until the frame comes.
 */
export function FrameShell() {
  return (
    <div className="flex min-h-screen flex-col" {...{ [FRAME_SHELL_ATTRIBUTE]: '' }}>
      <header className={HEADER_CLASS}>
        <div className={HEADER_ROW_CLASS}>
          <a href={`${BASENAME}${PATHS.home}`} className="rounded-md" aria-label={`${BRAND_NAME} – Accueil`}>
            <BrandLogo />
          </a>
          <span aria-hidden="true" className={MENU_BUTTON_CLASS}>
            <MenuIcon aria-hidden="true" className="size-6" />
            Menu
          </span>
        </div>
        <div className={`${BANNER_BOX_CLASS} lg:hidden`}>
          <div className={BANNER_TEXT_CLASS} dangerouslySetInnerHTML={{ __html: FRAME_BANNER_MARKER }} />
        </div>
      </header>
      <main className="page-container flex-1 py-8" />
    </div>
  );
}

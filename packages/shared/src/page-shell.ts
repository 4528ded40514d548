/**
 * The signed-in pages' shell (decision 012): the server sends the page frame's header with the
 * orange banner already written in, so a phone paints them before the app's code has arrived.
 * The server cannot see who is signed in (the session lives in the tab), so the app leaves it a
 * hint: this cookie, present while the last signed-in page of this browser showed the banner.
 */
export const BANNER_HINT_COOKIE = 'ecare_bandeau';

/**
 * App paths (without /ecare) whose pages load no customer session: the login and e-mailed-link
 * pages, maintenance, and the back office (its own frame, decision 030).
 */
export const SESSIONLESS_PATH_PREFIXES = ['/identification/', '/maintenance', '/info-securite-ecare', '/administration'] as const;

/** The one signed-in page without the banner (spec §2). */
export const PATH_WITHOUT_BANNER = '/assistance/formulaire-contact';

/** Whether the page at this app path (without /ecare) shows the banner to a signed-in web user. */
export function pathShowsBanner(appPath: string): boolean {
  if (appPath === PATH_WITHOUT_BANNER || appPath.startsWith(`${PATH_WITHOUT_BANNER}/`)) return false;
  return !SESSIONLESS_PATH_PREFIXES.some((prefix) => appPath === prefix || appPath.startsWith(prefix));
}

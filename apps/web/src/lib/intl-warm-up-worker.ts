/**
 * Runs in a worker started by the entry (main.tsx). A page's first use of Intl makes the
 * browser load its locale data: tens of milliseconds on a phone, in one piece. The data is
 * shared by the whole page process, so loading it here, on the worker's thread, leaves the
 * page's first formatting (React Aria's locale checks, French numbers and dates) with nothing to
 * load on the main thread.
 */
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const LOCALE = 'fr-FR';
Intl.DateTimeFormat.supportedLocalesOf([LOCALE]);
new Intl.Locale(LOCALE).maximize();
new Intl.NumberFormat(LOCALE).format(1234.5);
parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' }, LOCALE).format(0);
self.close();

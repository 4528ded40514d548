import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BarePage } from '../../components/layout/bare-page.tsx';
import { SUPPORT_LINE } from '../../config/contacts.ts';
import { fetchParameters } from '../../features/parameters/api/fetch-parameters.ts';
import { isMaintenanceOn } from '../../lib/server-parameters.ts';
import { MAINTENANCE_MESSAGE } from '@ecare/shared/constants';

/** How often the page asks whether maintenance is over. */
export const MAINTENANCE_POLL_MS = 30_000;

/** /maintenance (spec §2): no header or footer; back to / as soon as the server says maintenance is off. */
export function MaintenanceRoute() {
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    const check = async () => {
      try {
        const parameters = await fetchParameters(controller.signal);
        if (!isMaintenanceOn(parameters)) void navigate('/', { replace: true });
      } catch {
        // Unreachable server: still in maintenance as far as the visitor can tell; ask again later.
      }
    };
    void check();
    const timer = setInterval(() => void check(), MAINTENANCE_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [navigate]);

  return (
    <BarePage>
      <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">Site en maintenance</h1>
      <div className="mt-6 max-w-2xl space-y-4 text-lg">
        <p>{MAINTENANCE_MESSAGE}</p>
        <p>
          Pour toute question, notre service client reste joignable au{' '}
          <a href={`tel:${SUPPORT_LINE.number}`} className="link whitespace-nowrap">
            {SUPPORT_LINE.number}
          </a>{' '}
          ({SUPPORT_LINE.pricing}), {SUPPORT_LINE.hours}.
        </p>
        <p className="text-base text-muted">Cette page se mettra à jour automatiquement dès la fin de la maintenance.</p>
      </div>
    </BarePage>
  );
}

import { LogOut } from 'lucide-react';

/**
 * Shown on every page while an agent acts for a customer (decision 032): for whom, by whom, and
 * the way out.
 */
export function AgentBanner({ raisonSociale, agent, onLeave }: { raisonSociale: string; agent: string; onLeave: () => void }) {
  return (
    <section aria-label="Mode conseiller" className="bg-primary-strong text-white">
      <div className="page-container flex flex-wrap items-center justify-between gap-3 py-2">
        <p className="font-semibold">
          Vous agissez pour le compte de {raisonSociale} — {agent}
        </p>
        <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" onClick={onLeave}>
          <LogOut aria-hidden="true" className="size-4" />
          Quitter le compte client
        </button>
      </div>
    </section>
  );
}

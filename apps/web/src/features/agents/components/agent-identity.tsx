import type { AgentUser } from '@ecare/shared/agents';
import { LogOut } from 'lucide-react';

/** The recognised agent in the agent pages' header (spec §2): name, login and a logout button. */
export function AgentIdentity({ agent, onLogout }: { agent: AgentUser; onLogout: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <p className="text-sm">
        <span className="sr-only">Conseiller connecté : </span>
        <span className="font-semibold">{agent.nomSc}</span> <span className="text-muted">({agent.loginSc})</span>
      </p>
      <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" onClick={onLogout}>
        <LogOut aria-hidden="true" className="size-4" />
        Se déconnecter
      </button>
    </div>
  );
}

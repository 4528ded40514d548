import type { AgentUser } from '@ecare/shared/agents';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/layout/brand-logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layout/skip-link.tsx';
import { AgentIdentity } from './agent-identity.tsx';

/**
 * The agent pages' layout (spec §2: no site header or footer on authen-gc and recherche-client):
 * the logo, the agent once recognised, then the page.
 */
export function AgentPage({ agent, onLogout, children }: { agent: AgentUser | null; onLogout: () => void; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-line-soft bg-surface">
        <div className="page-container flex flex-wrap items-center justify-between gap-4 py-4">
          <p className="flex flex-wrap items-baseline gap-3">
            <BrandLogo />
            <span className="text-muted">Espace conseiller</span>
          </p>
          {agent ? <AgentIdentity agent={agent} onLogout={onLogout} /> : null}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="page-container flex-1 py-8 outline-none">
        {children}
      </main>
    </div>
  );
}

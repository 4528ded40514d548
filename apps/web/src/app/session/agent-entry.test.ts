import { describe, expect, it } from 'vitest';
import { BASENAME } from '../../lib/routes.ts';
import { agentEntryTarget } from './agent-entry.ts';

describe('agent entry parameters (spec §4)', () => {
  it('sends a page with idsso, codeacores or coderegate to the agent login, with those parameters only', () => {
    expect(agentEntryTarget(`${BASENAME}/pages/accueil`, '?coderegate=BDP001&autre=1')).toBe(`${BASENAME}/identification/authen-gc?coderegate=BDP001`);
    expect(agentEntryTarget(`${BASENAME}/`, '?idsso=GAIA-1&codeacores=ACO001')).toBe(`${BASENAME}/identification/authen-gc?idsso=GAIA-1&codeacores=ACO001`);
  });

  it('leaves the agent login, the single sign-on pages and pages without them alone', () => {
    expect(agentEntryTarget(`${BASENAME}/identification/authen-gc`, '?coderegate=BDP001')).toBeNull();
    expect(agentEntryTarget(`${BASENAME}/oneclic`, '?coderegate=BDP001&sig=0')).toBeNull();
    expect(agentEntryTarget(`${BASENAME}/gaia`, '?idsso=x')).toBeNull();
    expect(agentEntryTarget(`${BASENAME}/pages/accueil`, '?coderegate=')).toBeNull();
    expect(agentEntryTarget(`${BASENAME}/pages/accueil`, '')).toBeNull();
  });
});

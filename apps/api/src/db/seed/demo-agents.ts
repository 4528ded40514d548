import { hashConfidentialCode } from '@ecare/shared';
import { hashPassword } from '../../lib/password.ts';
import type { Database } from '../client.ts';
import { agents } from '../schema.ts';

/** Demo customer-service agents listed in the README; the tests sign in with them too (decision 032). */
export const DEMO_AGENTS = {
  /** Counter staff of a point of sale (BDP), with a Régate code: the composite login. */
  bdp: { identifiant: 'AG100001', password: 'Agent-Demo-2026!', codeRegate: 'BDP001', nomSc: 'Camille Martin', loginSc: 'cmartin' },
  /** Remote customer service: no Régate code, connects through the client search. */
  distance: { identifiant: 'AG100002', password: 'Agent-Distance-2026!', codeRegate: null, nomSc: 'Hugo Bernard', loginSc: 'hbernard' },
  /** Deactivated: always refused. */
  inactif: { identifiant: 'AG100009', password: 'Agent-Inactif-2026!', codeRegate: null, nomSc: 'Léa Petit', loginSc: 'lpetit' },
} as const;

export async function seedDemoAgents(db: Database): Promise<void> {
  const { bdp, distance, inactif } = DEMO_AGENTS;
  const hash = async (agent: { identifiant: string; password: string }) =>
    hashPassword(await hashConfidentialCode(agent.identifiant, agent.password));
  await db.insert(agents).values([
    { identifiant: bdp.identifiant, passwordHash: await hash(bdp), nomSc: bdp.nomSc, loginSc: bdp.loginSc, codeRegate: bdp.codeRegate, idrh: 'RH100001', profil: 'BDP' },
    { identifiant: distance.identifiant, passwordHash: await hash(distance), nomSc: distance.nomSc, loginSc: distance.loginSc, idrh: 'RH100002', profil: 'SERVICE_CLIENT_DISTANCE' },
    { identifiant: inactif.identifiant, passwordHash: await hash(inactif), nomSc: inactif.nomSc, loginSc: inactif.loginSc, profil: 'SERVICE_CLIENT_DISTANCE', actif: false },
  ]);
}

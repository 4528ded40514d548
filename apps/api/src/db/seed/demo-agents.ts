import { hashConfidentialCode } from '@ecare/shared';
import { hashPassword } from '../../lib/password.ts';
import type { Database } from '../client.ts';
import { agents, ssoClientContexts } from '../schema.ts';

/** Demo customer-service agents listed in the README; the tests sign in with them too (decision 032). */
export const DEMO_AGENTS = {
  /** Counter staff of a point of sale (BDP), with a Régate code: the composite login. */
  bdp: {
    identifiant: 'AG100001',
    password: 'Agent-Demo-2026!',
    codeRegate: 'BDP001',
    nomSc: 'Camille Martin',
    loginSc: 'cmartin',
    /** Single sign-on codes (decision 034): Gaia subject, acores code, HR id. */
    idSso: 'GAIA-AG100001',
    codeAcores: 'ACO001',
    idrh: 'RH100001',
  },
  /** Remote customer service: no Régate code, connects through the client search. */
  distance: { identifiant: 'AG100002', password: 'Agent-Distance-2026!', codeRegate: null, nomSc: 'Hugo Bernard', loginSc: 'hbernard' },
  /** Deactivated: always refused. */
  inactif: { identifiant: 'AG100009', password: 'Agent-Inactif-2026!', codeRegate: null, nomSc: 'Léa Petit', loginSc: 'lpetit', idSso: 'GAIA-AG100009' },
} as const;

export async function seedDemoAgents(db: Database): Promise<void> {
  const { bdp, distance, inactif } = DEMO_AGENTS;
  const hash = async (agent: { identifiant: string; password: string }) =>
    hashPassword(await hashConfidentialCode(agent.identifiant, agent.password));
  await db.insert(agents).values([
    { identifiant: bdp.identifiant, passwordHash: await hash(bdp), nomSc: bdp.nomSc, loginSc: bdp.loginSc, codeRegate: bdp.codeRegate, idSso: bdp.idSso, codeAcores: bdp.codeAcores, idrh: bdp.idrh, profil: 'BDP' },
    { identifiant: distance.identifiant, passwordHash: await hash(distance), nomSc: distance.nomSc, loginSc: distance.loginSc, idrh: 'RH100002', profil: 'SERVICE_CLIENT_DISTANCE' },
    { identifiant: inactif.identifiant, passwordHash: await hash(inactif), nomSc: inactif.nomSc, loginSc: inactif.loginSc, profil: 'SERVICE_CLIENT_DISTANCE', actif: false, idSso: inactif.idSso },
  ]);
  await seedDemoSsoContexts(db);
}

/** Where the demo customer-service desktop (VQD) is called back: the one-click URLs name it. */
export const DEMO_VQD_URL = 'https://vqd.demo.test/retour';

/**
 * Demo one-click customer contexts (spec §3 context response; README "Trying the one-click
 * entry"): one connection OK for the demo manager (with module ajl it goes to add-line), one of
 * type identifieLPMpro (home), one connection not OK (client search). Long-lived, unlike real ones.
 */
export const DEMO_SSO_CONTEXTS = {
  ajl: { idContexte: 'CTX-DEMO-AJL', email: 'gestionnaire@demo.test', typeContexteClient: 'standard', estConnexionOk: true },
  lpmPro: { idContexte: 'CTX-DEMO-LPMPRO', email: 'gestionnaire@demo.test', typeContexteClient: 'identifieLPMpro', estConnexionOk: true },
  ko: { idContexte: 'CTX-DEMO-KO', email: null, typeContexteClient: null, estConnexionOk: false },
} as const;

async function seedDemoSsoContexts(db: Database): Promise<void> {
  const expiresAt = new Date(Date.UTC(2099, 11, 31));
  await db.insert(ssoClientContexts).values(
    Object.values(DEMO_SSO_CONTEXTS).map((context, index) => ({
      ...context,
      idRh: DEMO_AGENTS.bdp.idrh,
      urlAppel: DEMO_VQD_URL,
      idClientLpm: context.estConnexionOk ? `LPM-DEMO-${index + 1}` : null,
      idCoclico: context.estConnexionOk ? `COC-DEMO-${index + 1}` : null,
      idSouscriptionLpm: null,
      expiresAt,
    })),
  );
}

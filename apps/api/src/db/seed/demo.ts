import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { DEFAULT_PARAMETERS } from '../reference/index.ts';
import { billingAccounts, serverParameters } from '../schema.ts';
import { seedDemoAgentActions } from './demo-agent-actions.ts';
import { seedDemoAgents } from './demo-agents.ts';
import { seedDemoBankDetails } from './demo-bank-details.ts';
import { seedDemoCostCentres } from './demo-cost-centres.ts';
import { DEMO_COMPANIES, demoAccountFields, type DemoCompany } from './demo-companies.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoLineBarrings } from './demo-line-barrings.ts';
import { seedDemoOptins } from './demo-optins.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoFleetPolicy } from './demo-fleet-policy.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedDemoTerminations } from './demo-terminations.ts';
import { seedDemoUsage } from './demo-usage.ts';
import { createBillingAccount, createCompany, createContract, createUser } from './factories.ts';
import { Random } from './random.ts';

/** Demo identities listed in the README; the tests log in with them too. */
export const DEMO_USERS = {
  gestionnaire: { email: 'gestionnaire@demo.test', password: 'Demo-Gestion-2026!' },
  mandataire: { email: 'mandataire@demo.test', password: 'Demo-Mandat-2026!' },
  solo: { email: 'solo@demo.test', password: 'Demo-Solo-2026!' },
  utilisateur: { email: 'utilisateur@demo.test', password: 'Demo-Ligne-2026!' },
  administration: { email: 'admin@demo.test', password: 'Demo-Admin-2026!' },
} as const;

/** Bakery lines (by creation order) that are eSIM lines. */
const DEMO_ESIM_LINES: readonly number[] = [2, 5, 8];

/** Fixed seed of the demo's own random sequence: every run builds the same demo. */
const DEMO_SEED = 20_261_121;

/** Example texts the demo shows where a new installation starts empty. */
export const DEMO_PARAMETER_TEXTS = {
  messageAuthentification:
    'Nouveau : vos factures des 24 derniers mois sont disponibles au format PDF dans votre espace client.',
  titrE_BANDEAU:
    'Opération de maintenance prévue le <strong>dimanche 29 novembre</strong> de 2 h à 4 h : certaines pages pourront être momentanément indisponibles.',
  environment_MachineName: 'ecare-demo-01',
} as const satisfies Partial<Record<keyof typeof DEFAULT_PARAMETERS, string>>;

/** Fills the demo texts into parameters still at their default, leaving an operator's value alone. */
async function applyDemoParameterTexts(db: Database): Promise<void> {
  for (const [name, value] of Object.entries(DEMO_PARAMETER_TEXTS)) {
    const shipped = DEFAULT_PARAMETERS[name as keyof typeof DEMO_PARAMETER_TEXTS];
    await db
      .update(serverParameters)
      .set({ value })
      .where(and(eq(serverParameters.name, name), eq(serverParameters.value, shipped)));
  }
}

/** The four demo customers of the README, with their companies, accounts and lines. */
async function seedDemoCustomers(db: Database): Promise<void> {
  const rng = new Random(DEMO_SEED);
  const account = async (company: DemoCompany) => {
    const owner = await createCompany(db, { raisonSociale: company.raisonSociale, siren: company.siren }, rng);
    return createBillingAccount(db, demoAccountFields(company), owner, rng);
  };
  const lines = async (idClientBscs: number, total: number, esim: readonly number[] = []) => {
    for (let i = 0; i < total; i++) {
      await createContract(db, { idClientBscs, codeStatut: 'ACTIF', typeSim: esim.includes(i) ? 'ESIM' : 'SIM' }, rng);
    }
  };

  // Gestionnaire: one billing account with 12 mobile lines; one of them is the line user's.
  const bakery = await account(DEMO_COMPANIES.bakery);
  await createUser(db, {
    ...DEMO_USERS.gestionnaire,
    prenom: 'Sophie',
    nom: 'Lemoine',
    gestionnaire: true,
    idClientBscs: bakery.idClientBscs,
    accounts: [{ idClientBscs: bakery.idClientBscs, isGestionnaire: true }],
  });
  const lineUser = await createUser(db, {
    ...DEMO_USERS.utilisateur,
    prenom: 'Julien',
    nom: 'Roux',
    utilisateur: true,
    idClientBscs: bakery.idClientBscs,
  });
  // The line user's own line names them; three lines are eSIM lines (for the eSIM page).
  const ownLine = { userId: lineUser.id, utilisateurPrenom: 'Julien', utilisateurNom: 'Roux', utilisateurEmail: DEMO_USERS.utilisateur.email };
  for (let i = 0; i < 12; i++) {
    await createContract(
      db,
      {
        idClientBscs: bakery.idClientBscs,
        codeStatut: i === 11 ? 'SUSPENDU' : 'ACTIF',
        typeSim: DEMO_ESIM_LINES.includes(i) ? 'ESIM' : 'SIM',
        ...(i === 0 ? ownLine : {}),
      },
      rng,
    );
  }

  // Mandataire: three accounts of three companies, two of which they manage (listed by name:
  // Transports first, then Travaux Publics; the browser journeys pick the first).
  const transport = await account(DEMO_COMPANIES.transport);
  const publicWorks = await account(DEMO_COMPANIES.publicWorks);
  const cabinet = await account(DEMO_COMPANIES.accounting);
  await lines(transport.idClientBscs, 6, [0]);
  await lines(publicWorks.idClientBscs, 3);
  await lines(cabinet.idClientBscs, 2);
  await createUser(db, {
    ...DEMO_USERS.mandataire,
    prenom: 'Marc',
    nom: 'Girard',
    mandataire: true,
    idClientBscsMandataire: transport.idClientBscs,
    accounts: [
      { idClientBscs: transport.idClientBscs, isGestionnaire: true },
      { idClientBscs: publicWorks.idClientBscs, isGestionnaire: true },
      { idClientBscs: cabinet.idClientBscs, isGestionnaire: false },
    ],
  });

  // Solo: a mandataire with one manageable account holding one mobile line.
  const studio = await account(DEMO_COMPANIES.studio);
  await createContract(db, { idClientBscs: studio.idClientBscs, codeStatut: 'ACTIF', idOffreEngagement: 103, typeSim: 'SIM' }, rng);
  await createUser(db, {
    ...DEMO_USERS.solo,
    prenom: 'Claire',
    nom: 'Vincent',
    mandataire: true,
    idClientBscsMandataire: studio.idClientBscs,
    accounts: [{ idClientBscs: studio.idClientBscs, isGestionnaire: true }],
  });

  // Administration user, without accounts: may use the development parameter switch.
  await createUser(db, { ...DEMO_USERS.administration, prenom: 'Alex', nom: 'Morel', administration: true });
}

/**
 * The demo set: customers, accounts, lines and the example parameter texts. Reference data
 * (offers, menu, parameters) comes from the data migrations, which must have run.
 */
export async function seedDemo(db: Database): Promise<void> {
  await seedDemoCustomers(db);
  await seedDemoOptins(db, DEMO_USERS);
  await seedDemoTerminations(db);
  await seedDemoBankDetails(db);
  await seedDemoUsage(db);
  // Before the invoices: each invoice keeps the centre its lines had when it was issued.
  await seedDemoCostCentres(db);
  await seedDemoLineBarrings(db);
  await seedDemoInvoices(db);
  await seedDemoOrders(db);
  await seedDemoFleetPolicy(db);
  await seedDemoRequests(db, DEMO_USERS);
  await seedDemoAgents(db);
  await seedDemoAgentActions(db, DEMO_USERS.gestionnaire.email);
  await applyDemoParameterTexts(db);
}

/** Seeds the demo when the database has no billing account yet; all or nothing. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together on an empty database: one seeds, the others wait for its
    // commit here and then find the demo there.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:demo'))`);
    const [row] = await tx.select({ n: count() }).from(billingAccounts);
    if ((row?.n ?? 0) > 0) return false;
    await seedDemo(tx);
    return true;
  });
}

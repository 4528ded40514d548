import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingAccounts, menuItems, offers, serverParameters } from '../schema.ts';
import { createBillingAccount, createCompany, createContract, createUser } from './factories.ts';
import { OFFERS } from './data.ts';
import { DEMO_MENU } from './menu.ts';

/** Demo identities listed in the README; the tests log in with them too. */
export const DEMO_USERS = {
  gestionnaire: { email: 'gestionnaire@demo.test', password: 'Demo-Gestion-2026!' },
  mandataire: { email: 'mandataire@demo.test', password: 'Demo-Mandat-2026!' },
  solo: { email: 'solo@demo.test', password: 'Demo-Solo-2026!' },
  utilisateur: { email: 'utilisateur@demo.test', password: 'Demo-Ligne-2026!' },
} as const;

export const DEMO_PARAMETERS: Record<string, string> = {
  est_Bdp: 'false',
  hidE_CAPTCHA: 'true',
  reCAPTCHA_JS: 'https://www.google.com/recaptcha/api.js?render=',
  reCAPTCHA_ClientKey: '',
  messageAuthentification:
    'Nouveau : vos factures des 24 derniers mois sont disponibles au format PDF dans votre espace client.',
  messagE_REINIT_MOTDEPASSE: '',
  en_maintenance: 'false',
  titrE_BANDEAU:
    'Opération de maintenance prévue le <strong>dimanche 29 novembre</strong> de 2 h à 4 h : certaines pages pourront être momentanément indisponibles.',
  activeR_RESSOURCES_EXTERNES: 'false',
  environment_MachineName: 'ecare-demo-01',
  activer: 'True',
};

/** Reference data every installation needs: offers, menu, server parameters. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.insert(offers).values([...OFFERS]).onConflictDoNothing();
  await db.insert(menuItems).values(DEMO_MENU).onConflictDoNothing();
  await db
    .insert(serverParameters)
    .values(Object.entries(DEMO_PARAMETERS).map(([name, value]) => ({ name, value })))
    .onConflictDoNothing();
}

/** The four demo customers of the README, with their accounts and lines. */
export async function seedDemoCustomers(db: Database): Promise<void> {
  // Gestionnaire: one billing account with 12 mobile lines; one of them is the line user's.
  const bakery = await createCompany(db, { raisonSociale: 'Boulangerie Lemoine SARL', siren: '732829320' });
  const bakeryAccount = await createBillingAccount(
    db,
    { statut: 'ACTIF', prenom: 'Sophie', nom: 'Lemoine', email: 'contact@boulangerie-lemoine.example' },
    bakery,
  );
  await createUser(db, {
    ...DEMO_USERS.gestionnaire,
    prenom: 'Sophie',
    nom: 'Lemoine',
    gestionnaire: true,
    idClientBscs: bakeryAccount.idClientBscs,
    accounts: [{ idClientBscs: bakeryAccount.idClientBscs, isGestionnaire: true }],
  });
  const lineUser = await createUser(db, {
    ...DEMO_USERS.utilisateur,
    prenom: 'Julien',
    nom: 'Roux',
    utilisateur: true,
    idClientBscs: bakeryAccount.idClientBscs,
  });
  for (let i = 0; i < 12; i++) {
    await createContract(db, {
      idClientBscs: bakeryAccount.idClientBscs,
      codeStatut: i === 11 ? 'SUSPENDU' : 'ACTIF',
      userId: i === 0 ? lineUser.id : null,
    });
  }

  // Mandataire: three accounts across two companies, two of which they manage.
  const transport = await createCompany(db, { raisonSociale: 'Transports Girard SAS', siren: '542107651' });
  const consulting = await createCompany(db, { raisonSociale: 'Cabinet Girard Conseil EURL', siren: '403052111' });
  const north = await createBillingAccount(db, { statut: 'ACTIF', prenom: 'Marc', nom: 'Girard' }, transport);
  const south = await createBillingAccount(db, { statut: 'ACTIF', prenom: 'Marc', nom: 'Girard' }, transport);
  const cabinet = await createBillingAccount(db, { statut: 'ACTIF', prenom: 'Anne', nom: 'Girard' }, consulting);
  for (const [account, lines] of [[north, 6], [south, 3], [cabinet, 2]] as const) {
    for (let i = 0; i < lines; i++) await createContract(db, { idClientBscs: account.idClientBscs, codeStatut: 'ACTIF' });
  }
  await createUser(db, {
    ...DEMO_USERS.mandataire,
    prenom: 'Marc',
    nom: 'Girard',
    mandataire: true,
    idClientBscsMandataire: north.idClientBscs,
    accounts: [
      { idClientBscs: north.idClientBscs, isGestionnaire: true },
      { idClientBscs: south.idClientBscs, isGestionnaire: true },
      { idClientBscs: cabinet.idClientBscs, isGestionnaire: false },
    ],
  });

  // Solo: a mandataire with one manageable account holding one mobile line.
  const studio = await createCompany(db, { raisonSociale: 'Atelier Vincent Design SASU', siren: '813524063' });
  const studioAccount = await createBillingAccount(db, { statut: 'ACTIF', prenom: 'Claire', nom: 'Vincent' }, studio);
  await createContract(db, { idClientBscs: studioAccount.idClientBscs, codeStatut: 'ACTIF', idOffreEngagement: 103 });
  await createUser(db, {
    ...DEMO_USERS.solo,
    prenom: 'Claire',
    nom: 'Vincent',
    mandataire: true,
    idClientBscsMandataire: studioAccount.idClientBscs,
    accounts: [{ idClientBscs: studioAccount.idClientBscs, isGestionnaire: true }],
  });
}

export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(billingAccounts);
  if ((row?.n ?? 0) > 0) return false;
  await seedReferenceData(db);
  await seedDemoCustomers(db);
  return true;
}

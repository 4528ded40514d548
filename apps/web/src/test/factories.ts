import { costCentreEntrySchema, type CostCentreEntry } from '@ecare/shared/cost-centres';
import { creditNoteSchema, type CreditNote } from '@ecare/shared/credit-notes';
import { billingAccountSchema, type BillingAccount } from '@ecare/shared/accounts';
import { currentUserSchema, type CurrentUser } from '@ecare/shared/auth';
import {
  lineDetailSchema,
  lineSchema,
  lineUserEntrySchema,
  pukSchema,
  rioResponseSchema,
  simCheckResponseSchema,
  type Line,
  type LineDetail,
  type LineUserEntry,
  type Puk,
  type RioResponse,
  type SimCheckResponse,
} from '@ecare/shared/lines';
import {
  invoiceDetailSchema,
  invoicePageSchema,
  invoiceSchema,
  type Invoice,
  type InvoiceDetail,
  type InvoicePage,
} from '@ecare/shared/invoices';
import { homeSchema, type Home } from '@ecare/shared/home';
import { offerSchema, type Offer } from '@ecare/shared/offers';
import { menuItemSchema, menuSubHeadingSchema, type MenuItem, type MenuSubHeading } from '@ecare/shared/menu';
import { serverParametersSchema, type ServerParameters } from '@ecare/shared/parameters';
import { buildRio, RIO_BUSINESS, RIO_OPERATOR_CODE, rioReference } from '@ecare/shared/rio';
import { sessionDataSchema, type SessionData } from '@ecare/shared/session';

/** Test data builders; every result is checked against the shared schema it stands for. */
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export function createBillingAccount(overrides: Partial<BillingAccount> = {}): BillingAccount {
  const id = next();
  return billingAccountSchema.parse({
    idClientBscs: 1000 + id,
    codeClientBscs: `1.${200 + id}`,
    statut: 'ACTIF',
    statutContratFixe: null,
    nbContratsMobile: 3,
    isGestionnaire: true,
    sirenSiret: '12345678900011',
    raisonSociale: `Société ${id}`,
    nom: 'Martin',
    prenom: 'Claire',
    email: `compte${id}@demo.test`,
    telephone: '0612345678',
    adresse: { numero: '12', voie: 'rue des Lilas', codePostal: '75011', ville: 'Paris' },
    ...overrides,
  });
}

export function createCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return currentUserSchema.parse({
    utilisateur: false,
    mandataire: false,
    gestionnaire: true,
    serviceClient: false,
    administration: false,
    prenom: 'Claire',
    nom: 'Martin',
    email: 'claire.martin@demo.test',
    usernameSC: null,
    nomSC: null,
    idClientBscs: null,
    idClientBscsMandataire: null,
    idContrat: null,
    ...overrides,
  });
}

export function createLine(overrides: Partial<Line> = {}): Line {
  const id = next();
  return lineSchema.parse({
    idContrat: 5000 + id,
    codeStatut: 'ACTIF',
    id_Gamme: 1,
    numeroLigne: `06${String(10_000_000 + id).slice(-8)}`,
    id_offre_engagement: 12,
    libelleOffre: 'Forfait Pro 100 Go',
    centre: null,
    etiquettes: [],
    ...overrides,
  });
}

/** A cost centre of the account's tree, at the top unless told (decision 048). */
export function createCostCentreEntry(overrides: Partial<CostCentreEntry> = {}): CostCentreEntry {
  const id = next();
  return costCentreEntrySchema.parse({
    idCentre: 700 + id,
    code: `C${id}`,
    libelle: `Centre ${id}`,
    idParent: null,
    niveau: 1,
    nombreLignes: 0,
    nombreLignesTotal: 0,
    nombreSousCentres: 0,
    ...overrides,
  });
}

export function createLineDetail(overrides: Partial<LineDetail> = {}): LineDetail {
  return lineDetailSchema.parse({
    ...createLine(),
    idClientBscs: 1001,
    prixMensuelHT: 20,
    prixMensuelTTC: 24,
    options: [],
    dateActivation: '2024-03-15',
    dateFinEngagement: '2026-03-15',
    utilisateur: null,
    typeSim: 'SIM',
    iccidFin: '4321',
    barrages: { itinerance: false, international: false },
    actions: ['PUK', 'RIO'],
    ...overrides,
  });
}

/** The user of a line as GET /api/lignes/{ids}/utilisateurs answers it. */
export function createLineUser(overrides: Partial<LineUserEntry> = {}): LineUserEntry {
  const id = next();
  return lineUserEntrySchema.parse({
    idContrat: 5000 + id,
    prenom: 'Camille',
    nom: 'Durand',
    email: `camille.durand${id}@entreprise.example`,
    inscriptionAnnuaire: 'LISTE_ROUGE',
    ...overrides,
  });
}

/** A plan of the catalogue (GET /api/offres). */
export function createOffer(overrides: Partial<Offer> = {}): Offer {
  const id = next();
  return offerSchema.parse({
    idOffreEngagement: 100 + id,
    libelle: `Forfait Pro ${id} Go`,
    id_Gamme: 1,
    description: 'Appels, SMS et MMS illimités en France',
    prixMensuelHT: 20,
    prixMensuelTTC: 24,
    dataMo: id * 1024,
    dataIllimitee: false,
    optionsIncluses: [],
    ...overrides,
  });
}

export function createPuk(overrides: Partial<Puk> = {}): Puk {
  return pukSchema.parse({ puk: '12345678', puk2: '87654321', ...overrides });
}

/** The RIO of a line as the API builds it (operator code, business line, contract reference, key). */
export function createRioResponse(idContrat = 5001, numeroLigne = '0612345678'): RioResponse {
  const rio = buildRio({ operateur: RIO_OPERATOR_CODE, qualite: RIO_BUSINESS, reference: rioReference(idContrat), numero: numeroLigne });
  return rioResponseSchema.parse({ rio, numeroLigne });
}

export function createSimCheck(overrides: Partial<SimCheckResponse> = {}): SimCheckResponse {
  return simCheckResponseSchema.parse({
    valide: true,
    message: 'Le numéro de la carte SIM est valide : vous pouvez l’activer sur cette ligne.',
    ...overrides,
  });
}

export function createSessionData(overrides: Partial<SessionData> = {}): SessionData {
  return sessionDataSchema.parse({
    authenticated: true,
    currentUser: createCurrentUser(),
    current_compte_facturation: createBillingAccount(),
    current_ligne: null,
    ...overrides,
  });
}

export function createMenuSubHeading(overrides: Partial<MenuSubHeading> = {}): MenuSubHeading {
  const id = next();
  return menuSubHeadingSchema.parse({
    id,
    nom: `Rubrique ${id}`,
    url: null,
    ordre: id,
    modules: [{ nom: `Module ${id}`, url: `/pages/module-${id}`, ordre: 1 }],
    urlImage: null,
    cheminImage: null,
    ...overrides,
  });
}

export function createMenuItem(overrides: Partial<MenuItem> = {}): MenuItem {
  const id = next();
  return menuItemSchema.parse({
    id: 100 + id,
    nom: `Entrée ${id}`,
    url: null,
    ordre: id,
    sousRubriques: [createMenuSubHeading()],
    urlImage: null,
    cheminImage: null,
    ...overrides,
  });
}

export function createServerParameters(overrides: Partial<ServerParameters> = {}): ServerParameters {
  return serverParametersSchema.parse({
    est_Bdp: 'false',
    hidE_CAPTCHA: 'true',
    reCAPTCHA_JS: '',
    reCAPTCHA_ClientKey: '',
    messageAuthentification: '',
    messagE_REINIT_MOTDEPASSE: '',
    en_maintenance: 'false',
    titrE_BANDEAU: '',
    activeR_RESSOURCES_EXTERNES: 'false',
    environment_MachineName: 'web-01',
    activer: 'True',
    ...overrides,
  });
}

export function createInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return invoiceSchema.parse({
    referenceNumber: `F2611${1000000 + next()}`,
    dateFacture: '2026-11-01',
    dateEcheance: '2026-12-01',
    periodeDebut: '2026-11-01',
    periodeFin: '2026-11-30',
    montantHT: 1028.75,
    montantTVA: 205.75,
    montantTTC: 1234.5,
    resteAPayer: 0,
    statut: 'PAYEE',
    reclamationEnCours: false,
    ...overrides,
  });
}

export function createInvoicePage(overrides: Partial<InvoicePage> = {}): InvoicePage {
  const factures = overrides.factures ?? [createInvoice()];
  return invoicePageSchema.parse({ factures, total: factures.length, page: 1, taille: 12, annees: [2026, 2025], soldeAPayer: 0, enRetard: 0, ...overrides });
}

/** A credit note of 15,00 € TTC: 12,00 € off its invoice, 3,00 € refunded by transfer. */
export function createCreditNote(overrides: Partial<CreditNote> = {}): CreditNote {
  const number = next();
  return creditNoteSchema.parse({
    reference: `AV-2026-${String(number).padStart(6, '0')}`,
    dateAvoir: '2026-11-20',
    factureReference: 'F26111000001',
    reclamationReference: `REC-2026-${String(number).padStart(6, '0')}`,
    motif: 'Option facturée deux fois.',
    montantHT: 12.5,
    montantTVA: 2.5,
    montantTTC: 15,
    imputeSurFacture: 12,
    rembourse: 3,
    moyenRemboursement: 'VIREMENT',
    ...overrides,
  });
}

export function createInvoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return invoiceDetailSchema.parse({
    facture: createInvoice({ montantHT: 40.98, montantTVA: 8.2, montantTTC: 49.18 }),
    modePaiement: 'VIREMENT',
    tauxTVA: 20,
    lignes: [
      {
        idContrat: 5_000_001,
        numeroLigne: '0612345678',
        utilisateur: 'Julien Roux',
        elements: [
          { nature: 'ABONNEMENT', libelle: 'Forfait Pro 5 Go', quantite: 1, montantHT: 14.99, tauxTVA: 20 },
          { nature: 'OPTION', libelle: 'Option International 2 h', quantite: 1, montantHT: 9.99, tauxTVA: 20 },
        ],
        totalHT: 24.98,
        totalTVA: 5,
        totalTTC: 29.98,
      },
    ],
    compte: {
      elements: [{ nature: 'PONCTUEL', libelle: 'Frais de rejet de prélèvement', quantite: 1, montantHT: 16, tauxTVA: 20 }],
      totalHT: 16,
      totalTVA: 3.2,
      totalTTC: 19.2,
    },
    totauxParNature: [
      { nature: 'ABONNEMENT', montantHT: 14.99 },
      { nature: 'OPTION', montantHT: 9.99 },
      { nature: 'PONCTUEL', montantHT: 16 },
    ],
    paiements: [],
    reclamations: [],
    referencePrecedente: 'F26101000001',
    centresDeCout: false,
    ...overrides,
  });
}

/** The manager's home read (GET /api/clients/{idClientBscs}/accueil): 12 lines, two heavy users, one order in progress. */
export function createHome(overrides: Partial<Home> = {}): Home {
  return homeSchema.parse({
    periode: '2026-11',
    lignes: {
      total: 12,
      parStatut: [
        { statut: 'ACTIF', nombre: 9 },
        { statut: 'SUSPENDU', nombre: 2 },
        { statut: 'RESILIE', nombre: 1 },
        { statut: 'EN_COURS', nombre: 0 },
      ],
    },
    grosConsommateurs: [
      { idContrat: 5012, numeroLigne: '0612345678', utilisateur: 'Julie Martin', libelleOffre: 'Forfait Pro 50 Go', dataMo: 46_080, forfaitDataMo: 51_200, partForfait: 90 },
      { idContrat: 5013, numeroLigne: '0698765432', utilisateur: null, libelleOffre: 'Forfait Pro Illimité', dataMo: 3_584, forfaitDataMo: null, partForfait: null },
    ],
    commandes: {
      enCours: 1,
      dernieres: [{ numero: 'CMD-2026-000042', date: '2026-11-20T09:30:00.000Z', typeLibelle: 'Ajout de lignes', etapeLibelle: 'Paiement en cours', totalTtc: 45.6 }],
    },
    ...overrides,
  });
}

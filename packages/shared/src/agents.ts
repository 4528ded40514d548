import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { CLIENT_ACCOUNT_NUMBER } from './accounts.ts';
import { SECURITY_AUDIT_LABELS } from './security-activity.ts';

/**
 * Agent mode (spec §2 "Agent login", "Client search", §3, §4, §5, §9; decision 032): a
 * customer-service agent signs in with an identifier and a confidential code, then connects to
 * one billing account of a customer, for a stated reason.
 */

/**
 * Spec §5, §9: identifier at most 16 characters, Régate code at most 6. The confidential code is
 * allowed 20, as customers' new codes are: the spec's 16 would refuse the demo agents' codes of
 * the issue (decision 032).
 */
export const AGENT_LIMITS = { identifiantMax: 16, codeMax: 20, regateMax: 6, motifMin: 10, motifMax: 500 } as const;

/** An agent identifier: two letters then digits, 16 characters at most (`AG100001`). */
export const AGENT_ID_PATTERN = /^[A-Za-z]{2}\d{4,14}$/;

/** A Régate code (point of sale): letters and digits, 6 at most. */
export const REGATE_CODE_PATTERN = /^[A-Za-z0-9]{1,6}$/;

/** A support ticket number, accepted as the reason of a connection (decision 024's references). */
export const TICKET_NUMBER_PATTERN = /^SUP-\d{4}-\d{6}$/;

/** Characters an agent's confidential code may not contain (spec §5). */
export const AGENT_CODE_FORBIDDEN = /['"<>]/;

/** The spec's messages of the agent pages, word for word (spec §4, §5, §8). */
export const AGENT_MESSAGES = {
  identifiantRequired: 'Identifiant non renseigné',
  identifiantFormat: "Le format de l’identifiant est incorrect",
  codeRequired: 'Code confidentiel non renseigné',
  regateRequired: 'Le code regate est obligatoire',
  clientEmailRequired: "Veuillez indiquer l’adresse email du client.",
  clientEmailInvalid: "L’adresse email du client est incorrecte.",
  forbiddenCharacters: 'Les caractères suivants : \', ", < et > sont interdits dans le mot de passe.',
  searchEmailInvalid: 'Adresse e-mail invalide',
  searchAccountInvalid: 'Numéro compte de facturation invalide',
  noClient: 'Aucun client trouvé',
  connecting: 'Connexion en cours',
  connected: 'Connexion OK',
  connectionFailed: (code: string, email: string) => `Connexion KO pour le compte de facturation ${code} (Email de connexion : ${email})`,
  invalidCredentials: (operator: string) => `Votre identifiant ${operator} et votre code confidentiel ne correspondent pas.`,
  motifInvalid: 'Indiquez le motif : au moins 10 caractères, ou un numéro de ticket (SUP-AAAA-NNNNNN).',
} as const;

/**
 * The composite identifier of the agent's final login (spec §9): `CODE_REGATE :` then the Régate
 * code, then the marker, then the customer's e-mail: `CODE_REGATE :BDP001|client@exemple.fr`. A
 * Régate code never holds the marker, so the first marker ends it whatever the e-mail holds.
 */
export const COMPOSITE_LOGIN_PREFIX = 'CODE_REGATE :';
export const COMPOSITE_LOGIN_MARKER = '|';

export function compositeUsername(codeRegate: string, clientEmail: string): string {
  return `${COMPOSITE_LOGIN_PREFIX}${codeRegate.trim().toUpperCase()}${COMPOSITE_LOGIN_MARKER}${clientEmail.trim()}`;
}

/** The Régate code and e-mail of a composite identifier, or null when `username` is not one. */
export function parseCompositeUsername(username: string): { codeRegate: string; email: string } | null {
  if (!username.startsWith(COMPOSITE_LOGIN_PREFIX)) return null;
  const rest = username.slice(COMPOSITE_LOGIN_PREFIX.length);
  const at = rest.indexOf(COMPOSITE_LOGIN_MARKER);
  if (at < 0) return null;
  const codeRegate = rest.slice(0, at).trim().toUpperCase();
  const email = rest.slice(at + COMPOSITE_LOGIN_MARKER.length).trim();
  if (!REGATE_CODE_PATTERN.test(codeRegate) || email === '') return null;
  return { codeRegate, email };
}

/** A reason to connect: a ticket number, or at least 10 characters of text. */
export function isValidMotif(value: string): boolean {
  const motif = value.trim();
  return TICKET_NUMBER_PATTERN.test(motif) || (motif.length >= AGENT_LIMITS.motifMin && motif.length <= AGENT_LIMITS.motifMax);
}

export const agentMotifSchema = lazySchema(() =>
  z.string().trim().max(AGENT_LIMITS.motifMax).refine(isValidMotif, AGENT_MESSAGES.motifInvalid),
);

/** POST /api/validate_sc (spec §3 "Agent validation input"); `password` is the browser's hash. */
export const validateScRequestSchema = lazySchema(() =>
  z.object({
    username: z.string().max(AGENT_LIMITS.identifiantMax),
    password: z.string().max(200),
  }),
);
export type ValidateScRequest = z.infer<typeof validateScRequestSchema>;

export const AGENT_PROFILES = ['BDP', 'SERVICE_CLIENT_DISTANCE'] as const;
export type AgentProfile = (typeof AGENT_PROFILES)[number];

/** The agent as their pages show them (spec §3 "Agent (SSO) user"). */
export const agentUserSchema = lazySchema(() =>
  z.object({
    loginSc: z.string(),
    nomSc: z.string(),
    profil: z.enum(AGENT_PROFILES),
  }),
);
export type AgentUser = z.infer<typeof agentUserSchema>;

/** The agent user and their own session token (an agent token never opens customer endpoints). */
export const validateScResponseSchema = lazySchema(() =>
  agentUserSchema.extend({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
  }),
);
export type ValidateScResponse = z.infer<typeof validateScResponseSchema>;

/** POST /api/service-client/recherche (spec §3 "Billing account search form"): one of the two. */
export const accountSearchRequestSchema = lazySchema(() =>
  z.object({
    emailClient: z.string().max(254).optional(),
    numeroCompte: z.string().max(40).optional(),
  }),
);
export type AccountSearchRequest = z.infer<typeof accountSearchRequestSchema>;

/** A billing account found, with the manager's e-mail the agent would connect with. */
export const agentAccountSchema = lazySchema(() =>
  z.object({
    idClientBscs: z.number().int(),
    codeClientBscs: z.string(),
    raisonSociale: z.string(),
    sirenSiret: z.string(),
    statut: z.string(),
    ville: z.string(),
    /** The manager's login e-mail (spec's 'Email de connexion'). */
    email: z.string(),
    nom: z.string(),
    prenom: z.string(),
  }),
);
export type AgentAccount = z.infer<typeof agentAccountSchema>;

export const accountSearchResponseSchema = lazySchema(() =>
  z.object({
    clientConnecte: z.object({ estGestionnaire: z.boolean() }),
    comptesFacturation: z.array(agentAccountSchema),
  }),
);
export type AccountSearchResponse = z.infer<typeof accountSearchResponseSchema>;

/**
 * The client search form (spec §5): a manager e-mail, or else a billing account number (the
 * field is disabled, hence absent, while the e-mail has a value); and the reason to connect,
 * asked before the search since a single result connects at once (decision 032).
 */
export const clientSearchFormSchema = lazySchema(() =>
  z
    .object({ emailClient: z.string().trim(), numeroCompte: z.string().trim().optional(), motif: agentMotifSchema })
    .superRefine((form, ctx) => {
      if (form.emailClient !== '') {
        if (!z.email().safeParse(form.emailClient).success) ctx.addIssue({ code: 'custom', path: ['emailClient'], message: AGENT_MESSAGES.searchEmailInvalid });
        return;
      }
      if (!form.numeroCompte) {
        ctx.addIssue({ code: 'custom', path: ['emailClient'], message: AGENT_MESSAGES.searchEmailInvalid });
      } else if (!CLIENT_ACCOUNT_NUMBER.test(form.numeroCompte)) {
        ctx.addIssue({ code: 'custom', path: ['numeroCompte'], message: AGENT_MESSAGES.searchAccountInvalid });
      }
    }),
);
export type ClientSearchForm = z.infer<typeof clientSearchFormSchema>;

/** POST /api/service-client/connexion: opens a customer session bound to one billing account. */
export const agentConnectRequestSchema = lazySchema(() =>
  z.object({
    idClientBscs: z.number().int().positive().max(2_147_483_647),
    email: z.string().max(254),
    motif: z.string().max(AGENT_LIMITS.motifMax),
  }),
);
export type AgentConnectRequest = z.infer<typeof agentConnectRequestSchema>;

export const agentConnectResponseSchema = lazySchema(() =>
  z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    idClientBscs: z.number().int(),
    raisonSociale: z.string(),
  }),
);
export type AgentConnectResponse = z.infer<typeof agentConnectResponseSchema>;

/** GET /api/audit/{idClientBscs}: what agents did on the account, newest first. */
export const auditParamsSchema = lazySchema(() =>
  z.object({ idClientBscs: z.coerce.number().int().positive().max(2_147_483_647) }),
);

export const agentActionSchema = lazySchema(() =>
  z.object({
    /** ISO 8601. */
    date: z.string(),
    /** The customer user the agent acted for. */
    acteur: z.string(),
    /** The agent: name and login. */
    agent: z.string(),
    action: z.string(),
    motif: z.string().nullable(),
    idContrat: z.number().int().nullable(),
  }),
);
export type AgentAction = z.infer<typeof agentActionSchema>;
export const agentActionListSchema = lazySchema(() => z.array(agentActionSchema));

/** French labels of the audited actions an agent may take (the customer reads them). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  CONNEXION_AGENT: 'Connexion d’un conseiller à votre compte',
  ACTION_AGENT: 'Modification par un conseiller',
  MAJ_CONTEXTE_SSO: 'Connexion en un clic depuis le poste conseiller',
  POLITIQUE_SECURITE: 'Modification de la politique de sécurité de l’entreprise',
  LECTURE_PUK: 'Consultation du code PUK',
  LECTURE_RIO: 'Consultation du RIO',
  ACTIVATION_SIM: 'Activation d’une carte SIM',
  DECLARATION_PERTE_VOL: 'Déclaration de perte ou de vol',
  RETABLISSEMENT_LIGNE: 'Rétablissement d’une ligne',
  EXPORT_LIGNES: 'Export des lignes',
  TELECHARGEMENT_CONTRAT: 'Téléchargement d’un contrat',
  MODIFICATION_OPTINS: 'Modification des préférences de contact',
  INVITATION_UTILISATEUR: 'Invitation d’un utilisateur',
  CHANGEMENT_ROLE_UTILISATEUR: 'Changement de rôle d’un utilisateur',
  RETRAIT_UTILISATEUR: 'Retrait d’un utilisateur',
  LECTURE_ESIM: 'Consultation d’un profil eSIM',
  ENVOI_LIEN_ESIM: 'Envoi d’un lien eSIM',
  MODIFICATION_UTILISATEUR_LIGNE: 'Modification de l’utilisateur d’une ligne',
  MODIFICATION_ANNUAIRE: 'Modification de l’inscription à l’annuaire',
  MODIFICATION_BARRAGES: 'Blocage de l’itinérance ou des appels vers l’international',
  DEMANDE_CONTACT: 'Message au service client',
  DEMANDE_PAIEMENT_CARTE: 'Paiement par carte demandé',
  PAIEMENT_CARTE: 'Paiement par carte',
  MODIFICATION_COORDONNEES_BANCAIRES: 'Modification des coordonnées bancaires',
  TELECHARGEMENT_MANDAT_SEPA: 'Téléchargement du mandat SEPA',
  TELECHARGEMENT_FACTURE: 'Téléchargement d’une facture',
  EXPORT_FACTURES: 'Export des factures',
  EXPORT_FACTURES_CENTRES: 'Export des factures par centre de coût',
  RECLAMATION_FACTURE: 'Réclamation sur une facture',
};

/** The label of an audited action, or its code when it has none yet. */
export function auditActionLabel(action: string): string {
  // The security actions' words are kept with the security activity (decision 058).
  return AUDIT_ACTION_LABELS[action] ?? (SECURITY_AUDIT_LABELS as Record<string, string>)[action] ?? action;
}

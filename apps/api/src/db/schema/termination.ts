/** Contract termination: reasons, requests and their proofs. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contracts, users } from './accounts.ts';

/**
 * Termination reasons (spec §7 "Termination"): reasons, business reasons (`pro`) and sub-reasons
 * (`idMotifParent`). Reference data. A reason may waive the early-termination fees on proof and
 * name the proof it needs.
 */
export const terminationReasons = pgTable('termination_reasons', {
  idMotif: integer('id_motif').primaryKey(),
  idMotifParent: integer('id_motif_parent'),
  libelle: text('libelle').notNull(),
  pro: boolean('pro').notNull().default(false),
  exonerationFrais: boolean('exoneration_frais').notNull().default(false),
  /** The proof to attach (label), null when none is needed. */
  justificatif: text('justificatif'),
  /** The number leaves with a portability: the line ends on the porting date. */
  portabilite: boolean('portabilite').notNull().default(false),
  ordre: integer('ordre').notNull(),
});

/**
 * Termination requests of a line. At most one PROGRAMMEE per contract; a double submit with the
 * same idempotency key gives back the first. Fees are integer cents, itemised in `detailFrais`.
 */
export const terminations = pgTable(
  'terminations',
  {
    idResiliation: serial('id_resiliation').primaryKey(),
    idContrat: integer('id_contrat')
      .notNull()
      .references(() => contracts.idContrat, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs').notNull(),
    idMotif: integer('id_motif').notNull(),
    idSousMotif: integer('id_sous_motif'),
    dateEffet: date('date_effet', { mode: 'string' }).notNull(),
    statut: text('statut', { enum: ['PROGRAMMEE', 'ANNULEE', 'EFFECTUEE'] }).notNull(),
    fraisHtCentimes: integer('frais_ht_centimes').notNull(),
    fraisTvaCentimes: integer('frais_tva_centimes').notNull(),
    detailFrais: jsonb('detail_frais').notNull(),
    commentaire: text('commentaire'),
    demandePar: integer('demande_par').notNull(),
    /** The agent who submitted it for the customer, if any. */
    agentId: integer('agent_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    effectueeAt: timestamp('effectuee_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('terminations_scheduled_uq').on(t.idContrat).where(sql`statut = 'PROGRAMMEE'`),
    uniqueIndex('terminations_idempotency_uq').on(t.demandePar, t.idempotencyKey),
    index('terminations_due_idx').on(t.dateEffet).where(sql`statut = 'PROGRAMMEE'`),
    // « Mes demandes » reads a user's requests of every kind.
    index('terminations_requester_idx').on(t.demandePar),
  ],
);

/**
 * Proofs uploaded for a termination, in the attachment store under `cle`: read or deleted only by
 * the account that uploaded them; attached to the request when it is submitted.
 */
export const terminationAttachments = pgTable(
  'termination_attachments',
  {
    id: serial('id').primaryKey(),
    cle: text('cle').notNull().unique(),
    idClientBscs: integer('id_client_bscs').notNull(),
    idContrat: integer('id_contrat').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    nom: text('nom').notNull(),
    type: text('type').notNull(),
    taille: integer('taille').notNull(),
    idResiliation: integer('id_resiliation').references(() => terminations.idResiliation, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('termination_attachments_contract_idx').on(t.idContrat)],
);

/**
 * What a person has answered so far in a line's termination, kept by the server so that a
 * reload, another tab or signing in again finds the same step with the same answers (decision
 * 031). The proofs are the line's uploaded, unsent ones of that person. Gone once the request is
 * sent, or with the line or the person.
 */
export const terminationDrafts = pgTable(
  'termination_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idContrat: integer('id_contrat')
      .notNull()
      .references(() => contracts.idContrat, { onDelete: 'cascade' }),
    idMotif: integer('id_motif'),
    idSousMotif: integer('id_sous_motif'),
    dateEffet: date('date_effet', { mode: 'string' }),
    commentaire: text('commentaire').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idContrat] })],
);

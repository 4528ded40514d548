/** Bulk actions' own tables: a job (traitement) and the state of each of its rows (decision 050). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A bulk action started on a billing account: who asked (the agent too, with their reason, in
 * agent mode), the action and its parameters, its counters and its life. `retourArriere` is set
 * when an undo is asked (EN_COURS) and done (TERMINE).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    idTraitement: serial('id_traitement').primaryKey(),
    idClientBscs: integer('id_client_bscs').notNull(),
    userId: integer('user_id').notNull(),
    /** The acting agent's session (agent mode), so that the worker checks and audits as they would. */
    agent: jsonb('agent'),
    sourceAddress: text('source_address').notNull(),
    action: text('action').notNull(),
    parametres: jsonb('parametres').notNull(),
    statut: text('statut', { enum: ['EN_ATTENTE', 'EN_COURS', 'TERMINE', 'ANNULE'] }).notNull(),
    total: integer('total').notNull(),
    faits: integer('faits').notNull().default(0),
    refuses: integer('refuses').notNull().default(0),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
    termineLe: timestamp('termine_le', { withTimezone: true }),
    retourArriere: text('retour_arriere', { enum: ['EN_COURS', 'TERMINE'] }),
  },
  (t) => [index('bulk_jobs_account_idx').on(t.idClientBscs, t.idTraitement)],
);

/**
 * One row of a job, in the order it was named: its line (null for a number of no line of the
 * account), its values, its state (A_FAIRE until done once, then OK or REFUS with the reason;
 * ANNULE when the job was stopped first; A_DEFAIRE then RETABLI for an undo) and what the line
 * had before (`avant`), which an undo puts back.
 */
export const bulkJobRows = pgTable(
  'bulk_job_rows',
  {
    idTraitement: integer('id_traitement')
      .notNull()
      .references(() => bulkJobs.idTraitement, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    idContrat: integer('id_contrat'),
    numeroLigne: text('numero_ligne').notNull(),
    valeurs: jsonb('valeurs'),
    etat: text('etat', { enum: ['A_FAIRE', 'OK', 'REFUS', 'ANNULE', 'A_DEFAIRE', 'RETABLI'] }).notNull(),
    motif: text('motif'),
    avant: jsonb('avant'),
    faitLe: timestamp('fait_le', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.idTraitement, t.position] }),
    index('bulk_job_rows_todo_idx').on(t.idTraitement, t.position).where(sql`etat in ('A_FAIRE', 'A_DEFAIRE')`),
  ],
);

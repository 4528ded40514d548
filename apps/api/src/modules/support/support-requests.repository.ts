import { and, eq, sql, type SQL } from 'drizzle-orm';
import { APPOINTMENT_SLOT_MINUTES, type CustomerRequestQuery, type CustomerRequestType } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { appointments, contracts, invoiceComplaints, invoices, supportTickets, terminationReasons, terminations } from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';

/** One request of any kind, as the union reads it; the service words it. */
export type CustomerRequestRow = {
  type: CustomerRequestType;
  reference: string;
  /** The subject typed, the complaint's or appointment's reason code, the termination's reason. */
  libelle: string;
  /** A message's theme and sub-theme. */
  theme: string | null;
  sousTheme: string | null;
  /** A termination's effective day, 'YYYY-MM-DD'. */
  jour: string | null;
  /** An appointment's start (a Date or its text, as the driver gives it). */
  debut: Date | string | null;
  created_at: Date | string;
  statut: string;
  reference_facture: string | null;
  id_contrat: number | null;
  numero_ligne: string | null;
};

/**
 * A user's requests of every kind, read with one query: each kind's rows in the same columns,
 * then sorted and paged together. The requests are the caller's own (by user id, as the tickets
 * are: a colleague's requests on the same account are theirs), whichever feature recorded them.
 */
function ofKind(type: CustomerRequestType, userId: number, now: Date): SQL {
  switch (type) {
    case 'CONTACT':
      return sql`select 'CONTACT', ${supportTickets.reference}, ${supportTickets.objet}, ${supportTickets.theme}, ${supportTickets.sousTheme},
        null::text, null::timestamptz, ${supportTickets.createdAt}, ${supportTickets.statut}, null::text, null::integer, null::text, ${supportTickets.id}
        from ${supportTickets} where ${supportTickets.userId} = ${userId}`;
    case 'RECLAMATION':
      return sql`select 'RECLAMATION', ${invoiceComplaints.reference}, ${invoiceComplaints.motif}, null::text, null::text, null::text,
        null::timestamptz, ${invoiceComplaints.createdAt}, ${invoiceComplaints.statut}, ${invoices.referenceNumber}, null::integer, null::text, ${invoiceComplaints.id}
        from ${invoiceComplaints} join ${invoices} on ${invoices.id} = ${invoiceComplaints.invoiceId}
        where ${invoiceComplaints.userId} = ${userId}`;
    case 'RESILIATION':
      return sql`select 'RESILIATION', 'n° ' || ${terminations.idResiliation}, ${terminationReasons.libelle}, null::text, null::text,
        ${terminations.dateEffet}::text, null::timestamptz, ${terminations.createdAt}, ${terminations.statut}, null::text, ${terminations.idContrat},
        ${contracts.numeroLigne}, ${terminations.idResiliation}
        from ${terminations} join ${terminationReasons} on ${terminationReasons.idMotif} = ${terminations.idMotif}
        left join ${contracts} on ${contracts.idContrat} = ${terminations.idContrat}
        where ${terminations.demandePar} = ${userId}`;
    case 'RENDEZ_VOUS': {
      const ended = new Date(now.getTime() - APPOINTMENT_SLOT_MINUTES * 60_000);
      return sql`select 'RENDEZ_VOUS', 'n° ' || ${appointments.id}, ${appointments.motif}, null::text, null::text, null::text, ${appointments.debut},
        ${appointments.createdAt},
        case when ${appointments.statut} = 'ANNULE' then 'ANNULE' when ${appointments.debut} <= ${ended.toISOString()}::timestamptz then 'PASSE' else 'A_VENIR' end,
        null::text, ${appointments.idContrat}, ${contracts.numeroLigne}, ${appointments.id}
        from ${appointments} left join ${contracts} on ${contracts.idContrat} = ${appointments.idContrat}
        where ${appointments.userId} = ${userId}`;
    }
  }
}

const KINDS: readonly CustomerRequestType[] = ['CONTACT', 'RECLAMATION', 'RESILIATION', 'RENDEZ_VOUS'];

export function createSupportRequestsRepository(db: Database) {
  return {
    /** A page of the user's requests (of one kind when asked), in the order asked, and how many there are. */
    async page(userId: number, query: Pick<CustomerRequestQuery, 'type' | 'tri' | 'ordre' | 'page' | 'taille'>, now: Date) {
      const union = sql.join(
        KINDS.filter((kind) => query.type === undefined || query.type === kind).map((kind) => ofKind(kind, userId, now)),
        sql` union all `,
      );
      const direction = query.ordre === 'asc' ? sql`asc` : sql`desc`;
      const order = query.tri === 'type' ? sql`type ${direction}, created_at desc, tie desc` : sql`created_at ${direction}, tie ${direction}`;
      const all = sql`(${union}) as demandes (type, reference, libelle, theme, "sousTheme", jour, debut, created_at, statut, reference_facture, id_contrat, numero_ligne, tie)`;
      const [rows, counted] = await Promise.all([
        db.execute(sql`select * from ${all} order by ${order} limit ${query.taille} offset ${(query.page - 1) * query.taille}`),
        db.execute(sql`select count(*)::integer as total from ${all}`),
      ]);
      return { rows: rowsOf<CustomerRequestRow>(rows), total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0 };
    },

    /** One of the user's tickets, with its message. */
    async ticket(userId: number, reference: string) {
      const [row] = await db
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.userId, userId), eq(supportTickets.reference, reference)))
        .limit(1);
      return row;
    },
  };
}
export type SupportRequestsRepository = ReturnType<typeof createSupportRequestsRepository>;

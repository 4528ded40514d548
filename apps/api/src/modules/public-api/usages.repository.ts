import { sql, type SQL } from 'drizzle-orm';
import type { TMF_USAGE_TYPES } from '@ecare/shared';
import type { ReadDatabase } from '../../db/replica.ts';
import { rowsOf } from '../../db/rows.ts';
import { contracts, lineUsageDays } from '../../db/schema.ts';

export type UsageType = (typeof TMF_USAGE_TYPES)[number];

export interface UsageFilters {
  /** Days from this one (`YYYY-MM-DD`)… */
  from?: string;
  /** …and before this one. */
  before?: string;
  idContrat?: number;
  usageType?: UsageType;
}

/** One kind of use of one line on one day, with the out-of-bundle amount it carries (HT, cents). */
export interface UsageRow {
  idContrat: number;
  numeroLigne: string;
  jour: string;
  usageType: UsageType;
  volume: number;
  amountCentimes: number;
}

/**
 * A line's day split into its kinds of use, by a lateral VALUES list, so that the database pages
 * and counts the kinds itself. The day's out-of-bundle amount is not recorded per kind: what was
 * spent in France (`hors_forfait` less `itinerance`) goes on the first of data, voice, SMS the
 * line used that day, what was spent abroad (`itinerance`) on roaming data, else roaming voice.
 * So each day's amounts add up to its `hors_forfait`, and a kind is listed when it has a volume
 * or carries an amount.
 */
function usagesOf(idClientBscs: number, filters: UsageFilters): SQL {
  const d = lineUsageDays;
  const home = sql`(${d.horsForfaitCentimes} - ${d.itineranceCentimes})`;
  const parts: SQL[] = [sql`${contracts.idClientBscs} = ${idClientBscs}`, sql`(kinds.volume <> 0 or kinds.amount <> 0)`];
  if (filters.from !== undefined) parts.push(sql`${d.jour} >= ${filters.from}::date`);
  if (filters.before !== undefined) parts.push(sql`${d.jour} < ${filters.before}::date`);
  if (filters.idContrat !== undefined) parts.push(sql`${d.idContrat} = ${filters.idContrat}`);
  if (filters.usageType !== undefined) parts.push(sql`kinds.usage_type = ${filters.usageType}`);
  return sql`${d}
    join ${contracts} on ${contracts.idContrat} = ${d.idContrat}
    cross join lateral (values
      ('data', 1, ${d.dataOctets}, case when ${d.dataOctets} <> 0 or (${d.voixSecondes} = 0 and ${d.sms} = 0) then ${home} else 0 end),
      ('voice', 2, ${d.voixSecondes}, case when ${d.dataOctets} = 0 and ${d.voixSecondes} <> 0 then ${home} else 0 end),
      ('sms', 3, ${d.sms}, case when ${d.dataOctets} = 0 and ${d.voixSecondes} = 0 and ${d.sms} <> 0 then ${home} else 0 end),
      ('roamingData', 4, ${d.dataItineranceOctets}, case when ${d.dataItineranceOctets} <> 0 or ${d.voixItineranceSecondes} = 0 then ${d.itineranceCentimes} else 0 end),
      ('roamingVoice', 5, ${d.voixItineranceSecondes}, case when ${d.dataItineranceOctets} = 0 and ${d.voixItineranceSecondes} <> 0 then ${d.itineranceCentimes} else 0 end)
    ) as kinds (usage_type, rank, volume, amount)
    where ${sql.join(parts, sql` and `)}`;
}

interface RawUsage {
  id_contrat: number;
  numero_ligne: string;
  jour: string;
  usage_type: UsageType;
  volume: number | string;
  amount: number | string;
}

/** The usage of an account's lines as the public API reads it (TMF635): a page at a time, latest day first. */
export function createUsagesRepository(db: ReadDatabase) {
  return {
    async page(idClientBscs: number, filters: UsageFilters, offset: number, limit: number): Promise<{ total: number; rows: UsageRow[] }> {
      const from = usagesOf(idClientBscs, filters);
      const [rows, counted] = await Promise.all([
        db.execute(sql`select ${lineUsageDays.idContrat} as id_contrat, ${contracts.numeroLigne} as numero_ligne, ${lineUsageDays.jour}::text as jour,
            kinds.usage_type, kinds.volume, kinds.amount
          from ${from}
          order by ${lineUsageDays.jour} desc, ${lineUsageDays.idContrat} asc, kinds.rank asc
          limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::integer as total from ${from}`),
      ]);
      return {
        total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
        rows: rowsOf<RawUsage>(rows).map((raw) => ({
          idContrat: Number(raw.id_contrat),
          numeroLigne: raw.numero_ligne,
          jour: raw.jour,
          usageType: raw.usage_type,
          volume: Number(raw.volume),
          amountCentimes: Number(raw.amount),
        })),
      };
    },
  };
}
export type UsagesRepository = ReturnType<typeof createUsagesRepository>;

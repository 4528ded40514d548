import {
  GAMMES,
  HOME_LATEST_ORDERS,
  HOME_TOP_LINES,
  LINE_STATUSES,
  ORDER_TYPE_LABELS,
  billingPeriodOf,
  euros,
  orderStepLabel,
  periodBounds,
  type Home,
  type HomeTopLine,
  type OrderType,
} from '@ecare/shared';
import type { Clock } from '../../lib/clock.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { HomeRepository, TopLineRow } from './home.repository.ts';

export interface HomeDeps {
  repo: HomeRepository;
  policy: AccessPolicy;
  clock: Clock;
}

/** What the plan includes in data each period, MB, as the consumption page says it; null: unlimited. */
function dataAllowance(row: TopLineRow): number | null {
  if (row.idGamme !== GAMMES.mobile) return 0;
  return row.dataIllimitee ? null : (row.forfaitDataMo ?? 0);
}

function topLine(row: TopLineRow): HomeTopLine {
  const allowance = dataAllowance(row);
  const name = [row.utilisateurPrenom, row.utilisateurNom].filter((part) => part !== null && part.trim() !== '').join(' ');
  return {
    idContrat: row.idContrat,
    numeroLigne: row.numeroLigne,
    utilisateur: name === '' ? null : name,
    libelleOffre: row.libelleOffre,
    dataMo: row.dataMo,
    forfaitDataMo: allowance,
    partForfait: allowance === null || allowance === 0 ? null : Math.floor((row.dataMo * 100) / allowance),
  };
}

/** The manager's home page (decision 046). */
export function createHomeService({ repo, policy, clock }: HomeDeps) {
  return {
    /** GET /api/clients/{idClientBscs}/accueil: for the account's managers (an agent's customer session too, on its account). */
    async home(userId: number, idClientBscs: number): Promise<Home> {
      await policy.assertAccount(userId, idClientBscs);
      const periode = billingPeriodOf(clock.now());
      const [byStatus, top, inProgress] = await Promise.all([
        repo.linesByStatus(idClientBscs),
        repo.topDataLines(idClientBscs, periodBounds(periode), HOME_TOP_LINES),
        repo.ordersInProgress(idClientBscs, HOME_LATEST_ORDERS),
      ]);
      const counts = new Map(byStatus.map((row) => [row.statut, row.nombre]));
      const parStatut = LINE_STATUSES.map((statut) => ({ statut, nombre: counts.get(statut) ?? 0 }));
      return {
        periode,
        lignes: { total: parStatut.reduce((sum, row) => sum + row.nombre, 0), parStatut },
        grosConsommateurs: top.map(topLine),
        commandes: {
          enCours: inProgress.nombre,
          dernieres: inProgress.latest.map((order) => ({
            numero: order.numero,
            date: order.createdAt.toISOString(),
            typeLibelle: ORDER_TYPE_LABELS[order.type as OrderType] ?? String(order.type),
            etapeLibelle: orderStepLabel(order.etape, order.statut),
            totalTtc: euros(order.totalUniqueHtCentimes + order.tvaUniqueCentimes),
          })),
        },
      };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;

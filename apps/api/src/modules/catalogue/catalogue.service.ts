import {
  amountsOf,
  catalogueImageUrl,
  checkPromoCode,
  closedReason,
  MAX_NON_WORKING_DAYS_SPAN,
  normalizePromoCode,
  OPTION_FAMILIES,
  OPTION_FAMILY_LABELS,
  OPTION_FAMILY_SLUGS,
  optionFamilyOfSlug,
  phonePriceCentimes,
  promotionDiscountCentimes,
  promotionStanding,
  type CatalogueAccessory,
  type CatalogueInsurance,
  type CatalogueOption,
  type CataloguePhone,
  type CataloguePlan,
  type CataloguePromotion,
  type PointOfSale,
  type OptionFamilySlug,
  type PhoneList,
  type PhoneListQuery,
  type PhonePrice,
  type PhonePriceQuery,
  type PlanChangeTargets,
  type Promotion,
  type PromotionCible,
} from '@ecare/shared';
import { addDays, daysBetween, parisDay } from '@ecare/shared/paris-time';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import type { PlaceFinder } from '../../lib/addresses/commune-positions.ts';
import type { CatalogueRepository, PhoneRow, PlanRow, PromotionRow } from './catalogue.repository.ts';
import { pointsOfSaleByDistance } from './points-of-sale-by-distance.ts';

export interface CatalogueDeps extends ServiceCore {
  repo: CatalogueRepository;
  /** Where the account's address and the shops are, to list the shops nearest first. */
  places: PlaceFinder;
}

/** Promo codes tried per user and window: enough for a fleet order, too few to guess codes. */
export const PROMO_CODE_QUOTA = { max: 30, windowMs: 10 * 60_000 } as const;

const planAnswer = (row: PlanRow): CataloguePlan => ({
  idOffreEngagement: row.idOffreEngagement,
  libelle: row.libelle,
  description: row.description,
  id_Gamme: row.idGamme,
  engagementMois: row.engagementMois,
  zones: row.zones,
  dataMo: row.dataMo,
  dataIllimitee: row.dataIllimitee,
  optionsIncluses: row.optionsIncluses,
  prixMensuel: amountsOf(row.prixMensuelCentimes),
  commercialise: row.commercialise,
});

const phoneAnswer = (row: PhoneRow, engagementMois: number | null): CataloguePhone => ({
  idArticle: row.idArticle,
  marque: row.marque,
  modele: row.modele,
  description: row.description,
  couleurs: row.couleurs,
  stockageGo: row.stockageGo,
  esim: row.esim,
  cinqG: row.cinqG,
  prixNu: amountsOf(row.prixNuCentimes),
  prixAvecForfait: amountsOf(row.prixAvecForfaitCentimes),
  prix: amountsOf(phonePriceCentimes(row, engagementMois)),
  stock: row.stock,
  disponible: row.stock > 0,
  image: catalogueImageUrl(row.image),
});

const promotionOf = (row: PromotionRow): CataloguePromotion => ({ ...row });

const promotionAnswer = (row: CataloguePromotion): Promotion => ({
  idPromotion: row.idPromotion,
  libelle: row.libelle,
  conditions: row.conditions,
  avecCode: row.codePromo !== null,
  cible: row.cible,
  type: row.type,
  valeur: row.valeur,
  dureeMois: row.dureeMois,
  idOffreEngagement: row.idOffreEngagement,
  idArticle: row.idArticle,
  debut: row.debut,
  fin: row.fin,
});

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * The shop's catalogue (issue 12, decision 035): phones with their price for a plan, plans and
 * plan-change targets, options by family, accessories, insurances, promotions and promo codes,
 * non-working days and points of sale. Read by managers of a billing account.
 */
export function createCatalogueService({ repo, policy, limits, clock, places }: CatalogueDeps) {
  const today = () => parisDay(clock.now());

  /** The plan phones are priced with: a plan sold of the mobile range; 0 means the phone alone. */
  async function pricingPlan(idOffreEngagement: number): Promise<PlanRow | null> {
    if (idOffreEngagement === 0) return null;
    const plan = await repo.plan(idOffreEngagement);
    if (!plan || plan.idGamme !== 1) throw fail('CATALOGUE_OFFER_NOT_FOUND');
    return plan;
  }

  async function withinPromoQuota(userId: number): Promise<void> {
    const verdict = await limits.quota(`promo-code:user:${userId}`, PROMO_CODE_QUOTA.max, PROMO_CODE_QUOTA.windowMs);
    if (!verdict.allowed) {
      const { retryAfterSeconds } = verdict;
      throw fail('CATALOGUE_PROMO_CODE_TOO_MANY', { values: { minutes: Math.ceil(retryAfterSeconds / 60) }, retryAfterSeconds });
    }
  }

  /** The promotion a code names, for this plan and phone today, or the reason it is refused. */
  async function promotionOfCode(
    userId: number,
    code: string,
    context: { idOffreEngagement: number | null; idArticleMobile: number | null } | undefined,
  ): Promise<CataloguePromotion> {
    await withinPromoQuota(userId);
    const promotions = (await repo.promotions()).map(promotionOf);
    const check = checkPromoCode(promotions, code, today(), context);
    if (check.ok) return check.promotion;
    if (check.raison === 'A_VENIR') throw fail('CATALOGUE_PROMO_CODE_NOT_STARTED', { values: { debut: check.debut } });
    if (check.raison === 'TERMINEE') throw fail('CATALOGUE_PROMO_CODE_EXPIRED', { values: { fin: check.fin } });
    if (check.raison === 'NON_APPLICABLE') throw fail('CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
    throw fail('CATALOGUE_PROMO_CODE_UNKNOWN');
  }

  return {
    /** `GET /api/mobiles/{idClientBscs}/{idOffreEngagement}/{disponibilite}`. */
    async phones(
      userId: number,
      params: { idClientBscs: number; idOffreEngagement: number; disponibilite: 'tous' | 'en-stock' },
      query: PhoneListQuery,
    ): Promise<PhoneList> {
      await policy.assertAccount(userId, params.idClientBscs);
      const plan = await pricingPlan(params.idOffreEngagement);
      const engagementMois = plan ? plan.engagementMois : null;
      const rows = await repo.phones();
      const marques = [...new Set(rows.map((row) => row.marque))].sort(collator.compare);
      const wanted = query.marque
        ? new Set(query.marque.split(',').map((brand) => brand.trim().toLocaleLowerCase('fr')).filter(Boolean))
        : null;
      let mobiles = rows
        .map((row) => phoneAnswer(row, engagementMois))
        .filter((phone) => !wanted || wanted.has(phone.marque.toLocaleLowerCase('fr')))
        .filter((phone) => params.disponibilite === 'tous' || phone.disponible)
        .filter((phone) => query.cinqG === undefined || phone.cinqG === query.cinqG)
        .filter((phone) => query.esim === undefined || phone.esim === query.esim)
        .filter((phone) => query.prixMin === undefined || phone.prix.htCentimes >= query.prixMin * 100)
        .filter((phone) => query.prixMax === undefined || phone.prix.htCentimes <= query.prixMax * 100);
      const byName = (a: CataloguePhone, b: CataloguePhone) => collator.compare(`${a.marque} ${a.modele}`, `${b.marque} ${b.modele}`);
      if (query.tri === 'nom') mobiles = mobiles.sort(byName);
      if (query.tri === 'prix-croissant') mobiles = mobiles.sort((a, b) => a.prix.htCentimes - b.prix.htCentimes || byName(a, b));
      if (query.tri === 'prix-decroissant') mobiles = mobiles.sort((a, b) => b.prix.htCentimes - a.prix.htCentimes || byName(a, b));
      return { marques, idOffreEngagement: plan?.idOffreEngagement ?? null, engagementMois, mobiles };
    },

    /** `GET /api/forfaits/{idClientBscs}/{idGamme}`: the plans sold in a range. */
    async plans(userId: number, idClientBscs: number, idGamme: number, engagement?: number): Promise<CataloguePlan[]> {
      await policy.assertAccount(userId, idClientBscs);
      const rows = await repo.plans();
      return rows
        .filter((row) => row.commercialise && row.idGamme === idGamme && (engagement === undefined || row.engagementMois === engagement))
        .map(planAnswer);
    },

    /** `GET /api/forfait/{idClientBscs}/{idContrat}`: the plans a line may move to. */
    async planChangeTargets(userId: number, idClientBscs: number, idContrat: number): Promise<PlanChangeTargets> {
      const access = await policy.contractAccess(userId, idContrat);
      if (access.idClientBscs !== idClientBscs) throw fail('CATALOGUE_CONTRACT_NOT_OF_ACCOUNT');
      const contract = await repo.contract(idContrat);
      if (!contract) throw fail('FORBIDDEN_CONTRACT');
      const rows = await repo.plans();
      const current = rows.find((row) => row.idOffreEngagement === contract.idOffreEngagement);
      if (!current) throw fail('CATALOGUE_OFFER_NOT_FOUND');
      const cibles = rows
        .filter((row) => row.commercialise && row.idGamme === current.idGamme && row.idOffreEngagement !== current.idOffreEngagement)
        .map((row) => ({ ...planAnswer(row), differenceMensuelleCentimes: row.prixMensuelCentimes - current.prixMensuelCentimes }));
      return { idContrat, actuel: planAnswer(current), cibles };
    },

    /**
     * Mobile price by query (spec §3 price query). With `IdContrat` (a new phone for a line), the
     * caller must reach the line, and the current plan is the line's; the target plan defaults to
     * the current one. The price is the phone's for the target plan's commitment, less the promo code.
     */
    async phonePrice(userId: number, query: PhonePriceQuery): Promise<PhonePrice> {
      let current: number | null = query.IdOffreEngActuelle ?? null;
      if (query.IdContrat !== undefined) {
        await policy.contractAccess(userId, query.IdContrat);
        const contract = await repo.contract(query.IdContrat);
        if (!contract) throw fail('FORBIDDEN_CONTRACT');
        if (current !== null && current !== contract.idOffreEngagement) throw fail('CATALOGUE_OFFER_NOT_OF_CONTRACT');
        current = contract.idOffreEngagement;
      } else {
        await policy.assertManagesAnAccount(userId);
      }
      const phone = await repo.phone(query.IdArticle);
      if (!phone || !phone.commercialise) throw fail('CATALOGUE_PHONE_NOT_FOUND');
      if (current !== null && !(await repo.plan(current))) throw fail('CATALOGUE_OFFER_NOT_FOUND');
      const targetId = query.IdOffreEngCible ?? current;
      const target = targetId === null ? null : await repo.plan(targetId);
      if (targetId !== null && !target) throw fail('CATALOGUE_OFFER_NOT_FOUND');
      if (target && query.IdOffreEngCible !== undefined && !target.commercialise) throw fail('CATALOGUE_OFFER_NOT_SOLD');
      const engagementMois = target ? target.engagementMois : null;
      const prixCentimes = phonePriceCentimes(phone, engagementMois);
      const promotion = query.CodePromo
        ? await promotionOfCode(userId, query.CodePromo, { idOffreEngagement: target?.idOffreEngagement ?? null, idArticleMobile: phone.idArticle })
        : null;
      if (promotion && promotion.cible !== 'MOBILE') throw fail('CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
      const remiseCentimes = promotion ? promotionDiscountCentimes(promotion, prixCentimes) : 0;
      return {
        idArticle: phone.idArticle,
        idContrat: query.IdContrat ?? null,
        idOffreEngActuelle: current,
        idOffreEngCible: target?.idOffreEngagement ?? null,
        engagementMois,
        prixNu: amountsOf(phone.prixNuCentimes),
        prix: amountsOf(prixCentimes),
        remiseCentimes,
        prixRemise: amountsOf(prixCentimes - remiseCentimes),
        promotion: promotion ? promotionAnswer(promotion) : null,
      };
    },

    /** Options still sold, by family (the add-line lists of spec §7). */
    async optionFamilies(userId: number) {
      await policy.assertManagesAnAccount(userId);
      const options = (await repo.options()).map(optionAnswer);
      return OPTION_FAMILIES.map((famille) => ({
        famille,
        slug: OPTION_FAMILY_SLUGS[famille],
        libelle: OPTION_FAMILY_LABELS[famille],
        options: options.filter((option) => option.famille === famille),
      }));
    },

    async optionsOfFamily(userId: number, slug: OptionFamilySlug): Promise<CatalogueOption[]> {
      await policy.assertManagesAnAccount(userId);
      const famille = optionFamilyOfSlug(slug);
      return (await repo.options()).filter((row) => row.famille === famille).map(optionAnswer);
    },

    /** Accessories still sold; with `idArticle`, those that fit that phone. */
    async accessories(userId: number, idArticle?: number): Promise<CatalogueAccessory[]> {
      await policy.assertManagesAnAccount(userId);
      const rows = await repo.accessories();
      return rows
        .filter((row) => idArticle === undefined || row.compatibles.length === 0 || row.compatibles.includes(idArticle))
        .map((row) => ({
          idArticle: row.idArticle,
          libelle: row.libelle,
          categorie: row.categorie,
          description: row.description,
          prix: amountsOf(row.prixCentimes),
          stock: row.stock,
          disponible: row.stock > 0,
          image: catalogueImageUrl(row.image),
          compatibles: row.compatibles,
        }));
    },

    /** Insurances still sold; with `idArticle`, those whose ceiling covers that phone's price alone. */
    async insurances(userId: number, idArticle?: number): Promise<CatalogueInsurance[]> {
      await policy.assertManagesAnAccount(userId);
      let ceiling = 0;
      if (idArticle !== undefined) {
        const phone = await repo.phone(idArticle);
        if (!phone || !phone.commercialise) throw fail('CATALOGUE_PHONE_NOT_FOUND');
        ceiling = phone.prixNuCentimes;
      }
      return (await repo.insurances())
        .filter((row) => row.plafondPrixMobileCentimes >= ceiling)
        .map((row) => ({
          idAssurance: row.idAssurance,
          libelle: row.libelle,
          description: row.description,
          prixMensuel: amountsOf(row.prixMensuelCentimes),
          franchise: amountsOf(row.franchiseCentimes),
          plafondPrixMobileCentimes: row.plafondPrixMobileCentimes,
        }));
    },

    /** Promotions that may be taken today (codes not given away), by target, plan or phone. */
    async promotions(userId: number, filter: { cible?: PromotionCible; idOffreEngagement?: number; idArticle?: number }): Promise<Promotion[]> {
      await policy.assertManagesAnAccount(userId);
      const day = today();
      return (await repo.promotions())
        .map(promotionOf)
        .filter((p) => promotionStanding(p, day) === 'EN_COURS')
        .filter((p) => filter.cible === undefined || p.cible === filter.cible)
        .filter((p) => filter.idOffreEngagement === undefined || p.idOffreEngagement === null || p.idOffreEngagement === filter.idOffreEngagement)
        .filter((p) => filter.idArticle === undefined || p.idArticle === null || p.idArticle === filter.idArticle)
        .map(promotionAnswer);
    },

    /** A typed promo code: its promotion if it may be taken today for this plan or phone. */
    async checkPromoCode(userId: number, code: string, context: { idOffreEngagement?: number; idArticle?: number }) {
      await policy.assertManagesAnAccount(userId);
      const withContext = context.idOffreEngagement !== undefined || context.idArticle !== undefined;
      const promotion = await promotionOfCode(
        userId,
        code,
        withContext ? { idOffreEngagement: context.idOffreEngagement ?? null, idArticleMobile: context.idArticle ?? null } : undefined,
      );
      return { ...promotionAnswer(promotion), codePromo: normalizePromoCode(code) };
    },

    /** Sundays and public holidays from `debut` to `fin` inclusive (at most 366 days). */
    async nonWorkingDays(userId: number, debut: string, fin: string) {
      await policy.assertManagesAnAccount(userId);
      const span = daysBetween(debut, fin);
      if (span < 0 || span >= MAX_NON_WORKING_DAYS_SPAN) throw fail('CATALOGUE_PERIOD_INVALID');
      const days = [];
      for (let day = debut; day <= fin; day = addDays(day, 1)) {
        const reason = closedReason(day);
        if (reason) days.push({ date: day, ...reason });
      }
      return days;
    },

    /** The shops (of a postal code or department), nearest first from the account's address when one is named. */
    async pointsOfSale(userId: number, codePostal?: string, idClientBscs?: number): Promise<PointOfSale[]> {
      if (idClientBscs === undefined) await policy.assertManagesAnAccount(userId);
      else await policy.assertAccount(userId, idClientBscs);
      const shops = (await repo.pointsOfSale()).filter((row) => codePostal === undefined || row.codePostal.startsWith(codePostal));
      const address = idClientBscs === undefined ? undefined : await repo.accountAddress(idClientBscs);
      return address ? pointsOfSaleByDistance(shops, address, places) : shops;
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

function optionAnswer(row: Awaited<ReturnType<CatalogueRepository['options']>>[number]): CatalogueOption {
  return { idOption: row.idOption, famille: row.famille, libelle: row.libelle, description: row.description, prixMensuel: amountsOf(row.prixMensuelCentimes) };
}

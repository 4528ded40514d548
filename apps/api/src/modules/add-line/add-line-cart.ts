import {
  CART_MAX_LINES,
  LINE_MAX_ACCESSORIES,
  checkPromoCode,
  normalizePromoCode,
  phonePriceCentimes,
  type Cart,
} from '@ecare/shared';
import { fail } from '../../lib/errors.ts';
import { type AddLineRepository, type LineValues } from './add-line.repository.ts';
import { auditView, promotionBase, contextOf } from './add-line-lines.ts';
import { type Actor, LAST_EDITABLE_STEP, type SaveLineInput, type CartContext } from './add-line-context.ts';

/** The cart's lines: plan, phone, SIM, options, accessories, promotions and insurance, priced by the catalogue on the server. */
export function cartLineMethods(ctx: CartContext) {
  const { repo, policy, today, assertEditable, lineWrite, reprice, write, recordChange, view, cartOf } = ctx;
  /** The catalogue's prices and checks for a line as asked: plan, phone, colour, SIM type, options. */
  async function priced(r: AddLineRepository, input: SaveLineInput): Promise<{ values: LineValues; options: { idOption: number; prixOptionCentimes: number }[] }> {
    const offer = await r.mobileOffer(input.IdOffreEngagement);
    if (!offer) throw fail('ADD_LINE_OFFER_UNAVAILABLE');
    let prixMobileCentimes = 0;
    let couleur: string | null = null;
    if (input.IdArticleMobile !== null) {
      const phone = await r.phone(input.IdArticleMobile);
      if (!phone) throw fail('ADD_LINE_PHONE_UNAVAILABLE');
      if (phone.stock < input.Quantite) throw fail('ADD_LINE_PHONE_OUT_OF_STOCK', { values: { stock: Math.max(0, phone.stock) } });
      if (phone.couleurs.length > 0) {
        const asked = input.Couleur?.toLocaleLowerCase('fr');
        const match = phone.couleurs.find((colour) => colour.toLocaleLowerCase('fr') === asked);
        if (!match) throw fail('ADD_LINE_COLOUR_UNKNOWN');
        couleur = match;
      }
      if (input.TypeSim === 'ESIM' && !phone.esim) throw fail('ADD_LINE_ESIM_UNSUPPORTED');
      prixMobileCentimes = phonePriceCentimes(phone, offer.engagementMois);
    }
    const wanted = [...new Set(input.Options.map((option) => option.IdOption))];
    const found = await r.options(wanted);
    if (found.length !== wanted.length) throw fail('ADD_LINE_OPTION_UNAVAILABLE');
    return {
      values: {
        quantite: input.Quantite,
        idOffreEngagement: offer.idOffreEngagement,
        idArticleMobile: input.IdArticleMobile,
        couleur,
        typeSim: input.TypeSim,
        prixMensuelCentimes: offer.prixMensuelCentimes,
        prixMobileCentimes,
      },
      options: found.map((option) => ({ idOption: option.idOption, prixOptionCentimes: option.prixMensuelCentimes })),
    };
  }

  /** Whether an insurance still sold covers a phone: its ceiling at least the phone's price alone (as the catalogue lists them). */
  async function insuranceCovers(r: AddLineRepository, idAssurance: number, idArticleMobile: number | null): Promise<boolean> {
    if (idArticleMobile === null) return false;
    const insurance = await r.insurance(idAssurance);
    const phone = await r.phone(idArticleMobile);
    return insurance !== undefined && phone !== undefined && phone.prixNuCentimes <= insurance.plafondPrixMobileCentimes;
  }

  return {
    /** The account's cart being filled (empty when there is none yet). */
    async cart(userId: number, idClientBscs: number): Promise<Cart> {
      await policy.assertAccount(userId, idClientBscs);
      return view(idClientBscs, await repo.openCart(idClientBscs, LAST_EDITABLE_STEP));
    },

    /** `POST /api/ajout-lignes/enregistrer-ligne`: adds a line to the account's cart (made on the first line), or changes one. */
    async saveLine(actor: Actor, input: SaveLineInput): Promise<Cart> {
      await policy.assertAccount(actor.userId, input.IdClientBscs);
      if (input.IdLigne !== undefined) {
        const existing = await repo.lineWithCart(input.IdLigne);
        if (!existing || existing.cart.idClientBscs !== input.IdClientBscs) throw fail('FORBIDDEN_ACCOUNT');
      }
      const idSouscription = await write(actor, async (r, tx) => {
        if (!(await r.lockAccount(input.IdClientBscs))) throw fail('FORBIDDEN_ACCOUNT');
        const { values, options } = await priced(r, input);
        if (input.IdLigne === undefined) {
          const cart = (await r.openCart(input.IdClientBscs, LAST_EDITABLE_STEP)) ?? (await r.createCart(input.IdClientBscs, actor.userId));
          if ((await r.lineCount(cart.idSouscription)) >= CART_MAX_LINES) throw fail('ADD_LINE_CART_FULL', { values: { max: CART_MAX_LINES } });
          const line = await r.insertLine(cart.idSouscription, values);
          await r.setOptions(line.idLigne, options);
          await reprice(r, line);
          await recordChange(actor, tx, cart, 'AJOUT_LIGNE', null, auditView(line));
          return cart.idSouscription;
        }
        const locked = await r.lineWithCart(input.IdLigne, true);
        if (!locked) throw fail('FORBIDDEN_ACCOUNT');
        assertEditable(locked.cart);
        if (values.quantite !== 1 && locked.line.modeNumero !== 'NOUVEAU') throw fail('ADD_LINE_PORTABILITY_SINGLE');
        // Another phone (or none): an insurance that does not cover it goes.
        if (locked.line.idAssurance !== null && values.idArticleMobile !== locked.line.idArticleMobile && !(await insuranceCovers(r, locked.line.idAssurance, values.idArticleMobile ?? null))) {
          Object.assign(values, { idAssurance: null, prixAssuranceCentimes: 0 });
        }
        await r.updateLine(locked.line.idLigne, values);
        await r.setOptions(locked.line.idLigne, options);
        const updated = { ...locked.line, ...values };
        await reprice(r, updated);
        await recordChange(actor, tx, locked.cart, 'MODIFICATION_LIGNE', auditView(locked.line), auditView(updated));
        return locked.cart.idSouscription;
      });
      return cartOf(idSouscription);
    },

    /** `GET /api/ajout-lignes/maj-quantite`: the number of identical lines of a group. */
    async setQuantity(actor: Actor, idLigne: number, quantite: number): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        if (quantite !== 1 && line.modeNumero !== 'NOUVEAU') throw fail('ADD_LINE_PORTABILITY_SINGLE');
        if (line.idArticleMobile !== null) {
          const phone = await r.phone(line.idArticleMobile);
          if (!phone) throw fail('ADD_LINE_PHONE_UNAVAILABLE');
          if (phone.stock < quantite) throw fail('ADD_LINE_PHONE_OUT_OF_STOCK', { values: { stock: Math.max(0, phone.stock) } });
        }
        await r.updateLine(idLigne, { quantite });
        await recordChange(actor, tx, cart, 'QUANTITE', { quantite: line.quantite }, { quantite });
      });
    },

    async setAccessory(actor: Actor, input: { IdLigne: number; IdArticle: number; Quantite: number }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const before = (await r.lineArticles(line.idLigne)).find((item) => item.idArticle === input.IdArticle);
        if (input.Quantite === 0) {
          await r.removeArticle(line.idLigne, input.IdArticle);
        } else {
          const accessory = await r.accessory(input.IdArticle);
          if (!accessory) throw fail('ADD_LINE_ACCESSORY_UNAVAILABLE');
          const fits = accessory.compatibles.length === 0 || (line.idArticleMobile !== null && accessory.compatibles.includes(line.idArticleMobile));
          if (!fits) throw fail('ADD_LINE_ACCESSORY_INCOMPATIBLE');
          if (!before && (await r.articleCount(line.idLigne)) >= LINE_MAX_ACCESSORIES) throw fail('ADD_LINE_ACCESSORY_UNAVAILABLE');
          await r.setArticle(line.idLigne, input.IdArticle, input.Quantite, accessory.prixCentimes);
        }
        await reprice(r, line);
        await recordChange(actor, tx, cart, 'ACCESSOIRE', before ? { idArticle: before.idArticle, quantite: before.quantite } : null, { idArticle: input.IdArticle, quantite: input.Quantite });
      });
    },

    async setSimType(actor: Actor, idLigne: number, typeSim: 'SIM' | 'ESIM'): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        if (typeSim === 'ESIM' && line.idArticleMobile !== null) {
          const phone = await r.phone(line.idArticleMobile);
          if (!phone?.esim) throw fail('ADD_LINE_ESIM_UNSUPPORTED');
        }
        await r.updateLine(idLigne, { typeSim });
        await recordChange(actor, tx, cart, 'TYPE_SIM', { typeSim: line.typeSim }, { typeSim });
      });
    },

    async setOption(actor: Actor, input: { IdLigne: number; IdOption: number; Active: boolean }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { cart }) => {
        if (input.Active) {
          const [option] = await r.options([input.IdOption]);
          if (!option) throw fail('ADD_LINE_OPTION_UNAVAILABLE');
          await r.addOption(input.IdLigne, option.idOption, option.prixMensuelCentimes);
        } else {
          await r.removeOption(input.IdLigne, input.IdOption);
        }
        await recordChange(actor, tx, cart, input.Active ? 'AJOUT_OPTION' : 'RETRAIT_OPTION', null, { idOption: input.IdOption });
      });
    },

    /** A promo code typed for a line: valid today, for that line, one promotion per kind of price lowered. */
    async applyPromotion(actor: Actor, input: { IdLigne: number; CodePromo: string }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const found = await r.promotionByCode(normalizePromoCode(input.CodePromo));
        const articles = await r.lineArticles(line.idLigne);
        const check = checkPromoCode(found ? [found] : [], input.CodePromo, today(), contextOf({ line, options: [], articles }));
        if (!check.ok) {
          if (check.raison === 'A_VENIR') throw fail('CATALOGUE_PROMO_CODE_NOT_STARTED', { values: { debut: check.debut } });
          if (check.raison === 'TERMINEE') throw fail('CATALOGUE_PROMO_CODE_EXPIRED', { values: { fin: check.fin } });
          throw fail(check.raison === 'INCONNU' ? 'CATALOGUE_PROMO_CODE_UNKNOWN' : 'CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
        }
        const { promotion } = check;
        const applied = await r.linePromotions(line.idLigne);
        if (applied.some((row) => row.promotion.idPromotion === promotion.idPromotion)) return;
        if (applied.some((row) => row.promotion.cible === promotion.cible)) throw fail('ADD_LINE_PROMO_ALREADY');
        if (promotionBase(promotion.cible, { line, options: [], articles }) === 0) throw fail('CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
        await reprice(r, line, promotion);
        await recordChange(actor, tx, cart, 'PROMOTION', null, { idPromotion: promotion.idPromotion });
      });
    },

    async removePromotion(actor: Actor, input: { IdLigne: number; IdPromotion: number }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const applied = await r.linePromotions(line.idLigne);
        await r.setPromotions(
          line.idLigne,
          applied.filter((row) => row.promotion.idPromotion !== input.IdPromotion).map(({ applied: row }) => row),
        );
        await recordChange(actor, tx, cart, 'RETRAIT_PROMOTION', { idPromotion: input.IdPromotion }, null);
      });
    },

    async deleteLine(actor: Actor, idLigne: number): Promise<Cart> {
      return lineWrite(actor, idLigne, async (r, tx, { line, cart }) => {
        await r.deleteLine(idLigne);
        await recordChange(actor, tx, cart, 'SUPPRESSION_LIGNE', auditView(line), null);
      });
    },

    /**
     * `POST /api/commande/assurance`: the phone's insurance of a line, its monthly price frozen from
     * the catalogue; only for a phone whose price alone is within its ceiling. Null removes it.
     */
    async setInsurance(actor: Actor, input: { IdLigne: number; IdAssurance: number | null }): Promise<Cart> {
      return lineWrite(actor, input.IdLigne, async (r, tx, { line, cart }) => {
        const before = { idAssurance: line.idAssurance, prixAssuranceCentimes: line.prixAssuranceCentimes };
        if (input.IdAssurance === null) {
          await r.updateLine(line.idLigne, { idAssurance: null, prixAssuranceCentimes: 0 });
          await recordChange(actor, tx, cart, 'RETRAIT_ASSURANCE', before, null);
          return;
        }
        const insurance = await r.insurance(input.IdAssurance);
        if (!insurance) throw fail('ADD_LINE_INSURANCE_UNAVAILABLE');
        if (line.idArticleMobile === null) throw fail('ADD_LINE_INSURANCE_NO_PHONE');
        const phone = await r.phone(line.idArticleMobile);
        if (!phone) throw fail('ADD_LINE_PHONE_UNAVAILABLE');
        if (phone.prixNuCentimes > insurance.plafondPrixMobileCentimes) throw fail('ADD_LINE_INSURANCE_CEILING');
        const values = { idAssurance: insurance.idAssurance, prixAssuranceCentimes: insurance.prixMensuelCentimes };
        await r.updateLine(line.idLigne, values);
        await recordChange(actor, tx, cart, 'ASSURANCE', before, values);
      });
    },
  };
}

import {
  type ShopAddress,
  type Cart,
  type CartAddress,
  type CartAddressType,
  type SavedCartAddress,
  type CheckedAddress,
  type Commune,
} from '@ecare/shared';
import { fail } from '../../lib/errors.ts';
import { checkedAddress } from '../../lib/addresses/address-base.ts';
import { coordinatesOf } from './add-line-lines.ts';
import { type Actor, ADDRESS_QUOTA, type CartContext } from './add-line-context.ts';

/** The cart's addresses (delivery, installation, eligibility), checked against the address base. */
export function addressMethods(ctx: CartContext) {
  const { repo, policy, audit, addressBase, withinQuota, assertEditable, deliveryAddress, write, cartOf } = ctx;

  return {
    /** The communes a postal code serves (offline table by default, see address-base.ts). */
    async communes(userId: number, codePostal: string): Promise<Commune[]> {
      await withinQuota(`add-line-address:user:${userId}`, ADDRESS_QUOTA);
      return addressBase.communes(codePostal);
    },

    /** An address checked against the postal code's communes; the city answered as the commune is named. */
    async checkAddress(userId: number, address: ShopAddress): Promise<CheckedAddress> {
      await withinQuota(`add-line-address:user:${userId}`, ADDRESS_QUOTA);
      return checkedAddress(addressBase, address);
    },

    /**
     * `POST /api/commande/adresse/enregistrer/{type}`: one address of the cart (delivery,
     * installation, eligibility), checked as the submission checks it, kept with the cart so that a
     * reload or another device finds it. A shop is for the delivery only.
     */
    async saveAddress(actor: Actor, type: CartAddressType, input: { IdSouscription: number; Adresse: CartAddress }): Promise<Cart> {
      const cart = await repo.cart(input.IdSouscription);
      if (!cart) throw fail('FORBIDDEN_ACCOUNT');
      await policy.assertAccount(actor.userId, cart.idClientBscs);
      assertEditable(cart);
      await withinQuota(`add-line-address:user:${actor.userId}`, ADDRESS_QUOTA);
      const { Adresse } = input;
      if (Adresse.mode === 'POINT_DE_VENTE' && type !== 'LIVRAISON') throw fail('ADD_LINE_ADDRESS_SHOP_DELIVERY_ONLY');
      const account = await repo.account(cart.idClientBscs);
      if (!account) throw fail('FORBIDDEN_ACCOUNT');
      const checked = await deliveryAddress(Adresse, account);
      const saved: SavedCartAddress =
        Adresse.mode === 'AUTRE_ADRESSE' ? { mode: 'AUTRE_ADRESSE', adresse: { ...Adresse.adresse, ...checked, codeInsee: checked?.codeInsee ?? '' } } : Adresse;
      await write(actor, async (r, tx) => {
        const locked = await r.lockCart(cart.idSouscription);
        if (!locked) throw fail('FORBIDDEN_ACCOUNT');
        assertEditable(locked);
        const kept = coordinatesOf(locked);
        await r.setCoordinates(locked.idSouscription, { ...kept, [type]: saved });
        await audit.record(
          {
            userId: actor.userId,
            action: 'MODIFICATION_PANIER',
            idClientBscs: locked.idClientBscs,
            sourceAddress: actor.sourceAddress,
            details: { operation: `ADRESSE_${type}`, idSouscription: locked.idSouscription, avant: kept[type], apres: saved },
          },
          { tx },
        );
      });
      return cartOf(cart.idSouscription);
    },
  };
}

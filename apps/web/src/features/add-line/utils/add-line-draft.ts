import { submittedOrderSchema, type SubmittedOrder } from '@ecare/shared/add-line';

/**
 * The order just sent, kept in this tab so that its confirmation survives a reload and the return
 * from the payment provider's page. The Coordonnées live with the cart on the server (decision 038).
 */
const ORDER_KEY = 'ajout-ligne_commande';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable (privacy mode): the order lives as long as the page.
  }
}

export function rememberOrder(order: SubmittedOrder): void {
  write(ORDER_KEY, JSON.stringify(order));
}

/** The order kept, if it reads as one (anything else is ignored). */
export function rememberedOrder(): SubmittedOrder | null {
  const stored = read(ORDER_KEY);
  if (!stored) return null;
  try {
    const parsed = submittedOrderSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

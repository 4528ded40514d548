import { addressMethods } from './add-line-addresses.ts';
import { cartLineMethods } from './add-line-cart.ts';
import { createCartContext, type AddLineDeps } from './add-line-context.ts';
import { numberMethods } from './add-line-numbers.ts';
import { submissionMethods } from './add-line-submission.ts';

export { ADDRESS_QUOTA, CART_WRITE_QUOTA, RIO_CHECK_QUOTA, type Actor, type AddLineDeps, type SaveLineInput } from './add-line-context.ts';
export { amountDueNow, awaitsCard, createContracts, NEW_NUMBER_RANGE } from './add-line-contracts.ts';

/**
 * The add-line cart (decision 038): one cart (subscription, status Incomplet) per billing account,
 * filled line by line, priced from the catalogue on the server, then sent as an order. Each part
 * is a file of its own; they share the context (add-line-context.ts).
 */
export function createAddLineService(deps: AddLineDeps) {
  const ctx = createCartContext(deps);
  return { ...cartLineMethods(ctx), ...numberMethods(ctx), ...addressMethods(ctx), ...submissionMethods(ctx) };
}

export type AddLineService = ReturnType<typeof createAddLineService>;

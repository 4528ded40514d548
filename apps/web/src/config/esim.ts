// Kept apart from site.ts, which the first download loads: only the eSIM pages need it.
/**
 * PIN code of a new eSIM profile before its user changes it (spec §2, §9 "Default eSIM PIN").
 * The operator's value; to change with its SIM supply.
 */
export const ESIM_DEFAULT_PIN = '0000';

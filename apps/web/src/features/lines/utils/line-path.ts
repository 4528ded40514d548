import { PATHS } from '../../../lib/routes.ts';

/** In-app path of a line's page. */
export function linePath(idContrat: number): string {
  return `${PATHS.mobileLine}/${idContrat}`;
}

/** The idContrat of a line page address, or null when it is not a contract id. */
export function contractIdFrom(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

import { MENU_NONE, type MenuParams } from '@ecare/shared/menu';

const SEGMENT = /^[A-Za-z0-9_-]{1,20}$/;

function segment(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return SEGMENT.test(text) ? text : MENU_NONE;
}

export interface MenuContext {
  accountStatus?: string | null;
  lineStatus?: string | null;
  lineGamme?: number | null;
  fixedLineStatus?: string | null;
}

/** Path segments of the menu call; anything unknown is MENU_NONE ('aucun'). */
export function menuParams(context: MenuContext = {}): MenuParams {
  return {
    statut_cpt_fact: segment(context.accountStatus),
    statut_ligne_mobile: segment(context.lineStatus),
    id_gamme_ligne: segment(context.lineGamme),
    statut_ligne_adsl: segment(context.fixedLineStatus),
  };
}

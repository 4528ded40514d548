import type { LineAction, LineStatus } from '@ecare/shared';

/** How the caller reaches a line: through an account they manage, or as the line's own user. */
export type LineRole = 'GESTIONNAIRE' | 'UTILISATEUR';

/**
 * What each kind of caller may do on a line they reach. A line user reads what they need when
 * their phone is at hand or gone (PUK, RIO) and may block a lost phone at once; changing the SIM
 * card and lifting a suspension belong to the account's manager (decision 016). Who uses a line
 * is the manager's record; whether that person's number is published is theirs to choose too, so
 * a line user may change the directory listing of their own line, and only that (decision 020).
 * Barring roaming or international calls is the company's choice, so the manager's (decision 053).
 */
const ROLE_ACTIONS: Record<LineRole, readonly LineAction[]> = {
  GESTIONNAIRE: ['PUK', 'RIO', 'ACTIVATION_SIM', 'PERTE_OU_VOL', 'RETABLISSEMENT', 'UTILISATEUR', 'ANNUAIRE', 'BARRAGE'],
  UTILISATEUR: ['PUK', 'RIO', 'PERTE_OU_VOL', 'ANNUAIRE'],
};

export function roleMayDo(role: LineRole, action: LineAction): boolean {
  return ROLE_ACTIONS[role].includes(action);
}

/** Whether the line's state allows an action at all, whoever asks. */
export function stateAllows(action: LineAction, line: { codeStatut: LineStatus; suspenduPourPerteOuVol: boolean }): boolean {
  if (line.codeStatut === 'RESILIE') return false;
  if (action === 'PERTE_OU_VOL') return line.codeStatut === 'ACTIF';
  if (action === 'RETABLISSEMENT') return line.suspenduPourPerteOuVol;
  return true;
}

/** The actions the line page offers this caller, in a fixed order. */
export function lineActions(role: LineRole, line: { codeStatut: LineStatus; suspenduPourPerteOuVol: boolean }): LineAction[] {
  return ROLE_ACTIONS[role].filter((action) => stateAllows(action, line));
}

import type { LineStatus } from '@ecare/shared/lines';

export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  ACTIF: 'Active',
  SUSPENDU: 'Suspendue',
  RESILIE: 'Résiliée',
  EN_COURS: 'En cours d’activation',
};

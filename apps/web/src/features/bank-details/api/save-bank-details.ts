import { bankDetailsSavedSchema, type BankDetailsChange, type BankDetailsSaved } from '@ecare/shared/bank-details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bankDetailsPath, bankDetailsQueryOptions } from './get-bank-details.ts';
import { sepaMandateQueryOptions } from './get-sepa-mandate.ts';

/** PUT /api/clients/{idClientBscs}/coordonnees-bancaires: answered as saved, with the mandate now in force. */
export function saveBankDetails(idClientBscs: number, change: BankDetailsChange): Promise<BankDetailsSaved> {
  return apiRequest(bankDetailsPath(idClientBscs), { method: 'PUT', json: change, schema: bankDetailsSavedSchema });
}

export function useSaveBankDetails(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: BankDetailsChange) => saveBankDetails(idClientBscs, change),
    onSuccess: ({ mandat, ...details }) => {
      client.setQueryData(bankDetailsQueryOptions(idClientBscs).queryKey, details);
      client.setQueryData(sepaMandateQueryOptions(idClientBscs).queryKey, mandat);
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchParameters } from './fetch-parameters.ts';

export { fetchParameters };

export const parametersQueryOptions = () =>
  queryOptions({
    queryKey: ['parameters'],
    queryFn: ({ signal }) => fetchParameters(signal),
    staleTime: 5 * 60_000,
  });

export function useParameters() {
  return useQuery(parametersQueryOptions());
}

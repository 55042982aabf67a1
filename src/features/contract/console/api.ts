import type {
  ContractInstrument,
  ContractPosition,
  ContractSettingsInput,
  InsuranceFund,
} from '@common/contract/schema'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** Console calls for perpetuals (/api/admin/contract/*). Nothing here sets a price or closes a position. */

export const adminContractKeys = { root: ['admin', 'contract'] as const }

export const contractInstrumentsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminContractKeys.root, 'instruments'],
    queryFn: ({ signal }) =>
      http.get<ContractInstrument[]>('admin/contract/instruments', undefined, { signal }),
  })

export const insuranceFundQueryOptions = () =>
  queryOptions({
    queryKey: [...adminContractKeys.root, 'insurance'],
    queryFn: ({ signal }) => http.get<InsuranceFund>('admin/contract/insurance', { limit: 50 }, { signal }),
  })

export const userPositionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminContractKeys.root, 'positions', userId],
    queryFn: ({ signal }) =>
      http.get<{ wallet: { available: string; frozen: string }; positions: ContractPosition[] }>(
        'admin/contract/positions',
        { userId },
        { signal, toast: false },
      ),
    enabled: userId !== '',
  })

export const saveContractSettings = (s: ContractSettingsInput) =>
  http.post<ContractInstrument>('admin/contract/settings', s, { loading: true })

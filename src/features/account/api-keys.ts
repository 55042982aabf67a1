import type { ApiKeyCreated, ApiKeyScope, ApiKeyType, ApiKeyView } from '@common/apikey/schema'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** The security centre's API keys (docs/api.md): list, create (second factor), revoke. */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'api-keys'],
    queryFn: ({ signal }) => http.get<ApiKeyView[]>('apikey/list', undefined, { signal }),
  })

export interface ApiKeyCreateBody {
  label: string
  type: ApiKeyType
  scopes: ApiKeyScope[]
  ips: string[]
  publicKey?: string
  googleCode?: string
  emailCode?: string
  smsCode?: string
}

export const apiKeysApi = {
  create: (body: ApiKeyCreateBody, btnLoading: (b: boolean) => void) =>
    http.post<ApiKeyCreated>('apikey/create', body, { loading: true, btnLoading }),
  revoke: (id: string) => http.post('apikey/delete', { id }, { loading: true }),
}

/** The allowlist as typed: addresses or CIDR blocks, separated by commas, spaces or new lines. */
export function splitIps(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

import type { C2cOrder } from '@common/c2c/schema'
import type { AdminOrderDetail, MerchantRow } from '@common/c2c/types'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

export const adminC2cKeys = {
  root: ['admin', 'c2c'] as const,
  appeals: (status: string) => [...adminC2cKeys.root, 'appeals', status] as const,
  orders: (status: string, q: string) => [...adminC2cKeys.root, 'orders', status, q] as const,
  order: (id: string) => [...adminC2cKeys.root, 'order', id] as const,
  merchants: () => [...adminC2cKeys.root, 'merchants'] as const,
}

export const appealsQueryOptions = (status: string) =>
  queryOptions({
    queryKey: adminC2cKeys.appeals(status),
    queryFn: ({ signal }) => http.get<C2cOrder[]>('admin/c2c/appeals', { status }, { toast: false, signal }),
  })
export const adminOrdersQueryOptions = (status: string, q: string) =>
  queryOptions({
    queryKey: adminC2cKeys.orders(status, q),
    queryFn: ({ signal }) =>
      http.get<C2cOrder[]>(
        'admin/c2c/orders',
        { ...(status ? { status } : {}), ...(q ? { q } : {}) },
        { toast: false, signal },
      ),
  })
export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminC2cKeys.order(id),
    queryFn: ({ signal }) =>
      http.get<AdminOrderDetail>(`admin/c2c/order/${id}`, undefined, { toast: false, signal }),
  })
export const merchantsQueryOptions = () =>
  queryOptions({
    queryKey: adminC2cKeys.merchants(),
    queryFn: ({ signal }) =>
      http.get<MerchantRow[]>('admin/c2c/merchants', undefined, { toast: false, signal }),
  })

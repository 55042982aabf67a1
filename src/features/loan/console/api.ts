import type { LoanProduct, LoanStatus } from '@common/loan/schema'
import type { AdminLoan, LoanBook, LoanDetail, VoucherItem } from '@common/loan/types'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** Console calls for loans (/api/admin/loan/*). */
export const adminLoanKeys = { root: ['admin', 'loan'] as const }

export const adminLoansQueryOptions = (status?: LoanStatus) =>
  queryOptions({
    queryKey: [...adminLoanKeys.root, 'orders', status ?? 'all'],
    queryFn: ({ signal }) => http.get<AdminLoan[]>('admin/loan/orders', status ? { status } : {}, { signal }),
  })
export const adminLoanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminLoanKeys.root, 'order', id],
    queryFn: ({ signal }) => http.get<LoanDetail>(`admin/loan/order/${id}`, undefined, { signal }),
  })
export const vouchersQueryOptions = () =>
  queryOptions({
    queryKey: [...adminLoanKeys.root, 'vouchers'],
    queryFn: ({ signal }) =>
      http.get<VoucherItem[]>('admin/loan/repayments', { status: 'pending' }, { signal }),
  })
export const bookQueryOptions = () =>
  queryOptions({
    queryKey: [...adminLoanKeys.root, 'book'],
    queryFn: ({ signal }) => http.get<LoanBook>('admin/loan/book', undefined, { signal }),
  })
export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminLoanKeys.root, 'products'],
    queryFn: ({ signal }) => http.get<LoanProduct[]>('admin/loan/products', undefined, { signal }),
  })
export const holidaysQueryOptions = () =>
  queryOptions({
    queryKey: [...adminLoanKeys.root, 'holidays'],
    queryFn: ({ signal }) =>
      http.get<{ day: string; name: string }[]>('admin/loan/holidays', undefined, { signal }),
  })

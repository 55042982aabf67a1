import type { PayKind } from '@common/c2c/rules'
import { completionRate, isDemoMerchant } from '@common/c2c/rules'
import type { C2cAd, C2cAppeal, C2cMessage, C2cOrder, C2cTrader, PaymentMethod } from '@common/c2c/schema'
import { maskId } from '@common/invite/rules'
import { normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/db'
import type {
  C2cAdTable,
  C2cAppealTable,
  C2cMessageTable,
  C2cOrderTable,
  C2cPaymentTable,
} from '../../db/schema-c2c'
import type { Tx } from '../../ledger/ledger'

export type AdRow = Selectable<C2cAdTable>
export type OrderRow = Selectable<C2cOrderTable>
export type PaymentRow = Selectable<C2cPaymentTable>
export type MessageRow = Selectable<C2cMessageTable>
export type AppealRow = Selectable<C2cAppealTable>

export const fundingOf = (holder: string, asset: string) => ({ holder, account: 'funding', asset })

export function paymentToWire(p: PaymentRow): PaymentMethod {
  return {
    id: String(p.id),
    kind: p.kind,
    name: p.name,
    account: p.account,
    bank: p.bank,
    branch: p.branch,
    qr: p.qr_upload_id,
  }
}

const DAY = 86_400_000

/**
 * Merchants who show the badge: marked by an operator and with identity approved in review
 * (advanced verification). A merchant whose identity is not approved trades without the badge.
 */
export function badgedMerchants(db: Db | Tx) {
  return db
    .selectFrom('c2c_merchant as m')
    .innerJoin('identity as i', 'i.user_id', 'm.user_id')
    .where('i.advanced_status', '=', 'verified')
    .select('m.user_id')
}

/**
 * Of `c2c_ad` rows: the advertiser meets C2C's identity requirement (approved identity when
 * required, else basic details), so the ad is listed and can be taken.
 */
export function eligibleAdvertiser(approvedRequired: boolean) {
  return sql<boolean>`exists (select 1 from identity as gi where gi.user_id = c2c_ad.user_id${
    approvedRequired ? sql` and gi.advanced_status = 'verified'` : sql``
  })`
}

/** Nickname, merchant badge, 30-day completion rate and completed-order count of some users. */
export async function traders(db: Db | Tx, ids: string[], now: number): Promise<Map<string, C2cTrader>> {
  const out = new Map<string, C2cTrader>()
  const uniq = [...new Set(ids)]
  if (uniq.length === 0) return out
  const since = new Date(now - 30 * DAY)
  const [users, merchants, stats] = await Promise.all([
    db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', uniq).execute(),
    badgedMerchants(db).where('m.user_id', 'in', uniq).execute(),
    sql<{ uid: string; completed: number; ended: number }>`
      select u.uid, count(*) filter (where o.status = 'completed')::int as completed,
        count(*) filter (where o.status in ('completed', 'cancelled', 'timeout', 'closed'))::int as ended
      from c2c_order o
      cross join lateral (values (o.buyer_id), (o.seller_id)) as u(uid)
      where u.uid in (select json_array_elements_text(${JSON.stringify(uniq)}::json))
        and o.created_at >= ${since}
      group by u.uid`.execute(db),
  ])
  const m = new Set(merchants.map((r) => r.user_id))
  const s = new Map(stats.rows.map((r) => [r.uid, r]))
  for (const u of users) {
    const st = s.get(u.id)
    out.set(u.id, {
      id: u.id,
      handle: maskId(u.id),
      demo: isDemoMerchant(u.id),
      nickname: u.nickname,
      merchant: m.has(u.id),
      completion: completionRate(st?.completed ?? 0, st?.ended ?? 0),
      orders30: st?.completed ?? 0,
    })
  }
  return out
}

const unknownTrader = (id: string): C2cTrader => ({
  id,
  handle: maskId(id),
  demo: isDemoMerchant(id),
  nickname: '',
  merchant: false,
  completion: null,
  orders30: 0,
})

export function adToWire(
  a: AdRow,
  o: { precision: number; trader?: C2cTrader; openOrders: number; me: string | null },
): C2cAd {
  const remaining = normalize(a.remaining)
  return {
    id: String(a.id),
    side: a.side,
    coin: a.coin,
    fiat: a.fiat,
    price: normalize(a.price),
    total: normalize(a.total),
    remaining,
    minAmount: normalize(a.min_amount),
    maxAmount: normalize(a.max_amount),
    payKinds: a.pay_kinds as PayKind[],
    payWindow: a.pay_window,
    remark: a.remark,
    status: a.status,
    inTrade: a.status === 'online' && remaining === '0' && o.openOrders > 0,
    openOrders: o.openOrders,
    precision: o.precision,
    advertiser: o.trader ?? unknownTrader(a.user_id),
    mine: o.me === a.user_id,
    createdAt: toMillisOrNull(a.created_at) ?? 0,
  }
}

export function appealToWire(a: AppealRow): C2cAppeal {
  return {
    openedBy: a.opened_by,
    content: a.content,
    evidence: (a.evidence as string[]) ?? [],
    status: a.status,
    outcome: a.outcome,
    reason: a.reason,
    suggestion:
      a.suggest_to_buyer !== null
        ? {
            toBuyer: normalize(a.suggest_to_buyer),
            reason: a.suggest_reason ?? '',
            buyer: a.buyer_accept,
            seller: a.seller_accept,
          }
        : null,
    createdAt: toMillisOrNull(a.created_at) ?? 0,
  }
}

export function orderToWire(
  o: OrderRow,
  x: {
    role: 'buyer' | 'seller' | 'staff'
    buyer?: C2cTrader
    seller?: C2cTrader
    appeal: AppealRow | null
    unread: number
    advertiserId: string
  },
): C2cOrder {
  return {
    id: String(o.id),
    adId: String(o.ad_id),
    coin: o.coin,
    fiat: o.fiat,
    price: normalize(o.price),
    quantity: normalize(o.quantity),
    amount: normalize(o.amount),
    status: o.status,
    role: x.role,
    buyer: x.buyer ?? unknownTrader(o.buyer_id),
    seller: x.seller ?? unknownTrader(o.seller_id),
    advertiserSide: x.advertiserId === o.buyer_id ? 'buyer' : 'seller',
    advertiserId: x.advertiserId,
    payWindow: o.pay_window,
    expiresAt: toMillisOrNull(o.expires_at) ?? 0,
    paidAt: toMillisOrNull(o.paid_at),
    doneAt: toMillisOrNull(o.done_at),
    proof: o.proof_upload_id,
    payment: (o.payment as PaymentMethod[]) ?? [],
    appeal: x.appeal ? appealToWire(x.appeal) : null,
    settledToBuyer: o.settled_to_buyer === null ? null : normalize(o.settled_to_buyer),
    unread: x.unread,
    createdAt: toMillisOrNull(o.created_at) ?? 0,
    updatedAt: toMillisOrNull(o.updated_at) ?? 0,
  }
}

export function messageToWire(m: MessageRow): C2cMessage {
  return {
    id: String(m.id),
    orderId: String(m.order_id),
    from: m.sender,
    body: m.body,
    image: m.image_upload_id,
    createdAt: toMillisOrNull(m.created_at) ?? 0,
  }
}

import { DEFAULT_LANG, LANG_CODES } from '@common/i18n/languages'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { bandOf, OPTION_TYPES, type OptionResult, resultOf } from '@common/option/rules'
import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/db'
import { type EntrySetResult, postEntrySet } from '../../ledger/bulk'
import type { Tx } from '../../ledger/ledger'
import type { OptionDesk } from './desk'
import { ASSET } from './pool'
import { optionPushText } from './push-texts'
import { lockPool } from './repo'
import { finishRound, firstPriceFrom, lockRound, priceAt, type RoundRow } from './round-repo'

/**
 * Set-based settlement of one round: a handful of statements whatever its number of orders.
 * Runs inside the settling transaction, which holds the pool lock and the round's row lock.
 *
 * 1. claim: one UPDATE switches every order still waiting to settled, with its outcome and payout
 *    computed from the round's result and the order's own rate (settled_at = the transaction's
 *    timestamp), and keeps the claimed orders in a temporary table of the transaction;
 * 2. ledger: one entry set (postEntrySet, two statements) posts each claimed order's entry, the
 *    same bookkeeping as a single posting would: a win moves the principal from frozen back to
 *    available plus the profit from the pool; a loss moves the principal to the pool; a void round
 *    returns the principal and, in a second entry, the fee. The pool's balance changes once, by
 *    the round's net, and may not end below zero;
 * 3. after the commit, notifications: one INSERT of every order's in-app notification, in every
 *    language, its texts built once per distinct amount (notifyRound).
 *
 * Exactly once: an order is claimed only while waiting, in the transaction that writes its
 * entries; a second settlement of the round finds nothing waiting.
 */

/** Rounds are settled this long after their delivery second (the recorder flushes every second). */
export const SETTLE_DELAY_MS = 1500

/**
 * The settling transaction of one round (OptionService.settleRoundTx): null when the round is
 * settled already or its delivery second (plus the recorder's delay) has not passed.
 */
export function settleInTx(
  svc: OptionDesk,
  roundId: string,
): Promise<{ result: OptionResult | 'void'; orders: number; round: RoundRow } | null> {
  return svc.db.transaction().execute(async (trx) => {
    await lockPool(trx)
    const round = await lockRound(trx, roundId)
    if (!round || round.status === 'settled' || round.status === 'void') return null
    const deliverySec = Number(round.delivery_at)
    if (Math.floor((svc.now() - SETTLE_DELAY_MS) / 1000) <= deliverySec) return null
    const open = await priceAt(trx, round.symbol, Number(round.start_at))
    let close = await priceAt(trx, round.symbol, deliverySec)
    // No index at delivery (live mode, the index was stale): the round waits for the first fresh
    // index within the configured wait, and is void (refunded) after it. Never settled on a guess.
    const waitS = Math.ceil(svc.indexWaitMs() / 1000)
    if (open && !close && waitS > 0) {
      close = await firstPriceFrom(trx, round.symbol, deliverySec, deliverySec + waitS)
      if (!close && Math.floor(svc.now() / 1000) <= deliverySec + waitS) return null
    }
    const band = open ? bandOf(open.price, round.band_rate, round.price_precision) : null
    const result: OptionResult | 'void' =
      open && close && band !== null ? resultOf(open.price, close.price, band) : 'void'
    const orders = await claimOrders(trx, round.id, result)
    if (orders) {
      // The entry set sorts every posting (running balances, per-balance totals): in memory, not
      // in temporary files, for this transaction only.
      await sql`set local work_mem = '64MB'`.execute(trx)
      await postClaimed(trx, ASSET)
    }
    const finished = await finishRound(trx, round.id, { open, close, band, result })
    return { result, orders, round: finished }
  })
}

/**
 * The orders this transaction claimed, kept apart for the statements that post them: a temporary
 * table of the transaction (dropped at its end, written without WAL), read whole by each of them
 * instead of finding the claimed rows again among the round's old and new row versions.
 */
const CLAIMED = sql.raw('option_claimed')
/** The texts of a round's notifications (notifyRound), per key and per key and language. */
const TEXT = sql.raw('option_notice_text')
const LINE = sql.raw('option_notice_line')
const claimed = sql`select id, holder, type, amount, fee, outcome, payout from ${CLAIMED}`

/** Claims every waiting order of the round with its outcome and payout; returns how many. */
export async function claimOrders(trx: Tx, roundId: string, result: OptionResult | 'void'): Promise<number> {
  await sql`create temporary table ${CLAIMED} (id bigint not null, holder text not null, type text not null,
    amount numeric not null, fee numeric not null, outcome text not null, payout numeric not null) on commit drop`.execute(
    trx,
  )
  const r = await sql<{ n: number }>`
    with claimed as (
    update option_order set status = 'settled', settled_at = now(),
      outcome = case when ${result}::text = 'void' then 'void' when type = ${result}::text then 'win' else 'lose' end,
      payout = case when ${result}::text = 'void' then amount + fee
        when type = ${result}::text then amount + trunc(amount * greatest(rate, 0), 8) else 0 end
    where round_id = ${roundId}::bigint and status = 'waiting'
    returning id, holder, type, amount, fee, outcome, payout),
    kept as (
    insert into ${CLAIMED} (id, holder, type, amount, fee, outcome, payout)
    select id, holder, type, amount, fee, outcome, payout from claimed
    returning 1)
    select count(*)::int as n from kept`.execute(trx)
  const n = Number(r.rows[0]?.n ?? 0)
  // Statistics for the planner of the entry set (an unanalysed table looks nearly empty to it).
  if (n) await sql`analyze ${CLAIMED}`.execute(trx)
  return n
}

/** Entry keys: 2 x order id for the settlement, + 1 for a void round's fee refund. */
function entries(): RawBuilder<unknown> {
  return sql`
    select o.id * 2 as ord, 'option_settlement' as reason, 'option_order' as ref_type, o.id::text as ref_id,
      case when o.outcome = 'void' then 'void round: principal returned' else '' end as memo, null as actor_id
    from (${claimed}) o
    union all
    select o.id * 2 + 1, 'option_fee', 'option_order', o.id::text, 'void round: fee returned', null
    from (${claimed}) o
    where o.outcome = 'void' and o.fee <> 0`
}

function postings(asset: string): RawBuilder<unknown> {
  const sys = SYSTEM_HOLDER
  return sql`
    select o.id * 2 + v.k as ord, v.seq, v.holder, v.account, ${asset}::text as asset, v.bucket, v.amount
    from (${claimed}) o
    cross join lateral (values
      (0, 0, o.holder, 'option', 'frozen', -o.amount),
      (0, 1, o.holder, 'option', 'available',
        case o.outcome when 'win' then o.payout when 'void' then o.amount else 0 end),
      (0, 2, ${sys}::text, 'option_pool', 'available',
        case o.outcome when 'win' then o.amount - o.payout when 'lose' then o.amount else 0 end),
      (1, 0, ${sys}::text, 'fees', 'available', case o.outcome when 'void' then -o.fee else 0 end),
      (1, 1, o.holder, 'option', 'available', case o.outcome when 'void' then o.fee else 0 end)
    ) as v(k, seq, holder, account, bucket, amount)`
}

/** Posts the ledger entries of the orders this transaction claimed. */
export function postClaimed(trx: Tx, asset: string): Promise<EntrySetResult> {
  return postEntrySet(trx, {
    entries: entries(),
    postings: postings(asset),
    nonNegative: [{ holder: SYSTEM_HOLDER, account: 'option_pool', asset }],
  })
}

/**
 * The notification texts of one (outcome, type) in every language, as JSON text where only
 * {amount} and {payout} are left to fill in per order.
 */
export function textTemplates(round: {
  symbol: string
  open_price: string | null
  close_price: string | null
}): { outcome: string; type: string; tpl: string }[] {
  const out: { outcome: string; type: string; tpl: string }[] = []
  for (const outcome of ['win', 'lose', 'void'] as const)
    for (const type of OPTION_TYPES) {
      const body = outcome === 'win' ? 'bodyWin' : outcome === 'lose' ? 'bodyLose' : 'bodyVoid'
      const texts = Object.fromEntries(
        LANG_CODES.map((lang) => {
          const values = {
            symbol: round.symbol,
            open: round.open_price ?? '',
            close: round.close_price ?? '',
            type: optionPushText(lang, type),
          }
          return [
            lang,
            { title: optionPushText(lang, 'title', values), body: optionPushText(lang, body, values) },
          ]
        }),
      )
      out.push({ outcome, type, tpl: JSON.stringify(texts) })
    }
  return out
}

/**
 * One in-app notification per order of a settled round (written after the settlement commits,
 * so the settling transaction does not hold the pool lock for them), stored in every app language
 * (the inbox reads in the reader's language); title and body in the language of the holder's most
 * recently subscribed device, as PushService.notify writes them. Returns how many.
 *
 * Set-based, in one transaction of its own: the texts are built once per distinct (outcome, type,
 * amount, payout) of the round (a round's orders share a few amounts: hundreds of documents, not
 * one per order) into a temporary table, where they are stored compressed once; the notifications
 * are then one INSERT that joins every order to its texts, which copies the compressed value
 * rather than compressing a copy per order (most of the cost of this many rows). Title and body
 * come from a second small table of the same texts per language.
 */
export async function notifyRound(
  db: Db,
  round: { id: string; symbol: string; open_price: string | null; close_price: string | null },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`create temporary table ${TEXT} (outcome text, type text, amount numeric, payout numeric,
      texts jsonb not null, primary key (outcome, type, amount, payout)) on commit drop`.execute(trx)
    await sql`create temporary table ${LINE} (outcome text, type text, amount numeric, payout numeric,
      lang text, title text not null, body text not null, primary key (outcome, type, amount, payout, lang))
      on commit drop`.execute(trx)
    await sql`
      insert into ${TEXT} (outcome, type, amount, payout, texts)
      select k.outcome, k.type, k.amount, k.payout,
        replace(replace(t.tpl, '{amount}', trim_scale(k.amount)::text), '{payout}',
          trim_scale(k.payout)::text)::jsonb
      from (select distinct outcome, type, amount, payout from option_order
            where round_id = ${round.id}::bigint and status = 'settled') k
      join json_to_recordset(${JSON.stringify(textTemplates(round))}::json) as t(outcome text, type text, tpl text)
        on t.outcome = k.outcome and t.type = k.type`.execute(trx)
    await sql`
      insert into ${LINE} (outcome, type, amount, payout, lang, title, body)
      select t.outcome, t.type, t.amount, t.payout, l.lang, t.texts -> l.lang ->> 'title', t.texts -> l.lang ->> 'body'
      from ${TEXT} t cross join json_array_elements_text(${JSON.stringify(LANG_CODES)}::json) as l(lang)`.execute(
      trx,
    )
    await sql`analyze ${TEXT}`.execute(trx)
    await sql`analyze ${LINE}`.execute(trx)
    const r = await sql<{ n: number }>`
      with written as (
      insert into notification (user_id, title, body, texts)
      select o.holder, coalesce(l.title, d.title), coalesce(l.body, d.body), t.texts
      from option_order o
      join ${TEXT} t on t.outcome = o.outcome and t.type = o.type and t.amount = o.amount and t.payout = o.payout
      join ${LINE} d on d.outcome = o.outcome and d.type = o.type and d.amount = o.amount and d.payout = o.payout
        and d.lang = ${DEFAULT_LANG}::text
      left join lateral (
        select lang from push_subscription where user_id = o.holder order by created_at desc, id desc limit 1
      ) s on true
      left join ${LINE} l on l.outcome = o.outcome and l.type = o.type and l.amount = o.amount
        and l.payout = o.payout and l.lang = s.lang
      where o.round_id = ${round.id}::bigint and o.status = 'settled'
        and exists (select 1 from users u where u.id = o.holder)
      order by o.id
      returning 1)
      select count(*)::int as n from written`.execute(trx)
    return Number(r.rows[0]?.n ?? 0)
  })
}

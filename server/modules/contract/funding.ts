import { fundingPayments, fundingRate, lastFundingAt } from '@common/contract/funding'
import type { FundingRound } from '@common/contract/schema'
import { add, gt, isNegative, mul, neg } from '@common/money/decimal'
import { move } from '../../ledger/ledger'
import { CLEARING, INSURANCE, posKey } from './model'
import { lockFor } from './pass'
import type { ContractService } from './service'
import { charge } from './settlement'

/**
 * One funding round of a symbol at funding time `ts` (common/contract/funding.ts has the
 * formula), its rate from the premium samples of the interval that ends at `ts`: the scheduler pays
 * at a funding time, so that is the interval just finished (stored under slot ts - 8 h), not the
 * one starting; the dev hook pays at an arbitrary ms, so the current interval so far.
 *
 * Idempotent: the round row is unique per (symbol, ts) and is claimed first, in the same
 * transaction as the payments, so a second run (another start, a retry) does nothing.
 *
 * Bookkeeping: payers pay into the contract_clearing account and receivers are paid from it in
 * the same transaction (reason contract_funding), so it passes through at zero; the rounding dust
 * goes to the insurance fund. A payer whose available balance is short pays from position margin
 * (cross margin); beyond the whole balance the insurance fund pays, as for a loss.
 */
export async function runFunding(
  svc: ContractService,
  symbol: string,
  ts: number,
): Promise<FundingRound | null> {
  await svc.init()
  const inst = svc.inst(symbol)
  const mark = svc.mark(symbol)
  if (!mark) return null
  // A stale index (live mode): the round waits for a fresh one; after the configured wait the
  // interval is skipped, claimed with rate 0 and nothing paid. Never paid at an old price.
  const skip = svc.indexStale(symbol)
  if (skip && Date.now() - ts <= svc.fundingWaitMs()) return null
  return svc.exclusive(() =>
    svc.transact(async (pass) => {
      if (skip) {
        const row = await pass.trx
          .insertInto('contract_funding_round')
          .values({ symbol, ts: String(ts), rate: '0', mark_price: mark, samples: 0 })
          .onConflict((oc) => oc.columns(['symbol', 'ts']).doNothing())
          .returning('id')
          .executeTakeFirst()
        return row ? { id: String(row.id), symbol, rate: '0', markPrice: mark, ts } : null
      }
      // The samples of the interval that ends at ts (the one holding the instant before it): at a
      // funding time that is the interval just finished (slot ts - 8 h), not the one starting.
      const samples = await svc.samplesOf(pass.trx, symbol, lastFundingAt(ts - 1))
      const rate = fundingRate(samples, inst.rawTiers[0]?.mmr ?? '0.004')
      const claimed = await pass.trx
        .insertInto('contract_funding_round')
        .values({
          symbol,
          ts: String(ts),
          rate,
          mark_price: mark,
          samples: samples.length,
        })
        .onConflict((oc) => oc.columns(['symbol', 'ts']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!claimed) return null
      const positions = svc.positionsOn(symbol)
      await lockFor(
        svc,
        pass,
        positions.map((p) => p.holder),
      )
      const { lines, dust } = fundingPayments(
        positions.map((p) => ({
          key: posKey(p.holder, p.symbol, p.side),
          side: p.side,
          qty: mul(p.lots, inst.lotSize),
        })),
        rate,
        mark,
        6,
      )
      const ref = `${symbol}@${ts}`
      const rows = []
      // Payers first, so the clearing account holds what the receivers are paid.
      const ordered = [...lines].sort(
        (a, b) => (isNegative(a.amount) ? 0 : 1) - (isNegative(b.amount) ? 0 : 1),
      )
      for (const l of ordered) {
        const p = svc.positions.get(l.key)
        if (!p) continue
        if (isNegative(l.amount))
          charge(svc, pass, p.holder, neg(l.amount), CLEARING, 'contract_funding', ref, true)
        else
          pass.ledger.post({
            reason: 'contract_funding',
            refType: 'contract_funding',
            refId: ref,
            postings: move(CLEARING, { holder: p.holder, account: 'contract', asset: 'USDT' }, l.amount),
          })
        const cur = svc.positions.get(l.key) ?? p
        svc.positions.set(l.key, { ...cur, funding: add(cur.funding, l.amount), updated_at: pass.now })
        pass.positions.add(l.key)
        pass.holders.add(p.holder)
        rows.push({
          round_id: String(claimed.id),
          holder: p.holder,
          symbol,
          side: p.side,
          lots: p.lots,
          rate,
          mark_price: mark,
          amount: l.amount,
          created_at: pass.now,
        })
      }
      if (gt(dust, '0'))
        pass.ledger.post({
          reason: 'contract_funding',
          refType: 'contract_funding',
          refId: ref,
          memo: 'funding rounding dust',
          postings: move(CLEARING, INSURANCE, dust),
        })
      else if (isNegative(dust))
        pass.ledger.post({
          reason: 'contract_funding',
          refType: 'contract_funding',
          refId: ref,
          memo: 'funding rounding dust',
          postings: move(INSURANCE, CLEARING, neg(dust)),
        })
      if (rows.length) await pass.trx.insertInto('contract_funding_payment').values(rows).execute()
      return { id: String(claimed.id), symbol, rate, markPrice: mark, ts }
    }),
  )
}

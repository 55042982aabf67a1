import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Address, formatUnits, getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Anvil,
  DEV_KEYS,
  deployToken,
  sendToken,
  startAnvil,
  tokenBalance,
} from '../../../scripts/chain/anvil'
import type { EvmChainConfig } from '../../../server/chain-config'
import { readBalances } from '../../../server/ledger/ledger'
import { ChainJobs } from '../../../server/modules/assets/chain/jobs'
import { ChainPayer } from '../../../server/modules/assets/chain/payouts'
import { hotWalletBalance } from '../../../server/platform/metrics/registry'
import { api, registerEmail, TRADE } from '../accounts/helpers'
import { readyStaff } from '../admin/helpers'
import { expectSound } from '../assets/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { chainConfig, chainSkipReason } from './setup'

const skip = chainSkipReason()
if (skip) console.warn(skip)

const HOT = privateKeyToAccount(DEV_KEYS[1]).address
const USDT = 1_000_000n

describe.skipIf(skip !== null).each(backends)('withdrawals paid by the hot wallet (%s)', (backend) => {
  let a: Anvil
  let h: Harness
  let token: Address
  let cfg: EvmChainConfig
  let user: { token: string; userId: string }
  let keyFile: string
  let n = 0
  const nextRecipient = () => getAddress(`0x${(0xbeef00 + ++n).toString(16).padStart(40, '0')}`)

  beforeAll(async () => {
    a = await startAnvil()
    token = await deployToken(a)
    await sendToken(a, token, HOT, 1000n * USDT)
    keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hot-')), 'key')
    fs.writeFileSync(keyFile, DEV_KEYS[1], { mode: 0o600 })
    cfg = chainConfig(a, token, {
      confirmations: 2,
      hotWallet: { keyFile },
      autoWithdrawLimit: { USDT: '2000' },
    })
    h = await startHarness(backend, { chains: [cfg], authRateLimitPerMinute: 100_000 })
    user = await registerEmail(h.app, h.db)
    expect(
      (
        await api(h.app).post(
          'dev/credit',
          { asset: 'USDT', amount: '10000', account: 'funding' },
          user.token,
        )
      ).code,
    ).toBe(200)
  })

  afterAll(async () => {
    await a?.client.setAutomine(true).catch(() => undefined)
    await h?.close()
    await a?.stop()
  })

  const withdraw = async (address: string, amount: string, book = true) => {
    if (book) {
      const b = await api(h.app).post(
        'assets/address-book/save',
        { coin: 'USDT', chain: 'ERC20', address, remark: 'me' },
        user.token,
      )
      expect(b.code, b.msg).toBe(200)
    }
    const r = await api(h.app).post<{ id: string; status: string }>(
      'assets/withdraw',
      { coin: 'USDT', chain: 'ERC20', address, amount, tradePassword: TRADE },
      user.token,
    )
    expect(r.code, r.msg).toBe(200)
    return r.data
  }
  const status = async (id: string) =>
    await h.db
      .selectFrom('withdrawal')
      .select(['status', 'tx_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const hotNonce = () => a.client.getTransactionCount({ address: HOT, blockTag: 'pending' })

  it('an operator approves; the signer signs, broadcasts, and after N confirmations the ledger and the chain agree', async () => {
    const to = nextRecipient()
    const w = await withdraw(to, '50', false) // not in the address book: waits for an operator
    expect(w.status).toBe('pending')
    const staff = await readyStaff(h.app, h.db, 'operator')
    const ap = await api(h.app).post('admin/withdrawals/approve-chain', { withdrawalId: w.id }, staff.token)
    expect(ap.code, ap.msg).toBe(200)
    expect((await status(w.id)).status).toBe('approved')
    const payer = new ChainPayer(h.db, cfg)
    expect((await payer.pass()).broadcast).toBe(1)
    const s1 = await status(w.id)
    expect(s1.status).toBe('broadcast')
    expect(s1.tx_hash).toMatch(/^0x[0-9a-f]{64}$/)
    await payer.pass()
    expect((await status(w.id)).status).toBe('confirmed')
    await a.client.mine({ blocks: 2 })
    expect((await payer.pass()).succeeded).toBe(1)
    expect((await status(w.id)).status).toBe('success')
    expect(await tokenBalance(a, token, to)).toBe(45n * USDT) // 50 less the 5 USDT fee
    const [bal] = await readBalances(h.db, user.userId, { account: 'funding', asset: 'USDT' })
    expect(bal).toMatchObject({ available: '9950', frozen: '0' })
    await expectSound(h.db)
  })

  it('a stop between signing and broadcasting, then a restart: exactly one transaction on chain', async () => {
    const to = nextRecipient()
    const before = await hotNonce()
    const w = await withdraw(to, '30')
    expect(w.status).toBe('approved') // address book, under the automatic limit
    await expect(new ChainPayer(h.db, cfg, undefined, { crashAfterSign: true }).pass()).rejects.toThrow(
      /test hook/,
    )
    expect((await status(w.id)).status).toBe('signed')
    expect(await hotNonce()).toBe(before) // nothing sent yet
    const restarted = new ChainPayer(h.db, cfg)
    await restarted.pass()
    await restarted.pass()
    await a.client.mine({ blocks: 2 })
    await restarted.pass()
    expect((await status(w.id)).status).toBe('success')
    expect(await hotNonce()).toBe(before + 1)
    expect(await tokenBalance(a, token, to)).toBe(25n * USDT)
  })

  it('a stuck transaction is replaced with a higher fee under the same nonce; one payment', async () => {
    const to = nextRecipient()
    const before = await hotNonce()
    await a.client.setAutomine(false)
    const w = await withdraw(to, '40')
    await new ChainPayer(h.db, cfg).pass() // broadcast, not mined
    const first = await status(w.id)
    expect(first.status).toBe('broadcast')
    const r = await new ChainPayer(h.db, cfg, undefined, { stuckMs: 0 }).pass()
    expect(r.replaced).toBe(1)
    const txs = await h.db
      .selectFrom('chain_tx')
      .selectAll()
      .where('withdrawal_id', '=', w.id)
      .orderBy('id')
      .execute()
    expect(txs).toHaveLength(2)
    expect(txs[0]?.nonce).toBe(txs[1]?.nonce)
    expect(BigInt(txs[1]?.max_fee ?? 0)).toBeGreaterThan(BigInt(txs[0]?.max_fee ?? 0))
    await a.client.mine({ blocks: 1 })
    await a.client.setAutomine(true)
    const payer = new ChainPayer(h.db, cfg)
    await payer.pass()
    await a.client.mine({ blocks: 2 })
    await payer.pass()
    const done = await status(w.id)
    expect(done.status).toBe('success')
    expect(done.tx_hash).toBe(txs[1]?.hash)
    const after = await h.db
      .selectFrom('chain_tx')
      .select(['hash', 'status'])
      .where('withdrawal_id', '=', w.id)
      .orderBy('id')
      .execute()
    expect(after.map((t) => t.status)).toEqual(['replaced', 'confirmed'])
    expect(await hotNonce()).toBe(before + 1)
    expect(await tokenBalance(a, token, to)).toBe(35n * USDT)
  })

  it('waits as queued, with an alert, while the hot wallet cannot pay', async () => {
    const w = await withdraw(nextRecipient(), '1500')
    await new ChainPayer(h.db, cfg).pass()
    expect((await status(w.id)).status).toBe('queued')
    const alert = await h.db.selectFrom('chain_alert').selectAll().where('ref', '=', w.id).executeTakeFirst()
    expect(alert?.kind).toBe('hot_wallet_low')
    await sendToken(a, token, HOT, 1000n * USDT) // the operator tops the hot wallet up
    await new ChainPayer(h.db, cfg).pass()
    expect((await status(w.id)).status).toBe('broadcast')
    await expectSound(h.db)
  })

  it('the console chain page: hot wallet balance, withdrawals on their way, alerts (acknowledged, audited), CSV of deposit addresses', async () => {
    const staff = await readyStaff(h.app, h.db, 'operator')
    const dep = await api(h.app).get<{ address: string }>(
      'assets/deposit/address',
      { coin: 'USDT', chain: 'ERC20' },
      user.token,
    )
    await sendToken(a, token, dep.data.address, 12n * USDT)
    const page = await api(h.app).get<
      {
        chain: string
        hotWallet: { address: string; balances: Record<string, string> }
        withdrawals: { status: string }[]
        alerts: { id: string; kind: string }[]
      }[]
    >('admin/chains', {}, staff.token)
    expect(page.code, page.msg).toBe(200)
    const c = page.data[0]
    expect(c?.hotWallet.address).toBe(HOT)
    expect(Number(c?.hotWallet.balances.USDT)).toBe(Number((await tokenBalance(a, token, HOT)) / USDT))
    expect(c?.withdrawals.map((w) => w.status)).toContain('broadcast')
    const alert = c?.alerts.find((x) => x.kind === 'hot_wallet_low')
    expect(alert).toBeDefined()
    const ack = await api(h.app).post('admin/chains/alerts/ack', { id: alert?.id }, staff.token)
    expect(ack.code, ack.msg).toBe(200)
    const again = await api(h.app).post('admin/chains/alerts/ack', { id: alert?.id }, staff.token)
    expect(again.code).not.toBe(200)
    const csv = await h.app.inject({
      method: 'GET',
      url: '/api/admin/chains/balances.csv?chain=ERC20',
      headers: { authorization: `Bearer ${staff.token}` },
    })
    expect(csv.headers['content-type']).toMatch(/text\/csv/)
    expect(csv.body.split('\n')[0]).toBe('address,path,user_id,ETH,USDT')
    expect(csv.body).toContain(`${dep.data.address},0/`)
    expect(csv.body).toMatch(new RegExp(`${dep.data.address},0/\\d+,${user.userId},0,12\n`))
  })
  it('the chain runner publishes the hot wallet balance (exchange_hot_wallet_balance), dropped when it stops', async () => {
    const series = async () =>
      Object.fromEntries(
        (await hotWalletBalance.get()).values
          .filter((v) => v.labels.chain === 'ERC20')
          .map((v) => [String(v.labels.asset), v.value]),
      )
    const jobs = new ChainJobs(h.db, { warn: () => undefined, info: () => undefined }, [cfg]).start()
    try {
      const onChain = async () => Number(formatUnits(await tokenBalance(a, token, HOT), 6))
      await expect
        .poll(async () => (await series()).USDT === (await onChain()), { timeout: 15_000 })
        .toBe(true)
      expect((await series()).ETH).toBeGreaterThan(0)
    } finally {
      await jobs.stop()
    }
    expect(await series()).toEqual({})
  })
})

import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test'
import { type Address, getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  type Anvil,
  anvilBinary,
  DEV_KEYS,
  deployToken,
  sendToken,
  startAnvil,
} from '../../scripts/chain/anvil'
import { XPUB } from '../../scripts/chain/dev-keys'
import { apiCall, readyOperator, registerByApi, TRADE } from './helpers'

/*
 * Issue 39 in the browser: a local EVM node (anvil) with the test token, and a server of its own
 * (this spec's port and DATA_DIR; the shared e2e server has no chain) watching it with N = 3. The
 * recharge screen shows the user's derived address; a transfer to it shows as pending k / N, then
 * the balance is credited. Then the console's Chains page and screenshots (390x844) of both screens
 * in tw, en and de, light and dark. Blocks are mined by the test (no block time), so k is exact.
 */

const PORT = Number(process.env.E2E_CHAIN_PORT || 4391)
const BASE = `http://localhost:${PORT}/`
const USDT = 1_000_000n
const N = 3
const HOT = privateKeyToAccount(DEV_KEYS[1]).address

const missing = (() => {
  const b = anvilBinary()
  return 'missing' in b ? `chain browser test skipped: ${b.missing}` : null
})()

test.describe.configure({ mode: 'serial' })
test.use({ baseURL: BASE })

let anvil: Anvil
let token: Address
let server: ChildProcess | null = null
let dataDir = ''
let api: APIRequestContext
let logTail = ''

async function waitHealthy(ms: number): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (server?.exitCode !== null)
      throw new Error(`chain e2e server exited (${server?.exitCode}):\n${logTail}`)
    const ok = await fetch(`${BASE}api/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`chain e2e server not healthy after ${ms} ms:\n${logTail}`)
}

test.beforeAll(async () => {
  test.skip(missing !== null, missing ?? '')
  // Start-up (migrations, a day of candles) on a fresh PGlite takes 20 s idle, minutes on a loaded machine.
  test.setTimeout(300_000)
  anvil = await startAnvil()
  token = await deployToken(anvil)
  // The hot wallet holds 50 USDT and a little ETH for gas (anvil's second account has plenty).
  await sendToken(anvil, token, HOT, 50n * USDT)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-chain-'))
  const keyFile = path.join(dataDir, 'hot.key')
  fs.writeFileSync(keyFile, DEV_KEYS[1], { mode: 0o600 })
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: path.join(dataDir, 'data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      STATIC_DIR: process.env.E2E_STATIC_DIR || 'dist',
      DATABASE_URL: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      BACKFILL_DAYS: '1',
      METRICS_PORT: String(PORT + 1),
      RPC_URL_ERC20: anvil.url,
      CHAIN_ERC20_XPUB: XPUB,
      CHAIN_ERC20_CONFIRMATIONS: String(N),
      CHAIN_ERC20_TOKENS: `USDT:${token}:6:1`,
      CHAIN_ERC20_NATIVE: 'ETH:0.001',
      CHAIN_ERC20_HOT_KEY_FILE: keyFile,
      CHAIN_ERC20_AUTO_WITHDRAW_LIMIT: 'USDT:10000',
      CHAIN_ERC20_POLL_MS: '500',
      CHAIN_ERC20_START_BLOCK: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (b: Buffer) => {
    logTail = (logTail + b.toString()).slice(-4000)
  }
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)
  await waitHealthy(280_000)
  api = await request.newContext({ baseURL: BASE })
})

test.afterAll(async () => {
  await api?.dispose()
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r))
    server.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
    if (server.exitCode === null) server.kill('SIGKILL')
  }
  await anvil?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

async function signIn(page: Page, userToken: string, lang = 'en', theme = 'light') {
  await page.addInitScript(
    ([tk, lg, th]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('lang', JSON.stringify(lg))
        localStorage.setItem('theme', JSON.stringify(th))
        localStorage.setItem('token', JSON.stringify(tk))
        sessionStorage.setItem('seeded', '1')
      }
    },
    [userToken, lang, theme],
  )
}

/** Another language or theme for the page already open (read at start-up), then the screen again. */
async function restyle(page: Page, lang: string, theme: string) {
  await page.evaluate(
    ([lg, th]) => {
      localStorage.setItem('lang', JSON.stringify(lg))
      localStorage.setItem('theme', JSON.stringify(th))
    },
    [lang, theme],
  )
  await page.reload()
}

const mine = (blocks: number) => anvil.client.mine({ blocks })

test('the recharge screen: the derived address, then pending k / N, then the credited balance', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const user = await registerByApi(api, 'chain')
  const { address } = await apiCall<{ address: string; watched: boolean }>(
    api,
    'get',
    'assets/deposit/address',
    { coin: 'USDT', chain: 'ERC20' },
    user.token,
  )
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await signIn(page, user.token)
  await page.goto('./#/pages/assets/recharge?coin=USDT')
  await expect(page.getByTestId('deposit-address')).toHaveText(address)
  await expect(page.getByRole('button', { name: 'ERC20' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText(`credited by itself after ${N} network confirmations`)).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code of the deposit address' })).toBeVisible()

  // The transfer's own block is its first confirmation.
  await sendToken(anvil, token, address, 25n * USDT)
  const pending = page.getByTestId('chain-pending')
  await expect(pending).toContainText('25', { timeout: 15_000 })
  await expect(pending).toContainText(`1 / ${N} confirmations`)
  await mine(1)
  await expect(pending).toContainText(`2 / ${N} confirmations`, { timeout: 15_000 })
  await mine(1)
  // N confirmations: credited once, the list empties, the records and the balance are read again.
  await expect(pending).toBeHidden({ timeout: 15_000 })
  const records = page.getByRole('list', { name: 'Deposit records' })
  await expect(records.getByText('Credited')).toBeVisible()
  await expect(records).toContainText('25')
  await page.goto('./#/pages/assets/index')
  await expect(page.getByTestId('total-usdt')).toHaveText(/^25(\.0+)?$/)
})

test('the console Chains page, the hot wallet metric, and screenshots in tw, en and de, light and dark', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // Withdrawals (fee 5): one the hot wallet pays (25 leave it; mined: confirming), one it cannot
  // (queued, with an alert).
  const user = await registerByApi(api, 'chainshot')
  await apiCall(api, 'post', 'dev/credit', { asset: 'USDT', amount: '1000', account: 'funding' }, user.token)
  const out = getAddress('0x00000000000000000000000000000000000beef1')
  await apiCall(
    api,
    'post',
    'assets/address-book/save',
    { coin: 'USDT', chain: 'ERC20', address: out, remark: 'cold' },
    user.token,
  )
  for (const amount of ['30', '500'])
    await apiCall(
      api,
      'post',
      'assets/withdraw',
      { coin: 'USDT', chain: 'ERC20', address: out, amount, tradePassword: TRADE },
      user.token,
    )
  const op = await readyOperator(api, 'chainops')
  type View = { withdrawals: { status: string; txHash: string | null }[]; alerts: { kind: string }[] }
  const view = async () => (await apiCall<View[]>(api, 'get', 'admin/chains', undefined, op))[0] as View
  await expect
    .poll(async () => (await view()).withdrawals.map((w) => w.status).sort(), { timeout: 20_000 })
    .toEqual(['confirmed', 'queued'])

  // exchange_hot_wallet_balance on this server's metrics port: what the hot wallet holds now.
  await expect
    .poll(
      async () => {
        const text = await fetch(`http://127.0.0.1:${PORT + 1}/metrics`).then((r) => r.text())
        // Every series also carries the process's role and node labels.
        const line = text
          .split('\n')
          .find((l) => /^exchange_hot_wallet_balance\{.*chain="ERC20".*asset="USDT"/.test(l))
        return line?.split(' ').at(-1)
      },
      { timeout: 10_000 },
    )
    .toBe('25')

  // A deposit on its way (1 / N) for the recharge screenshots.
  const { address } = await apiCall<{ address: string }>(
    api,
    'get',
    'assets/deposit/address',
    { coin: 'USDT', chain: 'ERC20' },
    user.token,
  )
  await sendToken(anvil, token, address, 12n * USDT)

  await signIn(page, user.token, 'en', 'light')
  await page.goto('./#/pages/assets/recharge?coin=USDT')
  await expect(page.getByTestId('chain-pending')).toContainText(`1 / ${N} confirmations`, { timeout: 15_000 })
  for (const lang of ['tw', 'en', 'de'])
    for (const theme of ['light', 'dark']) {
      await restyle(page, lang, theme)
      await expect(page.getByTestId('chain-pending')).toContainText(`1 / ${N}`)
      await page.screenshot({
        path: test.info().outputPath(`chain-recharge-${lang}-${theme}.png`),
        fullPage: true,
      })
    }

  // The console page as an operator: the watcher, the hot wallet, withdrawals, the alert, pending.
  const ctx = await page
    .context()
    .browser()
    ?.newContext({
      baseURL: BASE,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    })
  if (!ctx) throw new Error('no browser')
  const cp = await ctx.newPage()
  await signIn(cp, op, 'en', 'light')
  await cp.goto('./#/admin/chains')
  const chain = cp.getByTestId('chain-ERC20')
  await expect(chain).toContainText('Following the head', { timeout: 15_000 })
  await expect(chain.getByTestId('hot-USDT')).toHaveText('25')
  await expect(chain).toContainText('Queued: the hot wallet cannot pay')
  await expect(chain).toContainText('Confirming')
  await expect(chain.getByTestId('chain-alert-hot_wallet_low')).toBeVisible()
  await expect(chain.locator('table[aria-label="Pending deposits"]')).toContainText(`1 / ${N}`)
  // The balances CSV arrives as a download.
  const [download] = await Promise.all([
    cp.waitForEvent('download'),
    chain.getByRole('button', { name: "Download the deposit addresses' balances (CSV)" }).click(),
  ])
  expect(download.suggestedFilename()).toBe('deposit-addresses-ERC20.csv')
  const csv = fs.readFileSync((await download.path()) as string, 'utf8')
  expect(csv.split('\n')[0]).toBe('address,path,user_id,ETH,USDT')
  expect(csv).toContain(address)
  for (const lang of ['tw', 'en', 'de'])
    for (const theme of ['light', 'dark']) {
      await restyle(cp, lang, theme)
      await expect(cp.getByTestId('chain-alert-hot_wallet_low')).toBeVisible()
      await cp.screenshot({
        path: test.info().outputPath(`chain-console-${lang}-${theme}.png`),
        fullPage: true,
      })
    }
  // Acknowledge the alert (audited on the server): it leaves the page.
  await restyle(cp, 'en', 'light')
  await cp.getByTestId('chain-alert-hot_wallet_low').getByRole('button', { name: 'Acknowledge' }).click()
  await expect(cp.getByText('Alert acknowledged')).toBeVisible()
  await expect(cp.getByTestId('chain-alert-hot_wallet_low')).toHaveCount(0)
  await ctx.close()
})

import { expect, type Page, test } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'

// A well-known test key (Hardhat account 3): it never holds real funds.
const wallet = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')

/**
 * An EIP-1193 provider injected into the page, as a browser wallet would; signing is done by a viem
 * local account on the Node side. `walletMode` in localStorage makes the wallet answer like a user
 * who refuses (4001), has a request pending (-32002) or authorises no account.
 */
async function injectWallet(page: Page, mode: 'ok' | '4001' | '-32002' | 'none' = 'ok') {
  await page.exposeFunction('__walletSign', (hex: `0x${string}`) =>
    wallet.signMessage({ message: { raw: hex } }),
  )
  await page.addInitScript(
    ([address, m]) => {
      localStorage.setItem('lang', JSON.stringify('en'))
      const fail = (code: number, message: string) => Object.assign(new Error(message), { code })
      let connected = false
      const w = window as unknown as Record<string, unknown>
      w.ethereum = {
        isMetaMask: true,
        on() {},
        removeListener() {},
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case 'eth_requestAccounts':
              if (m === '4001') throw fail(4001, 'User rejected the request.')
              if (m === '-32002') throw fail(-32002, 'Request of type eth_requestAccounts already pending')
              if (m === 'none') return []
              connected = true
              return [address]
            case 'eth_accounts':
              return connected ? [address] : []
            case 'eth_chainId':
              return '0x1'
            case 'wallet_requestPermissions':
            case 'wallet_revokePermissions':
              return [{ parentCapability: 'eth_accounts' }]
            case 'personal_sign':
              return (w.__walletSign as (hex: string) => Promise<string>)((params as string[])[0] as string)
            default:
              throw fail(4200, `unsupported ${method}`)
          }
        },
      }
    },
    [wallet.address, mode] as const,
  )
}

test('a browser-wallet user signs in with their address and lands on home', async ({ page }) => {
  await injectWallet(page)
  await page.goto('./#/pages/login/index')
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await expect(page).toHaveURL(/#\/pages\/home\/index/)
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'))
  expect(stored?.nickname).toMatch(/^User [0-9A-F]{6}$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
})

for (const [mode, text] of [
  ['4001', 'Please confirm the authorisation in your wallet.'],
  ['-32002', 'An authorisation request is already waiting in your wallet. Open it to continue.'],
  ['none', 'User refused to authorise account'],
] as const) {
  test(`wallet answer ${mode} is explained and logs no one in`, async ({ page }) => {
    await injectWallet(page, mode)
    await page.goto('./#/pages/login/index')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect(page.getByRole('alert')).toHaveText(text)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })
}

test('without a wallet the login page explains what a browser wallet is', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', JSON.stringify('en')))
  await page.goto('./#/pages/login/index')
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Log in with a browser wallet' }).click()
  await expect(page.getByRole('heading', { name: 'No wallet found in this browser' })).toBeVisible()
})

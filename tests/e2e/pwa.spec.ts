import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, expect, test } from '@playwright/test'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify('en'))
  })
})

test('Chromium finds the app installable', async ({ baseURL, browserName }, info) => {
  // Installability is never granted to incognito contexts, which is what Playwright gives by
  // default: use a real profile.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'))
  const launch = info.project.use.launchOptions ?? {}
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    viewport: { width: 390, height: 844 },
  })
  try {
    expect(browserName).toBe('chromium')
    const page = await context.newPage()
    await page.goto(baseURL ?? '/')
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const { url, errors } = await cdp.send('Page.getAppManifest')
    expect(url).toMatch(/manifest\.webmanifest$/)
    expect(errors).toEqual([])
  } finally {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
})

test('going offline shows the offline notice, and it leaves when the network returns', async ({
  page,
  context,
}) => {
  await page.goto('./')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const notice = page.getByText('You are offline. Saved pages still work; actions need the network.')
  await expect(notice).toHaveCount(0)
  await context.setOffline(true)
  await expect(notice).toBeVisible()
  await context.setOffline(false)
  await expect(notice).toHaveCount(0)
})

test('the install offer uses the browser prompt and stays dismissed', async ({ page }) => {
  await page.goto('./')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Chromium only fires beforeinstallprompt after engagement heuristics; dispatch one as the browser would.
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
    e.prompt = async () => {
      ;(window as unknown as Record<string, boolean>).__prompted = true
    }
    e.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(e)
  })
  const offer = page.getByRole('complementary', { name: 'Install the app' })
  await expect(offer).toBeVisible()
  await offer.getByRole('button', { name: 'Install' }).click()
  expect(await page.evaluate(() => (window as unknown as Record<string, boolean>).__prompted)).toBe(true)
  await expect(offer).toHaveCount(0)
  await page.reload()
  await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true })))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(offer).toHaveCount(0)
})

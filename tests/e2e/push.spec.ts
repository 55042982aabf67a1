import { expect, test } from '@playwright/test'
import { english, registerByForm } from './helpers'

test('price alerts are created from the quote page, listed and deleted; push preferences stick', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await english(page)
  await registerByForm(page, 'push')

  await page.goto('./#/pages/market/quote?symbol=ETHUSDT')
  // Mine (where registration lands) has a "Price alerts" link too: wait for the quote page.
  await expect(page.getByRole('link', { name: 'Market details' })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('link', { name: 'Price alert', exact: true }).click()
  await expect(page).toHaveURL(/#\/pages\/mine\/price-alerts\?symbol=ETHUSDT/)
  await expect(page.getByTestId('alert-market')).toHaveAttribute('data-value', 'ETHUSDT')
  await expect(page.getByText(/Current price/)).toBeVisible({ timeout: 20_000 })

  await page.getByRole('button', { name: 'Moves by %' }).click()
  await page.getByLabel('Percentage (%)').fill('150')
  await page.getByRole('button', { name: 'Create alert' }).click()
  await expect(page.getByRole('alert')).toContainText('between 0.1 and 99')

  await page.getByLabel('Percentage (%)').fill('50')
  await page.getByRole('button', { name: 'Create alert' }).click()
  const item = page.getByRole('listitem').filter({ hasText: 'ETHUSDT' })
  await expect(item).toContainText('Moves 50 %')
  await page.screenshot({ path: '/tmp/pw-push/price-alerts.png' })
  await item.getByRole('button', { name: /Delete alert ETHUSDT/ }).click()
  await expect(page.getByText('No active alerts')).toBeVisible()

  // Settings: reached from the Mine page; a per-type switch is saved on the server.
  await page.goto('./#/pages/mine/index')
  await page.getByRole('link', { name: 'Notification settings' }).click()
  await expect(page).toHaveURL(/#\/pages\/mine\/notify-settings/)
  const fills = page.getByRole('switch', { name: 'Order fills' })
  await expect(fills).toHaveAttribute('aria-checked', 'true')
  await fills.click()
  await expect(fills).toHaveAttribute('aria-checked', 'false')
  await page.screenshot({ path: '/tmp/pw-push/notify-settings.png' })
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Order fills' })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByRole('switch', { name: 'Price alerts' })).toHaveAttribute('aria-checked', 'true')
})

test('a push delivered to the service worker shows its notification', async ({ page, context, baseURL }) => {
  await english(page)
  await context.grantPermissions(['notifications'])
  await page.goto('./')
  // Production builds register the worker at start; a development build does not, so register it here.
  await page.evaluate(async () => {
    if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register('/sw.js')
    await navigator.serviceWorker.ready
  })
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const r = e.registrations.find((x) => !x.isDeleted)
      if (r) resolve(r.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const payload = {
    title: 'BTCUSDT price alert',
    body: 'BTCUSDT rose to 61000: now 61050',
    icon: '/icons/icon-192.png',
    tag: 'alert-7',
    url: '/#/pages/market/quote?symbol=BTCUSDT',
  }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL ?? page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  })
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        }))
      }),
    )
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url },
      },
    ])

  // A click opens the notification's route in this window. A click on the operating system's
  // notification cannot be driven from a test, so the worker's own notificationclick handler gets
  // the click event, dispatched in the worker with the notification it showed.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  await worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      dispatchEvent(e: Event): boolean
    }
    const [shown] = await scope.registration.getNotifications()
    if (!shown) throw new Error('no notification')
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }))
  })
  await expect(page).toHaveURL(/\/#\/pages\/market\/quote\?symbol=BTCUSDT$/)
  // The click closes the notification.
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
    )
    .toBe(0)
})

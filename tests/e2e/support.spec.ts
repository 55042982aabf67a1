import { type Browser, expect, type Page, test } from '@playwright/test'
import { apiCall, readyOperator, registerByApi, solveSlider } from './helpers'

/** A phone-sized page in English, signed in with `token` (or a visitor without one). */
async function phone(browser: Browser, token?: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.addInitScript((tk) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify('en'))
    if (tk && !sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', JSON.stringify(tk))
      sessionStorage.setItem('seeded', '1')
    }
  }, token ?? '')
  return page
}

test('a user and an operator chat live: take, typing, messages both ways, read marks, close', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const ask = `How do I deposit USDT? #${Date.now()}`
  const user = await registerByApi(request, 'e2e.svc.user')
  const op = await phone(browser, await readyOperator(request))
  await op.setViewportSize({ width: 1280, height: 900 })
  await op.goto('./#/admin/service')
  // First paint loads the console's chunks and catalogs: generous on a busy machine.
  await expect(op.getByRole('heading', { name: 'Service desk' })).toBeVisible({ timeout: 30_000 })
  await expect(op.getByText('Operators online: 1')).toBeVisible()

  // The user opens the chat from Mine: an operator is online; quick answers follow the typing.
  const me = await phone(browser, user.token)
  await me.goto('./#/pages/mine/index')
  await me.getByRole('link', { name: 'Online customer service' }).click()
  await expect(me.getByRole('heading', { name: 'Customer service' })).toBeVisible({ timeout: 30_000 })
  await expect(me.getByTestId('service-status')).toContainText('Operators are online')
  await me.getByRole('textbox', { name: 'Message' }).fill(ask)
  await expect(me.getByTestId('quick-answers').getByRole('link', { name: 'How to deposit' })).toBeVisible()
  await me.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(me.getByTestId('service-message')).toContainText(ask)
  await expect(me.getByTestId('service-status')).toContainText('Waiting for an operator')

  // The operator sees it waiting with its unanswered time, takes it and answers.
  const queue = op.getByTestId('desk-queue')
  const waiting = queue.getByRole('button', { name: new RegExp(ask.split('#')[1] as string) })
  await expect(waiting).toBeVisible()
  await expect(waiting.getByTestId('unanswered')).toHaveText(/Unanswered \d+ min/)
  await waiting.click()
  await op.getByRole('button', { name: 'Take', exact: true }).click()
  await expect(me.getByTestId('service-status')).toContainText('is helping you')
  // The user's message is read by the operator.
  await expect(me.getByTestId('service-message').first()).toContainText('Read')

  await op.getByRole('textbox', { name: 'Reply' }).fill('Open Assets, then Deposit')
  await expect(me.getByTestId('staff-typing')).toBeVisible()
  await op.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(me.getByTestId('service-message').last()).toContainText('Open Assets, then Deposit')
  await expect(op.getByTestId('desk-messages').getByRole('listitem').last()).toContainText('Read')

  // The user answers back; the operator closes with a category.
  await me.getByRole('textbox', { name: 'Message' }).fill('Thanks!')
  await me.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(op.getByTestId('desk-messages')).toContainText('Thanks!')
  await op.getByLabel('Category').selectOption('funds')
  await op.getByRole('button', { name: 'Close conversation' }).click()
  await expect(me.getByTestId('service-closed')).toBeVisible()
  await me.close()
  await op.close()
})

test('a ticket with a picture is answered by an operator and the user sees the reply', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const user = await registerByApi(request, 'e2e.svc.ticket')
  const me = await phone(browser, user.token)
  await me.goto('./#/pages/work/index')
  await expect(me.getByRole('heading', { name: 'Work orders' })).toBeVisible({ timeout: 30_000 })
  await me.getByRole('link', { name: 'New work order' }).click()
  await me.getByRole('button', { name: 'Withdrawal', exact: true }).click()
  await me.getByLabel('Title').fill('Withdrawal still pending')
  await me.getByLabel('Content').fill('My USDT withdrawal has been pending for two hours.')
  await me.getByTestId('work-file').setInputFiles({
    name: 'proof.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  })
  await expect(me.getByRole('img', { name: 'Attachment 1' })).toBeVisible()
  await me.getByRole('button', { name: 'Submit' }).click()
  await solveSlider(me)
  await expect(me.getByRole('heading', { name: 'Withdrawal still pending' })).toBeVisible()
  await expect(me.getByTestId('work-status')).toHaveText('Waiting for reply')
  const mine = await apiCall<{ list: { id: string }[] }>(request, 'get', 'work/list', {}, user.token)
  const id = mine.list[0]?.id ?? ''

  // The operator answers from the console's work order queue.
  const op = await phone(browser, await readyOperator(request))
  await op.setViewportSize({ width: 1280, height: 900 })
  await op.goto('./#/admin/work')
  await op.getByRole('button', { name: 'Withdrawal still pending' }).click()
  const panel = op.getByTestId('ticket-panel')
  await expect(panel.getByRole('img', { name: 'Attachment 1' })).toBeVisible()
  await panel.getByRole('textbox', { name: 'Reply' }).fill('We are checking it with the chain.')
  await panel.getByRole('button', { name: 'Send reply' }).click()
  await expect(panel.getByText('We are checking it with the chain.')).toBeVisible()

  await me.reload()
  await expect(me.getByTestId('work-status')).toHaveText('Answered')
  await expect(me.getByTestId('work-reply')).toContainText('We are checking it with the chain.')
  // Another user never sees it.
  const other = await registerByApi(request, 'e2e.svc.other')
  const res = await request.get(`./api/work/${id}`, { headers: { authorization: `Bearer ${other.token}` } })
  expect(id).not.toBe('')
  expect(((await res.json()) as { code: number }).code).toBe(1004)
  await me.close()
  await op.close()
})

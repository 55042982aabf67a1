import { expect, type Page } from '@playwright/test'

/** English for this page unless a test chose a language already. */
export async function english(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify('en'))
  })
}

/** Solves the slider the way a person would: the dev-only endpoint tells where the gap is. */
export async function solveSlider(page: Page): Promise<void> {
  const range = page.getByRole('dialog').locator('input[type=range]')
  await expect(range).toBeVisible()
  const id = await range.getAttribute('data-challenge')
  const { x } = (await (await page.request.get(`./api/dev/slider/${id}`)).json()).data as { x: number }
  await range.fill(String(x))
  await page.getByRole('dialog').getByRole('button').last().click()
  await expect(page.getByRole('dialog')).toBeHidden()
}

/** The last 6-digit code the development outbox holds for a phone or e-mail. */
export async function codeSentTo(page: Page, to: string): Promise<string> {
  const url = `./api/dev/outbox?to=${encodeURIComponent(to)}`
  const read = async () => (await (await page.request.get(url)).json()).data as { text: string }[]
  await expect.poll(async () => (await read()).length).toBeGreaterThan(0)
  return /\b(\d{6})\b/.exec((await read()).at(-1)?.text ?? '')?.[1] ?? ''
}

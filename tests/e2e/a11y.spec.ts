import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

const pages = ['./', './#/pages/mine/index', './#/pages/mine/language-set']

for (const theme of ['light', 'dark'] as const) {
  for (const path of pages) {
    test(`${path} has no serious accessibility violation (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', JSON.stringify(t)), theme)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
}

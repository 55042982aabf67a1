import fs from 'node:fs'
import path from 'node:path'
import { ERRORS } from '@common/api/errors'
import { LANG_CODES } from '@common/i18n/languages'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { ERROR_SOURCE, errorCatalogExtractor, errorMessages } from './error-catalog'
import { translateError } from './error-messages'
import { i18n } from './i18n'

const root = path.resolve(import.meta.dirname, '../..')

async function errorsCatalog(lang: string) {
  const file = path.join(root, 'locales/errors', `${lang}.po`)
  return formatter().parse(fs.readFileSync(file, 'utf8'), {
    locale: lang,
    sourceLocale: 'en',
    filename: file,
  })
}

describe('client error catalogue', () => {
  it('translates a catalogue key through the loaded catalog and keeps the server text otherwise', () => {
    i18n.load('tw', { 'error.insufficient_balance': '餘額不足' })
    i18n.activate('tw')
    expect(translateError('error.insufficient_balance', 'Insufficient balance')).toBe('餘額不足')
    expect(translateError('error.unheard_of', 'Server text')).toBe('Server text')
    expect(translateError(undefined, 'Server text')).toBe('Server text')
  })

  it('extracts one message per server error code from common/api/errors.ts: its key and English text', async () => {
    const file = path.join(root, ERROR_SOURCE)
    expect(errorCatalogExtractor.match(file)).toBe(true)
    expect(errorCatalogExtractor.match(path.join(root, 'src/app/error-messages.ts'))).toBe(false)
    const got: { id: string; message?: string }[] = []
    await errorCatalogExtractor.extract(file, fs.readFileSync(file, 'utf8'), (m) => got.push(m), undefined)
    expect(got.map(({ id, message }) => ({ id, message }))).toEqual(errorMessages())
    const keys = Object.values(ERRORS).map((e) => e.key)
    expect(new Set(keys).size, 'each code has a key of its own').toBe(keys.length)
    for (const def of Object.values(ERRORS)) expect(got.find((m) => m.id === def.key)?.message).toBe(def.en)
  })

  it('has a translatable message for every server error key, with the same English text, in all 15 languages', async () => {
    const en = await errorsCatalog('en')
    const live = Object.entries(en).filter(([, e]) => !e.obsolete)
    expect(live.map(([id]) => id).sort()).toEqual(
      Object.values(ERRORS)
        .map((e) => e.key)
        .sort(),
    )
    for (const def of Object.values(ERRORS)) expect(en[def.key]?.translation, def.key).toBe(def.en)
    for (const lang of LANG_CODES) {
      const catalog = await errorsCatalog(lang)
      for (const def of Object.values(ERRORS))
        expect(catalog[def.key]?.translation?.trim(), `${lang} ${def.key}`).toBeTruthy()
    }
  })
})

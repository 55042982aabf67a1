import { DEFAULT_LANG, isLangCode, type LangCode } from '@common/i18n/languages'

/**
 * Texts of the loan reminders (3 days and 1 day before the due date), in every app language.
 * Placeholders are `{name}`; amounts are inserted as the decimal strings they are.
 */
const TEXTS: Record<LangCode, { title: string; body: string }> = {
  en: {
    title: 'Loan repayment due soon',
    body: '{left} {coin} of your loan is due on {day} (in {days} day(s)).',
  },
  tw: { title: '借款即將到期', body: '您的借款尚需償還 {left} {coin}，到期日為 {day}（{days} 天後）。' },
  zh: { title: '借款即将到期', body: '您的借款尚需偿还 {left} {coin}，到期日为 {day}（{days} 天后）。' },
  jp: {
    title: 'ローンの返済期日が近づいています',
    body: 'ローンの残り {left} {coin} の返済期日は {day} です（あと {days} 日）。',
  },
  kor: {
    title: '대출 상환 기한 임박',
    body: '대출 잔액 {left} {coin}의 상환 기한은 {day}입니다({days}일 남음).',
  },
  de: {
    title: 'Kreditrückzahlung bald fällig',
    body: '{left} {coin} Ihres Kredits sind am {day} fällig (in {days} Tag(en)).',
  },
  fra: {
    title: 'Remboursement du prêt bientôt dû',
    body: '{left} {coin} de votre prêt sont dus le {day} (dans {days} jour(s)).',
  },
  spa: {
    title: 'Pago del préstamo próximo',
    body: '{left} {coin} de su préstamo vencen el {day} (en {days} día(s)).',
  },
  it: {
    title: 'Rimborso del prestito in scadenza',
    body: '{left} {coin} del tuo prestito scadono il {day} (tra {days} giorno/i).',
  },
  pt: {
    title: 'Pagamento do empréstimo a vencer',
    body: '{left} {coin} do seu empréstimo vencem em {day} (em {days} dia(s)).',
  },
  pl: {
    title: 'Zbliża się termin spłaty pożyczki',
    body: '{left} {coin} z Twojej pożyczki należy spłacić do {day} (za {days} dni).',
  },
  tr: {
    title: 'Kredi geri ödemesi yaklaşıyor',
    body: 'Kredinizin kalan {left} {coin} tutarının vadesi {day} ({days} gün sonra).',
  },
  ukr: {
    title: 'Незабаром термін погашення позики',
    body: 'Залишок позики {left} {coin} треба погасити до {day} (через {days} дн.).',
  },
  swe: {
    title: 'Lånet förfaller snart',
    body: '{left} {coin} av ditt lån förfaller {day} (om {days} dag(ar)).',
  },
  fin: {
    title: 'Lainan eräpäivä lähestyy',
    body: 'Lainastasi {left} {coin} erääntyy {day} ({days} päivän kuluttua).',
  },
}

export function reminderText(lang: string, values: Record<string, string>): { title: string; body: string } {
  const t = TEXTS[isLangCode(lang) ? lang : DEFAULT_LANG]
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '')
  return { title: fill(t.title), body: fill(t.body) }
}

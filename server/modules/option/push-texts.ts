import { DEFAULT_LANG, isLangCode, type LangCode } from '@common/i18n/languages'

/** The texts of option settlement pushes in every app language. Placeholders are `{name}`. */
interface OptionPushTexts {
  title: string
  bodyWin: string
  bodyLose: string
  bodyVoid: string
  up: string
  down: string
  flat: string
}

const T: Record<LangCode, OptionPushTexts> = {
  en: {
    title: '{symbol} option settled',
    bodyWin: 'Your {type} option of {amount} USDT won: {payout} USDT paid (open {open}, close {close}).',
    bodyLose: 'Your {type} option of {amount} USDT did not win (open {open}, close {close}).',
    bodyVoid: 'The round had no recorded price: your {amount} USDT and the fee were refunded.',
    up: 'up',
    down: 'down',
    flat: 'flat',
  },
  tw: {
    title: '{symbol} 期權已結算',
    bodyWin: '您 {amount} USDT 的{type}期權獲勝：已派發 {payout} USDT（開盤 {open}，收盤 {close}）。',
    bodyLose: '您 {amount} USDT 的{type}期權未獲勝（開盤 {open}，收盤 {close}）。',
    bodyVoid: '本輪沒有記錄到價格：您的 {amount} USDT 與手續費已退回。',
    up: '看漲',
    down: '看跌',
    flat: '持平',
  },
  zh: {
    title: '{symbol} 期权已结算',
    bodyWin: '您 {amount} USDT 的{type}期权获胜：已派发 {payout} USDT（开盘 {open}，收盘 {close}）。',
    bodyLose: '您 {amount} USDT 的{type}期权未获胜（开盘 {open}，收盘 {close}）。',
    bodyVoid: '本轮没有记录到价格：您的 {amount} USDT 与手续费已退回。',
    up: '看涨',
    down: '看跌',
    flat: '持平',
  },
  jp: {
    title: '{symbol} オプション決済',
    bodyWin:
      '{amount} USDT の{type}オプションが的中：{payout} USDT を支払いました（始値 {open}、終値 {close}）。',
    bodyLose: '{amount} USDT の{type}オプションは的中しませんでした（始値 {open}、終値 {close}）。',
    bodyVoid: 'このラウンドは価格が記録されなかったため、{amount} USDT と手数料を返金しました。',
    up: '上昇',
    down: '下落',
    flat: '横ばい',
  },
  kor: {
    title: '{symbol} 옵션 정산 완료',
    bodyWin: '{amount} USDT {type} 옵션 적중: {payout} USDT 지급 (시가 {open}, 종가 {close}).',
    bodyLose: '{amount} USDT {type} 옵션이 적중하지 못했습니다 (시가 {open}, 종가 {close}).',
    bodyVoid: '이 라운드는 가격이 기록되지 않아 {amount} USDT와 수수료가 환불되었습니다.',
    up: '상승',
    down: '하락',
    flat: '보합',
  },
  de: {
    title: '{symbol}-Option abgerechnet',
    bodyWin:
      'Ihre {type}-Option über {amount} USDT hat gewonnen: {payout} USDT ausgezahlt (Eröffnung {open}, Schluss {close}).',
    bodyLose: 'Ihre {type}-Option über {amount} USDT hat nicht gewonnen (Eröffnung {open}, Schluss {close}).',
    bodyVoid: 'Für die Runde wurde kein Preis erfasst: {amount} USDT und die Gebühr wurden erstattet.',
    up: 'Steigt',
    down: 'Fällt',
    flat: 'Seitwärts',
  },
  fra: {
    title: 'Option {symbol} réglée',
    bodyWin:
      'Votre option {type} de {amount} USDT a gagné : {payout} USDT versés (ouverture {open}, clôture {close}).',
    bodyLose: 'Votre option {type} de {amount} USDT n’a pas gagné (ouverture {open}, clôture {close}).',
    bodyVoid: 'Aucun prix enregistré pour ce tour : vos {amount} USDT et les frais ont été remboursés.',
    up: 'hausse',
    down: 'baisse',
    flat: 'stable',
  },
  spa: {
    title: 'Opción de {symbol} liquidada',
    bodyWin:
      'Tu opción {type} de {amount} USDT ganó: se pagaron {payout} USDT (apertura {open}, cierre {close}).',
    bodyLose: 'Tu opción {type} de {amount} USDT no ganó (apertura {open}, cierre {close}).',
    bodyVoid: 'La ronda no tuvo precio registrado: se reembolsaron tus {amount} USDT y la comisión.',
    up: 'alza',
    down: 'baja',
    flat: 'estable',
  },
  it: {
    title: 'Opzione {symbol} regolata',
    bodyWin:
      'La tua opzione {type} da {amount} USDT ha vinto: pagati {payout} USDT (apertura {open}, chiusura {close}).',
    bodyLose: 'La tua opzione {type} da {amount} USDT non ha vinto (apertura {open}, chiusura {close}).',
    bodyVoid: 'Nessun prezzo registrato per il round: {amount} USDT e la commissione sono stati rimborsati.',
    up: 'rialzo',
    down: 'ribasso',
    flat: 'stabile',
  },
  pt: {
    title: 'Opção de {symbol} liquidada',
    bodyWin:
      'Sua opção {type} de {amount} USDT ganhou: {payout} USDT pagos (abertura {open}, fechamento {close}).',
    bodyLose: 'Sua opção {type} de {amount} USDT não ganhou (abertura {open}, fechamento {close}).',
    bodyVoid: 'A rodada não teve preço registrado: seus {amount} USDT e a taxa foram reembolsados.',
    up: 'alta',
    down: 'baixa',
    flat: 'estável',
  },
  pl: {
    title: 'Opcja {symbol} rozliczona',
    bodyWin:
      'Twoja opcja {type} za {amount} USDT wygrała: wypłacono {payout} USDT (otwarcie {open}, zamknięcie {close}).',
    bodyLose: 'Twoja opcja {type} za {amount} USDT nie wygrała (otwarcie {open}, zamknięcie {close}).',
    bodyVoid: 'W tej rundzie nie zapisano ceny: zwrócono {amount} USDT i opłatę.',
    up: 'wzrost',
    down: 'spadek',
    flat: 'bez zmian',
  },
  tr: {
    title: '{symbol} opsiyonu sonuçlandı',
    bodyWin:
      '{amount} USDT tutarındaki {type} opsiyonunuz kazandı: {payout} USDT ödendi (açılış {open}, kapanış {close}).',
    bodyLose: '{amount} USDT tutarındaki {type} opsiyonunuz kazanmadı (açılış {open}, kapanış {close}).',
    bodyVoid: 'Bu turda fiyat kaydedilmedi: {amount} USDT ve ücret iade edildi.',
    up: 'yükseliş',
    down: 'düşüş',
    flat: 'yatay',
  },
  ukr: {
    title: 'Опціон {symbol} розраховано',
    bodyWin:
      'Ваш опціон «{type}» на {amount} USDT виграв: виплачено {payout} USDT (відкриття {open}, закриття {close}).',
    bodyLose: 'Ваш опціон «{type}» на {amount} USDT не виграв (відкриття {open}, закриття {close}).',
    bodyVoid: 'Для раунду не записано ціну: {amount} USDT і комісію повернуто.',
    up: 'зростання',
    down: 'падіння',
    flat: 'без змін',
  },
  swe: {
    title: '{symbol}-option avräknad',
    bodyWin:
      'Din {type}-option på {amount} USDT vann: {payout} USDT utbetalt (öppning {open}, stängning {close}).',
    bodyLose: 'Din {type}-option på {amount} USDT vann inte (öppning {open}, stängning {close}).',
    bodyVoid: 'Inget pris registrerades för omgången: dina {amount} USDT och avgiften har återbetalats.',
    up: 'upp',
    down: 'ned',
    flat: 'oförändrad',
  },
  fin: {
    title: '{symbol}-optio selvitetty',
    bodyWin: '{amount} USDT:n {type}-optiosi voitti: {payout} USDT maksettu (avaus {open}, päätös {close}).',
    bodyLose: '{amount} USDT:n {type}-optiosi ei voittanut (avaus {open}, päätös {close}).',
    bodyVoid: 'Kierrokselle ei tallentunut hintaa: {amount} USDT ja maksu palautettiin.',
    up: 'nousu',
    down: 'lasku',
    flat: 'ennallaan',
  },
}

export function optionPushText(
  lang: string,
  key: keyof OptionPushTexts,
  values: Record<string, string> = {},
): string {
  const table = T[isLangCode(lang) ? lang : DEFAULT_LANG]
  return table[key].replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m)
}

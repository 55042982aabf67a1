import { DEFAULT_LANG, isLangCode, type LangCode, toBcp47 } from '@common/i18n/languages'
import { format, isDecimalString } from '@common/money/decimal'

/**
 * The texts of server pushes in every app language. Placeholders are `{name}`; amounts (the
 * placeholders of AMOUNT_NAMES) keep every digit and take the language's grouping and decimal sign. The app's own strings go through
 * Lingui; these are written on the server, where the reader's device language is only a code.
 */
export interface PushTexts {
  alertTitle: string
  alertAbove: string
  alertBelow: string
  alertMove: string
  fillTitle: string
  fillBody: string
  /** A fill without an average price. */
  fillBodyNoPrice: string
  limitBuy: string
  limitSell: string
  marketBuy: string
  marketSell: string
  /** A notice with no text besides its title. */
  noticeBody: string
  testBody: string
  liquidationTitle: string
  liquidationBody: string
  /** The position side inside liquidationBody. */
  sideLong: string
  sideShort: string
}

export type PushTextKey = keyof PushTexts

export const PUSH_TEXTS: Record<LangCode, PushTexts> = {
  en: {
    alertTitle: '{symbol} price alert',
    alertAbove: '{symbol} rose to {value}: now {price}',
    alertBelow: '{symbol} fell to {value}: now {price}',
    alertMove: '{symbol} moved {value} %: now {price}',
    fillTitle: '{symbol} order filled',
    fillBody: 'Your {order} for {amount} {symbol} filled at {price}.',
    fillBodyNoPrice: 'Your {order} for {amount} {symbol} filled.',
    limitBuy: 'limit buy order',
    limitSell: 'limit sell order',
    marketBuy: 'market buy order',
    marketSell: 'market sell order',
    noticeBody: 'Tap to read the full notice.',
    testBody: 'Notifications are on for this device.',
    liquidationTitle: '{symbol} position liquidated',
    liquidationBody:
      'Your {side} position of {lots} lots was closed at {price} after the index reached {index}.',
    sideLong: 'long',
    sideShort: 'short',
  },
  tw: {
    alertTitle: '{symbol} 價格提醒',
    alertAbove: '{symbol} 已漲至 {value}：現價 {price}',
    alertBelow: '{symbol} 已跌至 {value}：現價 {price}',
    alertMove: '{symbol} 價格變動 {value}%：現價 {price}',
    fillTitle: '{symbol} 訂單已成交',
    fillBody: '您的{order} {amount} {symbol} 已成交，成交均價 {price}。',
    fillBodyNoPrice: '您的{order} {amount} {symbol} 已成交。',
    limitBuy: '限價買單',
    limitSell: '限價賣單',
    marketBuy: '市價買單',
    marketSell: '市價賣單',
    noticeBody: '點擊閱讀完整公告。',
    testBody: '此裝置的通知已開啟。',
    liquidationTitle: '{symbol} 倉位已強制平倉',
    liquidationBody: '您的{side}倉位 {lots} 張在指數價格到達 {index} 後以 {price} 平倉。',
    sideLong: '多頭',
    sideShort: '空頭',
  },
  zh: {
    alertTitle: '{symbol} 价格提醒',
    alertAbove: '{symbol} 已涨至 {value}：现价 {price}',
    alertBelow: '{symbol} 已跌至 {value}：现价 {price}',
    alertMove: '{symbol} 价格变动 {value}%：现价 {price}',
    fillTitle: '{symbol} 订单已成交',
    fillBody: '您的{order} {amount} {symbol} 已成交，成交均价 {price}。',
    fillBodyNoPrice: '您的{order} {amount} {symbol} 已成交。',
    limitBuy: '限价买单',
    limitSell: '限价卖单',
    marketBuy: '市价买单',
    marketSell: '市价卖单',
    noticeBody: '点击阅读完整公告。',
    testBody: '此设备的通知已开启。',
    liquidationTitle: '{symbol} 仓位已强制平仓',
    liquidationBody: '您的{side}仓位 {lots} 张在指数价格到达 {index} 后以 {price} 平仓。',
    sideLong: '多头',
    sideShort: '空头',
  },
  jp: {
    alertTitle: '{symbol} 価格アラート',
    alertAbove: '{symbol} が {value} まで上昇しました：現在 {price}',
    alertBelow: '{symbol} が {value} まで下落しました：現在 {price}',
    alertMove: '{symbol} が {value}% 変動しました：現在 {price}',
    fillTitle: '{symbol} の注文が約定しました',
    fillBody: '{amount} {symbol} の{order}が {price} で約定しました。',
    fillBodyNoPrice: '{amount} {symbol} の{order}が約定しました。',
    limitBuy: '指値買い注文',
    limitSell: '指値売り注文',
    marketBuy: '成行買い注文',
    marketSell: '成行売り注文',
    noticeBody: 'タップしてお知らせの全文を読む。',
    testBody: 'このデバイスの通知はオンです。',
    liquidationTitle: '{symbol} のポジションが強制決済されました',
    liquidationBody:
      'インデックス価格が {index} に達したため、{lots} 枚の{side}ポジションが {price} で決済されました。',
    sideLong: 'ロング',
    sideShort: 'ショート',
  },
  kor: {
    alertTitle: '{symbol} 가격 알림',
    alertAbove: '{symbol} 가격이 {value}까지 올랐습니다: 현재 {price}',
    alertBelow: '{symbol} 가격이 {value}까지 내렸습니다: 현재 {price}',
    alertMove: '{symbol} 가격이 {value}% 변동했습니다: 현재 {price}',
    fillTitle: '{symbol} 주문 체결',
    fillBody: '{amount} {symbol} {order}이 {price}에 체결되었습니다.',
    fillBodyNoPrice: '{amount} {symbol} {order}이 체결되었습니다.',
    limitBuy: '지정가 매수 주문',
    limitSell: '지정가 매도 주문',
    marketBuy: '시장가 매수 주문',
    marketSell: '시장가 매도 주문',
    noticeBody: '탭하여 공지 전문을 확인하세요.',
    testBody: '이 기기의 알림이 켜져 있습니다.',
    liquidationTitle: '{symbol} 포지션 강제 청산',
    liquidationBody: '지수 가격이 {index}에 도달하여 {lots}계약 {side} 포지션이 {price}에 청산되었습니다.',
    sideLong: '롱',
    sideShort: '숏',
  },
  de: {
    alertTitle: 'Preisalarm {symbol}',
    alertAbove: '{symbol} ist auf {value} gestiegen: jetzt {price}',
    alertBelow: '{symbol} ist auf {value} gefallen: jetzt {price}',
    alertMove: '{symbol} hat sich um {value} % bewegt: jetzt {price}',
    fillTitle: '{symbol}-Order ausgeführt',
    fillBody: 'Ihre {order} über {amount} {symbol} wurde zu {price} ausgeführt.',
    fillBodyNoPrice: 'Ihre {order} über {amount} {symbol} wurde ausgeführt.',
    limitBuy: 'Limit-Kauforder',
    limitSell: 'Limit-Verkaufsorder',
    marketBuy: 'Market-Kauforder',
    marketSell: 'Market-Verkaufsorder',
    noticeBody: 'Tippen, um den ganzen Hinweis zu lesen.',
    testBody: 'Benachrichtigungen sind auf diesem Gerät aktiviert.',
    liquidationTitle: '{symbol}-Position liquidiert',
    liquidationBody:
      'Ihre {side}-Position über {lots} Kontrakte wurde zu {price} geschlossen, nachdem der Index {index} erreichte.',
    sideLong: 'Long',
    sideShort: 'Short',
  },
  fra: {
    alertTitle: 'Alerte de prix {symbol}',
    alertAbove: '{symbol} est monté à {value} : maintenant {price}',
    alertBelow: '{symbol} est descendu à {value} : maintenant {price}',
    alertMove: '{symbol} a varié de {value} % : maintenant {price}',
    fillTitle: 'Ordre {symbol} exécuté',
    fillBody: 'Votre {order} de {amount} {symbol} a été exécuté à {price}.',
    fillBodyNoPrice: 'Votre {order} de {amount} {symbol} a été exécuté.',
    limitBuy: "ordre d'achat à cours limité",
    limitSell: 'ordre de vente à cours limité',
    marketBuy: "ordre d'achat au marché",
    marketSell: 'ordre de vente au marché',
    noticeBody: "Touchez pour lire l'avis complet.",
    testBody: 'Les notifications sont activées sur cet appareil.',
    liquidationTitle: 'Position {symbol} liquidée',
    liquidationBody:
      'Votre position {side} de {lots} lots a été clôturée à {price} après que l’indice a atteint {index}.',
    sideLong: 'acheteuse',
    sideShort: 'vendeuse',
  },
  spa: {
    alertTitle: 'Alerta de precio de {symbol}',
    alertAbove: '{symbol} subió a {value}: ahora {price}',
    alertBelow: '{symbol} bajó a {value}: ahora {price}',
    alertMove: '{symbol} se movió un {value} %: ahora {price}',
    fillTitle: 'Orden de {symbol} ejecutada',
    fillBody: 'Tu {order} de {amount} {symbol} se ejecutó a {price}.',
    fillBodyNoPrice: 'Tu {order} de {amount} {symbol} se ejecutó.',
    limitBuy: 'orden de compra limitada',
    limitSell: 'orden de venta limitada',
    marketBuy: 'orden de compra a mercado',
    marketSell: 'orden de venta a mercado',
    noticeBody: 'Toca para leer el aviso completo.',
    testBody: 'Las notificaciones están activadas en este dispositivo.',
    liquidationTitle: 'Posición de {symbol} liquidada',
    liquidationBody:
      'Tu posición {side} de {lots} lotes se cerró a {price} cuando el índice llegó a {index}.',
    sideLong: 'larga',
    sideShort: 'corta',
  },
  it: {
    alertTitle: 'Avviso di prezzo {symbol}',
    alertAbove: '{symbol} è salito a {value}: ora {price}',
    alertBelow: '{symbol} è sceso a {value}: ora {price}',
    alertMove: '{symbol} si è mosso del {value} %: ora {price}',
    fillTitle: 'Ordine {symbol} eseguito',
    fillBody: 'Il tuo {order} di {amount} {symbol} è stato eseguito a {price}.',
    fillBodyNoPrice: 'Il tuo {order} di {amount} {symbol} è stato eseguito.',
    limitBuy: 'ordine di acquisto limite',
    limitSell: 'ordine di vendita limite',
    marketBuy: 'ordine di acquisto a mercato',
    marketSell: 'ordine di vendita a mercato',
    noticeBody: "Tocca per leggere l'avviso completo.",
    testBody: 'Le notifiche sono attive su questo dispositivo.',
    liquidationTitle: 'Posizione {symbol} liquidata',
    liquidationBody:
      'La tua posizione {side} di {lots} lotti è stata chiusa a {price} dopo che l’indice ha raggiunto {index}.',
    sideLong: 'lunga',
    sideShort: 'corta',
  },
  ukr: {
    alertTitle: 'Цінове сповіщення {symbol}',
    alertAbove: '{symbol} зріс до {value}: зараз {price}',
    alertBelow: '{symbol} знизився до {value}: зараз {price}',
    alertMove: '{symbol} змінився на {value} %: зараз {price}',
    fillTitle: 'Ордер {symbol} виконано',
    fillBody: 'Ваш {order} на {amount} {symbol} виконано за ціною {price}.',
    fillBodyNoPrice: 'Ваш {order} на {amount} {symbol} виконано.',
    limitBuy: 'лімітний ордер на купівлю',
    limitSell: 'лімітний ордер на продаж',
    marketBuy: 'ринковий ордер на купівлю',
    marketSell: 'ринковий ордер на продаж',
    noticeBody: 'Торкніться, щоб прочитати оголошення повністю.',
    testBody: 'Сповіщення на цьому пристрої увімкнено.',
    liquidationTitle: 'Позицію {symbol} ліквідовано',
    liquidationBody:
      'Вашу {side} позицію на {lots} лотів закрито за {price} після того, як індекс досяг {index}.',
    sideLong: 'довгу',
    sideShort: 'коротку',
  },
  swe: {
    alertTitle: 'Prisvarning {symbol}',
    alertAbove: '{symbol} har stigit till {value}: nu {price}',
    alertBelow: '{symbol} har fallit till {value}: nu {price}',
    alertMove: '{symbol} har rört sig {value} %: nu {price}',
    fillTitle: '{symbol}-order genomförd',
    fillBody: 'Din {order} på {amount} {symbol} genomfördes till {price}.',
    fillBodyNoPrice: 'Din {order} på {amount} {symbol} genomfördes.',
    limitBuy: 'limitköporder',
    limitSell: 'limitsäljorder',
    marketBuy: 'marknadsköporder',
    marketSell: 'marknadssäljorder',
    noticeBody: 'Tryck för att läsa hela meddelandet.',
    testBody: 'Notiser är aktiverade på den här enheten.',
    liquidationTitle: '{symbol}-position likviderad',
    liquidationBody:
      'Din {side} position på {lots} kontrakt stängdes till {price} när indexet nådde {index}.',
    sideLong: 'långa',
    sideShort: 'korta',
  },
  fin: {
    alertTitle: 'Hintahälytys {symbol}',
    alertAbove: '{symbol} nousi tasolle {value}: nyt {price}',
    alertBelow: '{symbol} laski tasolle {value}: nyt {price}',
    alertMove: '{symbol} liikkui {value} %: nyt {price}',
    fillTitle: '{symbol}-toimeksianto toteutui',
    fillBody: '{order} ({amount} {symbol}) toteutui hintaan {price}.',
    fillBodyNoPrice: '{order} ({amount} {symbol}) toteutui.',
    limitBuy: 'Limiittiostotoimeksiantosi',
    limitSell: 'Limiittimyyntitoimeksiantosi',
    marketBuy: 'Markkinaostotoimeksiantosi',
    marketSell: 'Markkinamyyntitoimeksiantosi',
    noticeBody: 'Napauta lukeaksesi koko tiedotteen.',
    testBody: 'Ilmoitukset ovat päällä tällä laitteella.',
    liquidationTitle: '{symbol}-positio likvidoitu',
    liquidationBody:
      '{side}positiosi ({lots} erää) suljettiin hintaan {price}, kun indeksi saavutti arvon {index}.',
    sideLong: 'Pitkä',
    sideShort: 'Lyhyt',
  },
  pl: {
    alertTitle: 'Alert cenowy {symbol}',
    alertAbove: '{symbol} wzrósł do {value}: teraz {price}',
    alertBelow: '{symbol} spadł do {value}: teraz {price}',
    alertMove: '{symbol} zmienił się o {value} %: teraz {price}',
    fillTitle: 'Zlecenie {symbol} zrealizowane',
    fillBody: 'Twoje {order} na {amount} {symbol} zostało zrealizowane po cenie {price}.',
    fillBodyNoPrice: 'Twoje {order} na {amount} {symbol} zostało zrealizowane.',
    limitBuy: 'zlecenie kupna z limitem',
    limitSell: 'zlecenie sprzedaży z limitem',
    marketBuy: 'zlecenie kupna po cenie rynkowej',
    marketSell: 'zlecenie sprzedaży po cenie rynkowej',
    noticeBody: 'Dotknij, aby przeczytać cały komunikat.',
    testBody: 'Powiadomienia są włączone na tym urządzeniu.',
    liquidationTitle: 'Pozycja {symbol} zlikwidowana',
    liquidationBody:
      'Twoja pozycja {side} na {lots} lotów została zamknięta po {price}, gdy indeks osiągnął {index}.',
    sideLong: 'długa',
    sideShort: 'krótka',
  },
  pt: {
    alertTitle: 'Alerta de preço {symbol}',
    alertAbove: '{symbol} subiu para {value}: agora {price}',
    alertBelow: '{symbol} desceu para {value}: agora {price}',
    alertMove: '{symbol} variou {value} %: agora {price}',
    fillTitle: 'Ordem {symbol} executada',
    fillBody: 'A sua {order} de {amount} {symbol} foi executada a {price}.',
    fillBodyNoPrice: 'A sua {order} de {amount} {symbol} foi executada.',
    limitBuy: 'ordem de compra limitada',
    limitSell: 'ordem de venda limitada',
    marketBuy: 'ordem de compra a mercado',
    marketSell: 'ordem de venda a mercado',
    noticeBody: 'Toque para ler o aviso completo.',
    testBody: 'As notificações estão ativadas neste dispositivo.',
    liquidationTitle: 'Posição de {symbol} liquidada',
    liquidationBody:
      'Sua posição {side} de {lots} lotes foi fechada a {price} depois que o índice chegou a {index}.',
    sideLong: 'comprada',
    sideShort: 'vendida',
  },
  tr: {
    alertTitle: '{symbol} fiyat alarmı',
    alertAbove: '{symbol} {value} seviyesine yükseldi: şu an {price}',
    alertBelow: '{symbol} {value} seviyesine düştü: şu an {price}',
    alertMove: '{symbol} %{value} hareket etti: şu an {price}',
    fillTitle: '{symbol} emri gerçekleşti',
    fillBody: '{amount} {symbol} tutarındaki {order} {price} fiyatından gerçekleşti.',
    fillBodyNoPrice: '{amount} {symbol} tutarındaki {order} gerçekleşti.',
    limitBuy: 'limit alış emriniz',
    limitSell: 'limit satış emriniz',
    marketBuy: 'piyasa alış emriniz',
    marketSell: 'piyasa satış emriniz',
    noticeBody: 'Duyurunun tamamını okumak için dokunun.',
    testBody: 'Bu cihazda bildirimler açık.',
    liquidationTitle: '{symbol} pozisyonu tasfiye edildi',
    liquidationBody:
      'Endeks {index} seviyesine ulaştığı için {lots} lotluk {side} pozisyonunuz {price} fiyatından kapatıldı.',
    sideLong: 'uzun',
    sideShort: 'kısa',
  },
}

/** The placeholders a template uses, in order of appearance. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)
}

/** Placeholders that hold amounts; others (ids, symbols, order numbers) are inserted as they are. */
const AMOUNT_NAMES = new Set([
  'price',
  'amount',
  'value',
  'index',
  'lots',
  'total',
  'fee',
  'pnl',
  'profit',
  'principal',
  'payout',
  'units',
  'nav',
])

/** One text in a language (unknown codes read the default), its placeholders filled. */
export function pushText(lang: string, key: PushTextKey, values: Record<string, string> = {}): string {
  const code = isLangCode(lang) ? lang : DEFAULT_LANG
  const locale = toBcp47(code)
  return PUSH_TEXTS[code][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = values[name]
    if (v === undefined) return whole
    if (!AMOUNT_NAMES.has(name) || !isDecimalString(v)) return v
    return format(v, { locale, dp: v.split('.')[1]?.length ?? 0 })
  })
}

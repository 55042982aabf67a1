import { DEFAULT_LANG, isLangCode, type LangCode } from '@common/i18n/languages'

/**
 * Texts of the C2C pushes in every app language. Placeholders `{id}` (order number), `{qty}`,
 * `{coin}`; amounts are inserted as the decimal strings they are.
 */
export type C2cPushKind = 'newOrder' | 'paid' | 'released' | 'appeal' | 'decision'

const T: Record<LangCode, Record<C2cPushKind, [string, string]>> = {
  en: {
    newOrder: ['New C2C order', 'Order {id} on your ad: {qty} {coin}.'],
    paid: ['Buyer has paid', 'Order {id}: check your account, then release {qty} {coin}.'],
    released: ['Coins released', 'Order {id}: {qty} {coin} are in your funding account.'],
    appeal: ['Appeal opened', 'Order {id} is under appeal; the coins stay frozen.'],
    decision: ['Appeal decided', 'Customer service has decided on order {id}.'],
  },
  tw: {
    newOrder: ['新的 C2C 訂單', '您的廣告有新訂單 {id}：{qty} {coin}。'],
    paid: ['買方已付款', '訂單 {id}：請確認收款後放行 {qty} {coin}。'],
    released: ['已放幣', '訂單 {id}：{qty} {coin} 已轉入您的資金帳戶。'],
    appeal: ['已提出申訴', '訂單 {id} 申訴中，幣保持凍結。'],
    decision: ['申訴已裁決', '客服已對訂單 {id} 作出裁決。'],
  },
  zh: {
    newOrder: ['新的 C2C 订单', '您的广告有新订单 {id}：{qty} {coin}。'],
    paid: ['买方已付款', '订单 {id}：请确认收款后放行 {qty} {coin}。'],
    released: ['已放币', '订单 {id}：{qty} {coin} 已转入您的资金账户。'],
    appeal: ['已提出申诉', '订单 {id} 申诉中，币保持冻结。'],
    decision: ['申诉已裁决', '客服已对订单 {id} 作出裁决。'],
  },
  jp: {
    newOrder: ['新しいC2C注文', 'あなたの広告に注文 {id}：{qty} {coin}。'],
    paid: ['買い手が支払いました', '注文 {id}：入金を確認してから {qty} {coin} を解放してください。'],
    released: ['コインが解放されました', '注文 {id}：{qty} {coin} が資金口座に入りました。'],
    appeal: ['申し立てが開始されました', '注文 {id} は申し立て中です。コインは凍結されたままです。'],
    decision: ['申し立ての裁定', 'カスタマーサービスが注文 {id} を裁定しました。'],
  },
  kor: {
    newOrder: ['새 C2C 주문', '내 광고에 주문 {id}: {qty} {coin}.'],
    paid: ['구매자가 결제했습니다', '주문 {id}: 입금을 확인한 후 {qty} {coin}을(를) 해제하세요.'],
    released: ['코인이 해제되었습니다', '주문 {id}: {qty} {coin}이(가) 자금 계정에 입금되었습니다.'],
    appeal: ['이의 제기 접수', '주문 {id}이(가) 이의 제기 중이며 코인은 동결 상태입니다.'],
    decision: ['이의 제기 결정', '고객센터가 주문 {id}에 대해 결정했습니다.'],
  },
  de: {
    newOrder: ['Neue C2C-Order', 'Order {id} auf Ihre Anzeige: {qty} {coin}.'],
    paid: ['Käufer hat bezahlt', 'Order {id}: Prüfen Sie Ihr Konto, dann geben Sie {qty} {coin} frei.'],
    released: ['Coins freigegeben', 'Order {id}: {qty} {coin} sind in Ihrem Funding-Konto.'],
    appeal: ['Einspruch eröffnet', 'Order {id} ist im Einspruch; die Coins bleiben eingefroren.'],
    decision: ['Einspruch entschieden', 'Der Kundendienst hat über Order {id} entschieden.'],
  },
  fin: {
    newOrder: ['Uusi C2C-tilaus', 'Tilaus {id} ilmoitukseesi: {qty} {coin}.'],
    paid: ['Ostaja on maksanut', 'Tilaus {id}: tarkista tilisi ja vapauta sitten {qty} {coin}.'],
    released: ['Kolikot vapautettu', 'Tilaus {id}: {qty} {coin} on rahoitustililläsi.'],
    appeal: ['Valitus avattu', 'Tilauksesta {id} on valitus; kolikot pysyvät jäädytettyinä.'],
    decision: ['Valitus ratkaistu', 'Asiakaspalvelu on ratkaissut tilauksen {id}.'],
  },
  fra: {
    newOrder: ['Nouvel ordre C2C', 'Ordre {id} sur votre annonce : {qty} {coin}.'],
    paid: ['L’acheteur a payé', 'Ordre {id} : vérifiez votre compte, puis libérez {qty} {coin}.'],
    released: ['Coins libérés', 'Ordre {id} : {qty} {coin} sont sur votre compte de financement.'],
    appeal: ['Litige ouvert', 'L’ordre {id} est en litige ; les coins restent gelés.'],
    decision: ['Litige tranché', 'Le service client a tranché l’ordre {id}.'],
  },
  it: {
    newOrder: ['Nuovo ordine C2C', 'Ordine {id} sul tuo annuncio: {qty} {coin}.'],
    paid: ['L’acquirente ha pagato', 'Ordine {id}: controlla il conto, poi rilascia {qty} {coin}.'],
    released: ['Monete rilasciate', 'Ordine {id}: {qty} {coin} sono nel tuo conto fondi.'],
    appeal: ['Reclamo aperto', 'L’ordine {id} è in reclamo; le monete restano congelate.'],
    decision: ['Reclamo deciso', 'Il servizio clienti ha deciso sull’ordine {id}.'],
  },
  pl: {
    newOrder: ['Nowe zlecenie C2C', 'Zlecenie {id} na Twoje ogłoszenie: {qty} {coin}.'],
    paid: ['Kupujący zapłacił', 'Zlecenie {id}: sprawdź konto, potem zwolnij {qty} {coin}.'],
    released: ['Monety zwolnione', 'Zlecenie {id}: {qty} {coin} są na Twoim koncie środków.'],
    appeal: ['Otwarto odwołanie', 'Zlecenie {id} jest w odwołaniu; monety pozostają zamrożone.'],
    decision: ['Odwołanie rozstrzygnięte', 'Obsługa klienta rozstrzygnęła zlecenie {id}.'],
  },
  pt: {
    newOrder: ['Nova ordem C2C', 'Ordem {id} no seu anúncio: {qty} {coin}.'],
    paid: ['O comprador pagou', 'Ordem {id}: verifique a sua conta e depois libere {qty} {coin}.'],
    released: ['Moedas liberadas', 'Ordem {id}: {qty} {coin} estão na sua conta de fundos.'],
    appeal: ['Recurso aberto', 'A ordem {id} está em recurso; as moedas continuam congeladas.'],
    decision: ['Recurso decidido', 'O suporte decidiu sobre a ordem {id}.'],
  },
  spa: {
    newOrder: ['Nueva orden C2C', 'Orden {id} en su anuncio: {qty} {coin}.'],
    paid: ['El comprador ha pagado', 'Orden {id}: revise su cuenta y luego libere {qty} {coin}.'],
    released: ['Monedas liberadas', 'Orden {id}: {qty} {coin} están en su cuenta de fondos.'],
    appeal: ['Apelación abierta', 'La orden {id} está en apelación; las monedas siguen congeladas.'],
    decision: ['Apelación resuelta', 'Atención al cliente ha resuelto la orden {id}.'],
  },
  swe: {
    newOrder: ['Ny C2C-order', 'Order {id} på din annons: {qty} {coin}.'],
    paid: ['Köparen har betalat', 'Order {id}: kontrollera ditt konto och släpp sedan {qty} {coin}.'],
    released: ['Mynt släppta', 'Order {id}: {qty} {coin} finns på ditt finansieringskonto.'],
    appeal: ['Överklagande öppnat', 'Order {id} är överklagad; mynten förblir frysta.'],
    decision: ['Överklagande avgjort', 'Kundtjänst har avgjort order {id}.'],
  },
  tr: {
    newOrder: ['Yeni C2C emri', 'İlanınızda {id} numaralı emir: {qty} {coin}.'],
    paid: ['Alıcı ödedi', 'Emir {id}: hesabınızı kontrol edin, sonra {qty} {coin} serbest bırakın.'],
    released: ['Coinler serbest bırakıldı', 'Emir {id}: {qty} {coin} fon hesabınızda.'],
    appeal: ['İtiraz açıldı', 'Emir {id} itirazda; coinler dondurulmuş kalır.'],
    decision: ['İtiraz karara bağlandı', 'Müşteri hizmetleri {id} numaralı emir hakkında karar verdi.'],
  },
  ukr: {
    newOrder: ['Нове C2C-замовлення', 'Замовлення {id} на ваше оголошення: {qty} {coin}.'],
    paid: ['Покупець оплатив', 'Замовлення {id}: перевірте рахунок, потім відпустіть {qty} {coin}.'],
    released: ['Монети відпущено', 'Замовлення {id}: {qty} {coin} на вашому рахунку коштів.'],
    appeal: ['Відкрито апеляцію', 'Замовлення {id} в апеляції; монети залишаються замороженими.'],
    decision: ['Апеляцію вирішено', 'Служба підтримки ухвалила рішення щодо замовлення {id}.'],
  },
}

export function c2cPushText(
  lang: string,
  kind: C2cPushKind,
  values: Record<string, string>,
): { title: string; body: string } {
  const [title, body] = T[isLangCode(lang) ? lang : DEFAULT_LANG][kind]
  return { title, body: body.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '') }
}

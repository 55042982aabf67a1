import { DEFAULT_LANG, isLangCode, type LangCode } from '@common/i18n/languages'

/** Server-written push texts of the service area, in every app language. `{number}` is a ticket number. */
export interface SupportPushTexts {
  chatTitle: string
  /** A staff message that is only a picture. */
  chatImage: string
  ticketTitle: string
  ticketClosedTitle: string
  ticketClosedBody: string
}

export const SERVICE_PUSH_TEXTS: Record<LangCode, SupportPushTexts> = {
  en: {
    chatTitle: 'Customer service replied',
    chatImage: 'Sent you a picture',
    ticketTitle: 'Reply to your ticket {number}',
    ticketClosedTitle: 'Ticket {number} closed',
    ticketClosedBody: 'Staff closed your ticket. You can reopen it within 7 days.',
  },
  tw: {
    chatTitle: '客服已回覆',
    chatImage: '傳送了一張圖片',
    ticketTitle: '您的工單 {number} 有新回覆',
    ticketClosedTitle: '工單 {number} 已關閉',
    ticketClosedBody: '客服已關閉您的工單，7 天內可重新開啟。',
  },
  zh: {
    chatTitle: '客服已回复',
    chatImage: '发送了一张图片',
    ticketTitle: '您的工单 {number} 有新回复',
    ticketClosedTitle: '工单 {number} 已关闭',
    ticketClosedBody: '客服已关闭您的工单，7 天内可重新打开。',
  },
  jp: {
    chatTitle: 'カスタマーサービスから返信があります',
    chatImage: '画像が送信されました',
    ticketTitle: 'チケット {number} に返信があります',
    ticketClosedTitle: 'チケット {number} はクローズされました',
    ticketClosedBody: 'スタッフがチケットをクローズしました。7 日以内であれば再開できます。',
  },
  kor: {
    chatTitle: '고객센터가 답변했습니다',
    chatImage: '사진을 보냈습니다',
    ticketTitle: '티켓 {number}에 답변이 있습니다',
    ticketClosedTitle: '티켓 {number}이(가) 종료되었습니다',
    ticketClosedBody: '담당자가 티켓을 종료했습니다. 7일 이내에 다시 열 수 있습니다.',
  },
  de: {
    chatTitle: 'Der Kundenservice hat geantwortet',
    chatImage: 'Hat Ihnen ein Bild gesendet',
    ticketTitle: 'Antwort auf Ihr Ticket {number}',
    ticketClosedTitle: 'Ticket {number} geschlossen',
    ticketClosedBody:
      'Der Support hat Ihr Ticket geschlossen. Sie können es innerhalb von 7 Tagen wieder öffnen.',
  },
  fra: {
    chatTitle: 'Le service client a répondu',
    chatImage: 'Vous a envoyé une image',
    ticketTitle: 'Réponse à votre ticket {number}',
    ticketClosedTitle: 'Ticket {number} fermé',
    ticketClosedBody: 'Le support a fermé votre ticket. Vous pouvez le rouvrir pendant 7 jours.',
  },
  spa: {
    chatTitle: 'Atención al cliente ha respondido',
    chatImage: 'Te ha enviado una imagen',
    ticketTitle: 'Respuesta a tu ticket {number}',
    ticketClosedTitle: 'Ticket {number} cerrado',
    ticketClosedBody: 'El equipo de soporte cerró tu ticket. Puedes reabrirlo durante 7 días.',
  },
  it: {
    chatTitle: 'Il servizio clienti ha risposto',
    chatImage: 'Ti ha inviato un’immagine',
    ticketTitle: 'Risposta al tuo ticket {number}',
    ticketClosedTitle: 'Ticket {number} chiuso',
    ticketClosedBody: 'Il supporto ha chiuso il tuo ticket. Puoi riaprirlo entro 7 giorni.',
  },
  pt: {
    chatTitle: 'O atendimento respondeu',
    chatImage: 'Enviou-lhe uma imagem',
    ticketTitle: 'Resposta ao seu ticket {number}',
    ticketClosedTitle: 'Ticket {number} fechado',
    ticketClosedBody: 'O suporte fechou o seu ticket. Pode reabri-lo no prazo de 7 dias.',
  },
  pl: {
    chatTitle: 'Obsługa klienta odpowiedziała',
    chatImage: 'Wysłano Ci zdjęcie',
    ticketTitle: 'Odpowiedź na zgłoszenie {number}',
    ticketClosedTitle: 'Zgłoszenie {number} zamknięte',
    ticketClosedBody: 'Obsługa zamknęła Twoje zgłoszenie. Możesz je ponownie otworzyć w ciągu 7 dni.',
  },
  tr: {
    chatTitle: 'Müşteri hizmetleri yanıtladı',
    chatImage: 'Size bir resim gönderdi',
    ticketTitle: '{number} numaralı talebinize yanıt',
    ticketClosedTitle: '{number} numaralı talep kapatıldı',
    ticketClosedBody: 'Destek ekibi talebinizi kapattı. 7 gün içinde yeniden açabilirsiniz.',
  },
  ukr: {
    chatTitle: 'Служба підтримки відповіла',
    chatImage: 'Надіслано вам зображення',
    ticketTitle: 'Відповідь на ваше звернення {number}',
    ticketClosedTitle: 'Звернення {number} закрито',
    ticketClosedBody: 'Підтримка закрила ваше звернення. Ви можете відкрити його знову протягом 7 днів.',
  },
  swe: {
    chatTitle: 'Kundtjänst har svarat',
    chatImage: 'Skickade en bild till dig',
    ticketTitle: 'Svar på ditt ärende {number}',
    ticketClosedTitle: 'Ärende {number} stängt',
    ticketClosedBody: 'Supporten stängde ditt ärende. Du kan öppna det igen inom 7 dagar.',
  },
  fin: {
    chatTitle: 'Asiakaspalvelu vastasi',
    chatImage: 'Lähetti sinulle kuvan',
    ticketTitle: 'Vastaus tikettiisi {number}',
    ticketClosedTitle: 'Tiketti {number} suljettu',
    ticketClosedBody: 'Tuki sulki tikettisi. Voit avata sen uudelleen 7 päivän kuluessa.',
  },
}

export function supportPushText(
  lang: string,
  key: keyof SupportPushTexts,
  values: Record<string, string> = {},
): string {
  const texts = SERVICE_PUSH_TEXTS[isLangCode(lang) ? lang : DEFAULT_LANG]
  return texts[key].replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m)
}

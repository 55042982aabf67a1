import QRCode from 'qrcode'
import { drawQr, posterCanvas } from '@/ui/poster'

/** The registration link with an invite code (the registration page reads `inviteCode`). */
export function inviteLink(base: string, code: string): string {
  const root = base.replace(/#.*$/, '')
  return `${root}#/pages/reg/index?inviteCode=${encodeURIComponent(code)}`
}

/** The QR code of a text as an SVG path (one square per dark module), for crisp display at any size. */
export function qrPath(text: string): { size: number; d: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  let d = ''
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) d += `M${c} ${r}h1v1h-1z`
  return { size: n, d }
}

export interface InviteCard {
  brand: string
  title: string
  subtitle: string
  codeLabel: string
  code: string
  link: string
}

const W = 600
const H = 840

/** Draws the invitation poster (brand, invitation, code, QR of the link) on a canvas. */
export function drawInviteCard(canvas: HTMLCanvasElement, card: InviteCard, font: string): void {
  const poster = posterCanvas(canvas, W, H, font)
  if (!poster) return
  const { g, text } = poster
  const bg = g.createLinearGradient(0, 0, W, H)
  bg.addColorStop(0, '#1d2b53')
  bg.addColorStop(1, '#0b0d10')
  g.fillStyle = bg
  g.fillRect(0, 0, W, H)
  text(card.brand, 40, 64, 26, '#ffffff', 700)
  text(card.title, 40, 170, 40, '#ffffff', 800)
  text(card.subtitle, 40, 220, 22, '#b4bcc8')
  text(card.codeLabel, 40, 300, 20, '#8b95a3')
  text(card.code, 40, 350, 44, '#f0b90b', 800)
  const box = 260
  drawQr(g, card.link, (W - box) / 2, 420, box)
  g.font = `400 15px ${font}`
  g.fillStyle = '#8b95a3'
  const link = card.link.length > 60 ? `${card.link.slice(0, 59)}…` : card.link
  g.fillText(link, 40, H - 60, W - 80)
}

import { drawQr, posterCanvas } from '@/ui/poster'

export interface ShareCard {
  title: string
  sideLabel: string
  side: 'long' | 'short'
  leverage: string
  pnlPercent: string
  /** Positive PnL is drawn in the up colour. */
  up: boolean
  rows: [string, string][]
  link: string
  linkLabel: string
  brand: string
}

const W = 600
const H = 840

/** Draws the profit-share card (instrument, side, leverage, PnL %, prices, referral QR) on a canvas. */
export function drawShareCard(canvas: HTMLCanvasElement, card: ShareCard, font: string): void {
  const poster = posterCanvas(canvas, W, H, font)
  if (!poster) return
  const { g, text } = poster
  const bg = g.createLinearGradient(0, 0, 0, H)
  bg.addColorStop(0, '#0f1b33')
  bg.addColorStop(1, '#0b0d10')
  g.fillStyle = bg
  g.fillRect(0, 0, W, H)
  const up = '#2ec27e'
  const down = '#f25f5c'
  text(card.brand, 40, 64, 26, '#ffffff', 700)
  text(card.title, 40, 150, 34, '#ffffff', 700)
  g.font = `700 22px ${font}`
  const sideW = g.measureText(card.sideLabel).width + 24
  g.fillStyle = card.side === 'long' ? up : down
  g.fillRect(40, 172, sideW, 36)
  text(card.sideLabel, 52, 198, 22, '#0b0d10', 700)
  text(card.leverage, 40 + sideW + 16, 198, 22, '#b4bcc8', 600)
  text(card.pnlPercent, 40, 300, 72, card.up ? up : down, 800)
  let y = 380
  for (const [label, value] of card.rows) {
    text(label, 40, y, 20, '#8b95a3')
    g.font = `600 24px ${font}`
    g.fillStyle = '#ffffff'
    g.fillText(value, 40, y + 32, W - 80)
    y += 84
  }
  // QR code of the referral link.
  const box = 150
  drawQr(g, card.link, W - 40 - box, H - 40 - box, box)
  text(card.linkLabel, 40, H - 120, 20, '#b4bcc8')
  g.font = `400 15px ${font}`
  g.fillStyle = '#8b95a3'
  const link = card.link.length > 46 ? `${card.link.slice(0, 45)}…` : card.link
  g.fillText(link, 40, H - 86, W - box - 100)
}

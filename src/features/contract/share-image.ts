import QRCode from 'qrcode'

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
  const scale = 2
  canvas.width = W * scale
  canvas.height = H * scale
  const g = canvas.getContext('2d')
  if (!g) return
  g.scale(scale, scale)
  const bg = g.createLinearGradient(0, 0, 0, H)
  bg.addColorStop(0, '#0f1b33')
  bg.addColorStop(1, '#0b0d10')
  g.fillStyle = bg
  g.fillRect(0, 0, W, H)
  const up = '#2ec27e'
  const down = '#f25f5c'
  const text = (s: string, x: number, y: number, size: number, color: string, weight = 400) => {
    g.font = `${weight} ${size}px ${font}`
    g.fillStyle = color
    g.fillText(s, x, y, W - x - 40)
  }
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
  // QR code of the referral link, drawn module by module (crisp at any scale).
  const qr = QRCode.create(card.link, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const box = 150
  const cell = box / (n + 8)
  const x0 = W - 40 - box
  const y0 = H - 40 - box
  g.fillStyle = '#ffffff'
  g.fillRect(x0, y0, box, box)
  g.fillStyle = '#000000'
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) g.fillRect(x0 + (c + 4) * cell, y0 + (r + 4) * cell, cell + 0.3, cell + 0.3)
  text(card.linkLabel, 40, H - 120, 20, '#b4bcc8')
  g.font = `400 15px ${font}`
  g.fillStyle = '#8b95a3'
  const link = card.link.length > 46 ? `${card.link.slice(0, 45)}…` : card.link
  g.fillText(link, 40, H - 86, W - box - 100)
}

/** The canvas as a PNG file. */
export function canvasPng(canvas: HTMLCanvasElement, name: string): Promise<File | null> {
  return new Promise((resolve) =>
    canvas.toBlob((b) => resolve(b ? new File([b], name, { type: 'image/png' }) : null), 'image/png'),
  )
}

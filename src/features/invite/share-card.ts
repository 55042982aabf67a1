import QRCode from 'qrcode'

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
  const scale = 2
  canvas.width = W * scale
  canvas.height = H * scale
  const g = canvas.getContext('2d')
  if (!g) return
  g.scale(scale, scale)
  const bg = g.createLinearGradient(0, 0, W, H)
  bg.addColorStop(0, '#1d2b53')
  bg.addColorStop(1, '#0b0d10')
  g.fillStyle = bg
  g.fillRect(0, 0, W, H)
  const text = (s: string, x: number, y: number, size: number, color: string, weight = 400) => {
    g.font = `${weight} ${size}px ${font}`
    g.fillStyle = color
    g.fillText(s, x, y, W - x - 40)
  }
  text(card.brand, 40, 64, 26, '#ffffff', 700)
  text(card.title, 40, 170, 40, '#ffffff', 800)
  text(card.subtitle, 40, 220, 22, '#b4bcc8')
  text(card.codeLabel, 40, 300, 20, '#8b95a3')
  text(card.code, 40, 350, 44, '#f0b90b', 800)
  const qr = QRCode.create(card.link, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const box = 260
  const cell = box / (n + 8)
  const x0 = (W - box) / 2
  const y0 = 420
  g.fillStyle = '#ffffff'
  g.fillRect(x0, y0, box, box)
  g.fillStyle = '#000000'
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) g.fillRect(x0 + (c + 4) * cell, y0 + (r + 4) * cell, cell + 0.3, cell + 0.3)
  g.font = `400 15px ${font}`
  g.fillStyle = '#8b95a3'
  const link = card.link.length > 60 ? `${card.link.slice(0, 59)}…` : card.link
  g.fillText(link, 40, H - 60, W - 80)
}

/** The canvas as a PNG file. */
export function canvasPng(canvas: HTMLCanvasElement, name: string): Promise<File | null> {
  return new Promise((resolve) =>
    canvas.toBlob((b) => resolve(b ? new File([b], name, { type: 'image/png' }) : null), 'image/png'),
  )
}

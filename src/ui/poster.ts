import QRCode from 'qrcode'

/**
 * A share poster's canvas: `w` × `h` CSS pixels drawn at twice the resolution, its 2D context and a
 * one-line text writer (`text(s, x, y, size, colour, weight)`, clipped 40 px before the right edge).
 */
export function posterCanvas(canvas: HTMLCanvasElement, w: number, h: number, font: string) {
  const scale = 2
  canvas.width = w * scale
  canvas.height = h * scale
  const g = canvas.getContext('2d')
  if (!g) return null
  g.scale(scale, scale)
  const text = (s: string, x: number, y: number, size: number, color: string, weight = 400) => {
    g.font = `${weight} ${size}px ${font}`
    g.fillStyle = color
    g.fillText(s, x, y, w - x - 40)
  }
  return { g, text }
}

/** The QR code of `link` in a white `box`-px square at (x0, y0), drawn module by module (crisp at any scale). */
export function drawQr(g: CanvasRenderingContext2D, link: string, x0: number, y0: number, box: number): void {
  const qr = QRCode.create(link, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const cell = box / (n + 8)
  g.fillStyle = '#ffffff'
  g.fillRect(x0, y0, box, box)
  g.fillStyle = '#000000'
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) g.fillRect(x0 + (c + 4) * cell, y0 + (r + 4) * cell, cell + 0.3, cell + 0.3)
}

/** The canvas as a PNG file. */
export function canvasPng(canvas: HTMLCanvasElement, name: string): Promise<File | null> {
  return new Promise((resolve) =>
    canvas.toBlob((b) => resolve(b ? new File([b], name, { type: 'image/png' }) : null), 'image/png'),
  )
}

/** Saves a file through a download link. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file)
  const a = document.createElement('a')
  a.href = url
  a.download = file.name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Whether the system share sheet takes this file. */
export function canShareFile(file: File | null): boolean {
  return Boolean(file && navigator.canShare?.({ files: [file] }))
}

/** Hands the file to the system share sheet; `onFail` unless the user closed it. */
export async function shareFile(file: File, data: { title: string; url?: string }, onFail: () => void) {
  try {
    await navigator.share({ files: [file], ...data })
  } catch (e) {
    if ((e as DOMException).name !== 'AbortError') onFail()
  }
}

import { IMAGE_TARGET_BYTES } from '@common/constants'

/** Longest side tried first; each pass lowers quality, then size, until under the target. */
const START_SIDE = 1600

/** Pure: the next (side, quality) to try after an attempt came out too large. */
export function nextAttempt(side: number, quality: number): { side: number; quality: number } | null {
  if (quality > 0.5) return { side, quality: Math.round((quality - 0.1) * 10) / 10 }
  if (side > 480) return { side: Math.round(side * 0.75), quality: 0.8 }
  return null
}

/** Scale so the longest side is at most `max`. */
export function fitWithin(w: number, h: number, max: number): { w: number; h: number } {
  const k = Math.min(1, max / Math.max(w, h))
  return { w: Math.max(1, Math.round(w * k)), h: Math.max(1, Math.round(h * k)) }
}

/** Compress a picked image to a JPEG of about 200 KB (docs/spec.md section 9), in the browser. */
export async function compressImage(file: Blob, target = IMAGE_TARGET_BYTES): Promise<Blob> {
  const bitmap = await createImageBitmap(file)
  let side = START_SIDE
  let quality = 0.9
  let best: Blob | null = null
  for (;;) {
    const { w, h } = fitWithin(bitmap.width, bitmap.height, side)
    const canvas = document.createElement('canvas')
    canvas.width = w
    canvas.height = h
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('no canvas')
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, w, h)
    ctx.drawImage(bitmap, 0, 0, w, h)
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', quality))
    if (!blob) throw new Error('encode failed')
    best = blob
    if (blob.size <= target) break
    const next = nextAttempt(side, quality)
    if (!next) break
    ;({ side, quality } = next)
  }
  bitmap.close()
  return best
}

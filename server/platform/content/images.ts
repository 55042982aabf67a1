import sharp from 'sharp'
import { AppError } from '../../http/errors'

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
const MAX_SIDE = 2000

/** The real type from the first bytes, whatever the name or declared type says. */
export function sniffImage(buf: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg'
  if (buf.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => buf[i] === b))
    return 'png'
  if (
    buf.length >= 12 &&
    String.fromCharCode(...buf.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...buf.subarray(8, 12)) === 'WEBP'
  )
    return 'webp'
  return null
}

/**
 * Checks size and content, then re-encodes as JPEG: orientation applied, at most 2000 px a side,
 * and no metadata (EXIF, GPS, ICC) survives because sharp writes none unless asked.
 */
export async function reencodeImage(buf: Buffer): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (buf.length > UPLOAD_MAX_BYTES) throw new AppError('fileTooLarge')
  if (!sniffImage(buf)) throw new AppError('fileType')
  try {
    const { data, info } = await sharp(buf, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
    return { bytes: data, width: info.width, height: info.height }
  } catch {
    // Right magic bytes, broken body.
    throw new AppError('fileType')
  }
}

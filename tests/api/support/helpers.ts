import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'

/** A fresh visitor key, as the app makes one. */
export const visitorKey = () => randomBytes(16).toString('hex')

/** A small JPEG carrying EXIF metadata (an artist tag), to see it stripped. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: 'SECRET-ARTIST' } } })
    .toBuffer()
}

export async function multipart(
  app: FastifyInstance,
  url: string,
  bytes: Buffer,
  opts: { token?: string; field?: string; type?: string } = {},
) {
  const boundary = '----service'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'image'}"; filename="a.jpg"\r\nContent-Type: ${opts.type ?? 'image/jpeg'}\r\n\r\n`
  const res = await app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  })
  return res.json() as { code: number; msg: string; data: { id: string } }
}

/** GET of a raw (non-envelope) API path; returns status, content type and body bytes. */
export async function raw(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { type: String(res.headers['content-type'] ?? ''), body: res.rawPayload, json: () => res.json() }
}

export function expectCode(r: { code: number; msg: string }, code: number): void {
  expect(r.code, r.msg).toBe(code)
}

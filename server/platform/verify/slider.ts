import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import sharp from 'sharp'
import type { Db } from '../../db/db'
import { columnOf } from '../../db/rows'
import { AppError } from '../../http/errors'

/**
 * The slider check: the server draws a picture with a gap at a secret offset and a matching
 * piece; the user slides the piece into the gap. A close enough answer (once) yields a ticket
 * that one code send spends. Images are raster PNGs so the offset is not in the markup.
 */
export const SLIDER_W = 300
export const SLIDER_H = 160
export const PIECE = 50
const TOLERANCE_PX = 6
const CHALLENGE_TTL_MS = 2 * 60 * 1000
const TICKET_TTL_MS = 5 * 60 * 1000

const hashTicket = (t: string) => createHash('sha256').update(t).digest('hex')

function backgroundSvg(): string {
  const hue = randomInt(360)
  const shapes: string[] = []
  for (let i = 0; i < 14; i++) {
    const h = (hue + randomInt(140)) % 360
    const x = randomInt(SLIDER_W)
    const y = randomInt(SLIDER_H)
    const r = 12 + randomInt(40)
    shapes.push(
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${h},70%,${45 + randomInt(25)}%)" fill-opacity="0.75"/>`
        : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="6" transform="rotate(${randomInt(90)} ${x} ${y})" fill="hsl(${h},65%,${40 + randomInt(30)}%)" fill-opacity="0.7"/>`,
    )
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDER_W}" height="${SLIDER_H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},55%,38%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`
}

export interface SliderChallenge {
  challengeId: string
  width: number
  height: number
  pieceSize: number
  pieceY: number
  background: string
  piece: string
}

export async function createChallenge(db: Db): Promise<SliderChallenge> {
  const gapX = PIECE + 20 + randomInt(SLIDER_W - 2 * PIECE - 30)
  const gapY = 10 + randomInt(SLIDER_H - PIECE - 20)
  const base = await sharp(Buffer.from(backgroundSvg())).png().toBuffer()
  const piece = await sharp(base)
    .extract({ left: gapX, top: gapY, width: PIECE, height: PIECE })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE}" height="${PIECE}"><rect x="1" y="1" width="${PIECE - 2}" height="${PIECE - 2}" rx="6" fill="none" stroke="white" stroke-width="2"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer()
  const hole = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE}" height="${PIECE}"><rect x="1" y="1" width="${PIECE - 2}" height="${PIECE - 2}" rx="6" fill="black" fill-opacity="0.55" stroke="white" stroke-opacity="0.8" stroke-width="2"/></svg>`,
  )
  const background = await sharp(base)
    .composite([{ input: hole, left: gapX, top: gapY }])
    .png()
    .toBuffer()
  const id = randomUUID()
  await db
    .insertInto('slider_challenge')
    .values({ id, gap_x: gapX, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .execute()
  return {
    challengeId: id,
    width: SLIDER_W,
    height: SLIDER_H,
    pieceSize: PIECE,
    pieceY: gapY,
    background: `data:image/png;base64,${background.toString('base64')}`,
    piece: `data:image/png;base64,${piece.toString('base64')}`,
  }
}

/** One answer per challenge: right gives a ticket, wrong burns the challenge (1304). */
export async function answerChallenge(db: Db, challengeId: string, x: number): Promise<string> {
  const now = new Date()
  const ticket = randomBytes(24).toString('base64url')
  const row = await db
    .updateTable('slider_challenge')
    .set({ answered_at: now })
    .where('id', '=', challengeId)
    .where('answered_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['gap_x'])
    .executeTakeFirst()
  if (!row || Math.abs(row.gap_x - x) > TOLERANCE_PX) throw new AppError('sliderFailed')
  await db
    .updateTable('slider_challenge')
    .set({ ticket_hash: hashTicket(ticket), expires_at: new Date(now.getTime() + TICKET_TTL_MS) })
    .where('id', '=', challengeId)
    .execute()
  return ticket
}

/** Spends a ticket (single use) or throws 1303. */
export async function spendTicket(db: Db, ticket: string): Promise<void> {
  const now = new Date()
  const res = await db
    .updateTable('slider_challenge')
    .set({ used_at: now })
    .where('ticket_hash', '=', hashTicket(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst()
  if (!res) throw new AppError('sliderRequired')
}

/** For tests: the secret offset of a challenge. */
export async function challengeGap(db: Db, challengeId: string): Promise<number | null> {
  return (await columnOf(db, 'slider_challenge', 'gap_x', 'id', challengeId)) ?? null
}

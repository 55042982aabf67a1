import { parseLang } from '@common/i18n/languages'
import {
  conversationQuerySchema,
  imageIdSchema,
  readSchema,
  sendMessageSchema,
  suggestQuerySchema,
  visitorQuerySchema,
} from '@common/support/schema'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentUser, optionalUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { UPLOAD_MAX_BYTES } from '../../platform/content/images'
import type { ModuleDeps } from '../../platform/module-deps'
import { staffGate } from '../../platform/staff/duties'
import { supportAdminRoutes } from './admin-routes'
import { chatService, hashVisitor } from './chat'
import { suggestHelp } from './help'
import type { Owner } from './wire'
import { workRoutes } from './work-routes'

/**
 * /api/service/*: the customer service chat for users and visitors (pages/service/home is
 * public). A visitor passes its key as `visitor` in the query string; a logged-in user passing
 * one takes that visitor's conversation into the account. Work orders: work-routes.ts.
 */
export async function supportRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const chat = chatService(db)
  const opt = { preHandler: optionalUser }
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 } })

  async function ownerOf(req: FastifyRequest): Promise<Owner> {
    const { visitor } = parse(visitorQuerySchema, { visitor: (req.query as { visitor?: unknown }).visitor })
    if (req.user) {
      if (visitor) await chat.merge(req.user.id, hashVisitor(visitor))
      return { userId: req.user.id }
    }
    if (!visitor) throw new AppError('invalidSession')
    return { visitorHash: hashVisitor(visitor) }
  }

  app.get('/service/conversation', opt, async (req) => {
    const { id } = parse(conversationQuerySchema, req.query)
    return ok(await chat.view(await ownerOf(req), id))
  })

  app.get('/service/conversations', { preHandler: requireUser }, async (req) =>
    ok(await chat.conversations(currentUser(req).id)),
  )

  app.post('/service/message', opt, async (req) => {
    const owner = await ownerOf(req)
    return ok(await chat.send(owner, parse(sendMessageSchema, req.body)))
  })

  app.post('/service/read', opt, async (req) => {
    const owner = await ownerOf(req)
    await chat.ownerRead(owner, parse(readSchema, req.body).upTo)
    return ok(null)
  })

  app.post('/service/typing', opt, async (req) => {
    await chat.ownerTyping(await ownerOf(req))
    return ok(null)
  })

  app.get('/service/suggest', async (req) => {
    const { q } = parse(suggestQuerySchema, req.query)
    return ok(await suggestHelp(db, q, parseLang(req.headers.lang)))
  })

  app.post('/service/image', opt, async (req) => {
    const owner = await ownerOf(req)
    if (!req.isMultipart()) throw new AppError('fileType')
    let raw: Buffer
    try {
      const file = await req.file()
      if (file?.fieldname !== 'image') throw new AppError('fileType')
      raw = await file.toBuffer()
    } catch (err) {
      if (err instanceof AppError) throw err
      const e = err as { code?: string; statusCode?: number }
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('fileTooLarge')
      if (e.statusCode === 413 || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FILES_LIMIT') throw err
      throw new AppError('badRequest')
    }
    return ok(await chat.uploadImage(owner, raw))
  })

  // The conversation's owner and staff only; anyone else gets the same not-found as a missing id.
  app.get('/service/image/:id', opt, async (req, reply) => {
    const { id } = parse(imageIdSchema, req.params)
    // Staff see any conversation's pictures once set up, like the console (1700/1701).
    const gate = await staffGate(db, req.user)
    const staff = gate.staff
    let owner: Owner | null = null
    if (!staff) {
      try {
        owner = await ownerOf(req)
      } catch {
        throw (!gate.staff && gate.refusal) || new AppError('notFound')
      }
    }
    const bytes = await chat.image(id, { owner, staff }).catch((err: unknown) => {
      throw (!gate.staff && gate.refusal) || err
    })
    reply.header('content-type', 'image/jpeg').header('cache-control', 'no-store')
    reply.header('x-content-type-options', 'nosniff')
    return bytes
  })

  await app.register(workRoutes, deps)
  await app.register(supportAdminRoutes, { ...deps, prefix: '/admin/service' })
}

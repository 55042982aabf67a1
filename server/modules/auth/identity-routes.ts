import { randomUUID } from 'node:crypto'
import { advancedIdentitySchema, basicIdentitySchema, uploadParamsSchema } from '@common/account/schema'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { reencodeImage, UPLOAD_MAX_BYTES } from '../../platform/content/images'
import { ownUploadCount } from '../../platform/content/uploads'
import { countryList } from '../../platform/identity/countries'
import { auditIdentityDocument, staffGate } from '../../platform/staff/duties'
import type { AuthCtx } from './context'
import {
  advancedStatusOf,
  identityOf,
  insertUpload,
  saveBasicIdentity,
  submitAdvancedIdentity,
  uploadOf,
} from './identity-repo'

/**
 * A multipart body the parser could not read (no boundary, cut short, malformed headers) is the
 * client's fault: 1100, never a 500. Size and part limits keep their own answers (413).
 */
function multipartFailure(err: unknown): unknown {
  if (err instanceof AppError) return err
  const e = err as { code?: string; statusCode?: number }
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('fileTooLarge')
  if (e.statusCode === 413 || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FILES_LIMIT') return err
  return new AppError('badRequest')
}

export async function identityRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  const { db } = ctx
  const auth = { preHandler: requireUser }
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } })

  app.post('/uploadImage', auth, async (req) => {
    const me = currentUser(req)
    if (!req.isMultipart()) throw new AppError('fileType')
    let file: Awaited<ReturnType<typeof req.file>>
    let raw: Buffer
    try {
      file = await req.file()
      if (file?.fieldname !== 'image') throw new AppError('fileType')
      raw = await file.toBuffer()
    } catch (err) {
      throw multipartFailure(err)
    }
    const img = await reencodeImage(raw)
    const id = randomUUID()
    await insertUpload(db, {
      id,
      owner_id: me.id,
      mime: 'image/jpeg',
      size: img.bytes.length,
      width: img.width,
      height: img.height,
      bytes: img.bytes,
    })
    return ok({ id, url: `upload/${id}`, width: img.width, height: img.height })
  })

  // Only the owner and staff; anyone else gets the same 1004 as for a missing file.
  app.get('/upload/:id', auth, async (req, reply) => {
    const me = currentUser(req)
    const { id } = parse(uploadParamsSchema, req.params)
    const row = await uploadOf(db, id)
    if (row?.owner_id !== me.id) {
      // Staff: only once set up, like the console (1700/1701); identity documents are audited.
      const gate = await staffGate(db, me)
      if (!gate.staff) throw gate.refusal ?? new AppError('notFound')
      if (!row) throw new AppError('notFound')
      await auditIdentityDocument(db, { id: me.id, ip: req.ip }, id)
    }
    if (!row) throw new AppError('notFound')
    reply.header('content-type', row.mime).header('cache-control', 'no-store')
    reply.header('x-content-type-options', 'nosniff')
    return Buffer.from(row.bytes)
  })

  app.get('/user/identity', auth, async (req) => {
    const me = currentUser(req)
    const row = await identityOf(db, me.id)
    if (!row) return ok({ basic: null, advanced: { status: 'none', rejectReason: null, submittedAt: null } })
    return ok({
      basic: {
        nationality: row.nationality,
        realName: row.real_name,
        // Shown masked: the full number never needs to travel back.
        idNumber: `${row.id_number.slice(0, 3)}****${row.id_number.slice(-2)}`,
      },
      advanced: {
        status: row.advanced_status,
        rejectReason: row.reject_reason,
        submittedAt: row.submitted_at ? new Date(row.submitted_at).getTime() : null,
      },
    })
  })

  app.post('/user/identity/basic', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(basicIdentitySchema, req.body)
    if (!countryList().some((c) => c.code === body.nationality))
      throw new AppError('invalidField', { data: { field: 'nationality', reason: 'invalid_country' } })
    const status = await advancedStatusOf(db, me.id)
    if (status === 'pending') throw new AppError('identityPending')
    if (status === 'verified') throw new AppError('identityVerified')
    await saveBasicIdentity(db, me.id, {
      nationality: body.nationality,
      real_name: body.realName,
      id_number: body.idNumber,
    })
    return ok(null)
  })

  app.post('/user/identity/advanced', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(advancedIdentitySchema, req.body)
    const status = await advancedStatusOf(db, me.id)
    if (status === undefined) throw new AppError('basicRequired')
    if (status === 'pending') throw new AppError('identityPending')
    if (status === 'verified') throw new AppError('identityVerified')
    const ids = [body.front, body.back, body.hand]
    if (new Set(ids).size !== 3) throw new AppError('uploadInvalid')
    if ((await ownUploadCount(db, ids, me.id)) !== 3) throw new AppError('uploadInvalid')
    await submitAdvancedIdentity(db, me.id, body)
    return ok(null)
  })
}

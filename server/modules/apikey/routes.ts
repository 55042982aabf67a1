import { apiKeyCreateSchema, apiKeyIdSchema, apiKeyUpdateSchema } from '@common/apikey/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { configureApiKeys, createKey, listKeys, revokeKey, updateKey } from '../../platform/api-keys/index'
import { getUser } from '../../platform/identity/users'
import type { ModuleDeps } from '../../platform/module-deps'
import { proveKeyFactor } from './second-factor'

/**
 * Key management (the security centre's API keys screen) and the server clock. A key never
 * reaches these routes (server/http/api-key-routes.ts): only a session manages keys.
 */
export async function apiKeyRoutes(app: FastifyInstance, { db }: ModuleDeps): Promise<void> {
  configureApiKeys()
  const auth = { preHandler: requireUser }

  // The server clock, for signed requests' X-API-TIMESTAMP.
  app.get('/time', async () => ok({ serverTime: Date.now() }))

  app.post('/apikey/create', auth, async (req) => {
    const body = parse(apiKeyCreateSchema, req.body)
    const user = await getUser(db, currentUser(req).id)
    await proveKeyFactor(db, user, body)
    return ok(await createKey(db, user.id, body))
  })

  app.get('/apikey/list', auth, async (req) => ok(await listKeys(db, currentUser(req).id, { live: true })))

  app.post('/apikey/update', auth, async (req) => {
    const body = parse(apiKeyUpdateSchema, req.body)
    const user = await getUser(db, currentUser(req).id)
    await proveKeyFactor(db, user, body)
    await updateKey(db, user.id, body.id, body)
    return ok(null)
  })

  app.post('/apikey/delete', auth, async (req) => {
    const { id } = parse(apiKeyIdSchema, req.body)
    const me = currentUser(req).id
    if (!(await revokeKey(db, id, { reason: 'deleted by owner', actorId: me, userId: me })))
      throw new AppError('apiKeyNotFound')
    return ok(null)
  })
}

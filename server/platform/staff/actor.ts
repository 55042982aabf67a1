import type { FastifyRequest } from 'fastify'
import { currentUser } from '../../http/auth'

/** The console's common context for one action: who, with which role, from where. */
export function actor(req: FastifyRequest) {
  const me = currentUser(req)
  return { actorId: me.id, role: me.role, ip: req.ip }
}

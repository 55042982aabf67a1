import { countedPage } from '@common/api/page'
import {
  articleIdSchema,
  articleListSchema,
  bannerImageParamsSchema,
  coverParamsSchema,
  notifiableIdSchema,
  notifiablesSchema,
} from '@common/content/schema'
import { parseLang } from '@common/i18n/languages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { langChain, pickText, textsOf, withTexts } from '../../platform/content/article-texts'
import { loadClause } from '../../platform/content/clause'
import { renderMarkdown, summarize } from '../../platform/content/markdown'
import type { ModuleDeps } from '../../platform/module-deps'
import { publishedBannerImage } from './banner-repo'
import {
  articleHead,
  articlesPage,
  liveArticle,
  liveCover,
  ms,
  notifiablesPage,
  readNotice,
  readNotification,
  servicePages,
} from './repo'

const chainOf = (req: FastifyRequest) => langChain(parseLang(req.headers.lang))

/** A personal notification in the reader's language, when it was stored in every language. */
function personalText(
  texts: Record<string, { title: string; body: string }> | null,
  chain: string[],
): { title: string; body: string } | null {
  if (!texts) return null
  for (const l of chain) if (texts[l]) return texts[l]
  return null
}

/** An article as lists and pages show it, in the reader's language (`t`, picked by the chain). */
function card(r: Parameters<typeof articleHead>[0], t: { lang: string; title: string } | null) {
  return { ...articleHead(r), lang: t?.lang ?? null, title: t?.title ?? '' }
}

/** News, notices, help academy, service pages and the user's notifications (docs/spec.md section 7). */
export async function contentRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  app.get('/article/list', async (req) => {
    const q = parse(articleListSchema, req.query)
    const chain = chainOf(req)
    const { total, rows } = await articlesPage(db, q, chain)
    return ok(
      countedPage(
        (await withTexts(db, rows)).map(([r, texts]) => {
          const t = pickText(texts, chain)
          return { ...card(r, t), summary: summarize(t?.body ?? '') }
        }),
        total,
        q,
      ),
    )
  })

  async function detail(req: FastifyRequest, onlyService: boolean) {
    const { id } = parse(articleIdSchema, req.query)
    const row = await liveArticle(db, id, onlyService)
    if (!row) throw new AppError('notFound')
    const t = pickText((await textsOf(db, [id])).get(id) ?? [], chainOf(req))
    return ok({ ...card(row, t), html: renderMarkdown(t?.body ?? '') })
  }
  app.get('/article/detail', (req) => detail(req, false))
  app.get('/article/serviceDetail', (req) => detail(req, true))

  app.get('/services', async (req) => {
    const chain = chainOf(req)
    return ok(
      (await withTexts(db, await servicePages(db))).map(([r, texts]) => {
        const t = pickText(texts, chain)
        return { id: String(r.id), title: t?.title ?? '', summary: summarize(t?.body ?? '') }
      }),
    )
  })

  // A published article's cover and a published banner's image are public, unlike the uploads they come from.
  app.get('/article/cover/:id', async (req, reply) => {
    const row = await liveCover(db, parse(coverParamsSchema, req.params).id)
    if (!row) throw new AppError('notFound')
    return image(reply, row)
  })
  app.get('/banner/image/:id/:lang', async (req, reply) => {
    const { id, lang } = parse(bannerImageParamsSchema, req.params)
    const row = await publishedBannerImage(db, id, lang)
    if (!row) throw new AppError('notFound')
    return image(reply, row)
  })

  // The privacy policy (docs/spec.md lists POST; GET too, so it can be read and cached like other articles).
  const privacy = async (req: FastifyRequest) =>
    ok(await loadClause(db, parseLang(req.headers.lang), 'privacy'))
  app.get('/user/clause', privacy)
  app.post('/user/clause', privacy)

  const auth = { preHandler: requireUser }

  app.get('/user/myNotifiables', auth, async (req) => {
    const me = currentUser(req)
    const q = parse(notifiablesSchema, req.query)
    const chain = chainOf(req)
    const { rows, total, unread } = await notifiablesPage(db, me.id, q)
    const texts = await textsOf(
      db,
      rows.filter((r) => r.article_id !== null).map((r) => String(r.article_id)),
    )
    return ok({
      ...countedPage(
        rows.map((r) => {
          const t = r.article_id
            ? pickText(texts.get(String(r.article_id)) ?? [], chain)
            : personalText(r.texts, chain)
          return {
            id: r.id,
            kind: r.article_id ? 'notice' : 'personal',
            articleId: r.article_id ? String(r.article_id) : null,
            title: t ? t.title : (r.title ?? ''),
            summary: summarize(t ? t.body : (r.body ?? '')),
            createdAt: ms(r.at),
            read: Boolean(r.read),
          }
        }),
        total,
        q,
      ),
      unread,
    })
  })

  app.get('/user/readNotifiable', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(notifiableIdSchema, req.query)
    const num = id.slice(1)
    // Someone else's notification answers exactly like a missing one.
    const found = id.startsWith('a')
      ? await readNotice(db, me.id, num)
      : await readNotification(db, me.id, num)
    if (!found) throw new AppError('notFound')
    return ok({ id, read: true })
  })
}

/** A public image: cached a day, never sniffed as anything but its type. */
function image(reply: FastifyReply, row: { mime: string; bytes: Uint8Array }) {
  reply.header('content-type', row.mime).header('cache-control', 'public, max-age=86400')
  reply.header('x-content-type-options', 'nosniff')
  return Buffer.from(row.bytes)
}

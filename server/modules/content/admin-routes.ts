import { countedPage } from '@common/api/page'
import {
  articleActionSchema,
  articleAdminListSchema,
  articleIdSchema,
  articlePinSchema,
  articleSaveSchema,
  bannerSaveSchema,
  previewSchema,
} from '@common/content/schema'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { withTexts } from '../../platform/content/article-texts'
import { renderMarkdown } from '../../platform/content/markdown'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { changeBannerStatus, listBanners, saveBanner } from './banners'
import { articleSnapshot, pinArticle, publishArticle, saveArticle, unpublishArticle } from './console'
import { articleHead, consoleArticlesPage, ms } from './repo'

/**
 * /api/admin/content/*: articles (news, notices, help, service pages) and banners, every change
 * audited (console.ts, banners.ts). Staff only: the console gate (server/platform/staff/duties.ts)
 * runs before every /api/admin handler.
 */
export async function contentAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  app.get('/banners', async () => ok(await listBanners(db)))
  app.post('/banner/save', async (req) =>
    ok(await saveBanner(db, parse(bannerSaveSchema, req.body), actor(req))),
  )
  for (const [path, status, action] of [
    ['/banner/publish', 'published', 'content.banner.publish'],
    ['/banner/unpublish', 'draft', 'content.banner.unpublish'],
  ] as const)
    app.post(path, async (req) =>
      ok(await changeBannerStatus(db, parse(articleActionSchema, req.body).id, status, action, actor(req))),
    )

  app.get('/list', async (req) => {
    const q = parse(articleAdminListSchema, req.query)
    const { total, rows } = await consoleArticlesPage(db, q)
    return ok(
      countedPage(
        (await withTexts(db, rows)).map(([r, t]) => ({
          ...articleHead(r),
          status: r.status,
          updatedAt: ms(r.updated_at),
          langs: t.map((x) => x.lang),
          title: (t.find((x) => x.lang === 'en') ?? t.find((x) => x.lang === 'tw') ?? t[0])?.title ?? '',
        })),
        total,
        q,
      ),
    )
  })

  app.get('/detail', async (req) => {
    const a = await articleSnapshot(db, parse(articleIdSchema, req.query).id)
    if (!a) throw new AppError('notFound')
    return ok(a)
  })

  app.post('/preview', async (req) => ok({ html: renderMarkdown(parse(previewSchema, req.body).body) }))

  app.post('/save', async (req) => ok(await saveArticle(db, parse(articleSaveSchema, req.body), actor(req))))

  app.post('/publish', async (req) =>
    ok(await publishArticle(db, parse(articleActionSchema, req.body).id, actor(req), req.log)),
  )

  app.post('/unpublish', async (req) =>
    ok(await unpublishArticle(db, parse(articleActionSchema, req.body).id, actor(req))),
  )

  app.post('/pin', async (req) => {
    const { id, pinned } = parse(articlePinSchema, req.body)
    return ok(await pinArticle(db, id, pinned, actor(req)))
  })
}

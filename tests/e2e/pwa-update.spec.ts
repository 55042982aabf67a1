import http from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { expect, test } from '@playwright/test'
import { english } from './helpers'

/**
 * A pass-through proxy in front of the e2e server that can serve a new build of the service worker:
 * after release(), /sw.js gets one more comment line, which is all a browser needs to see a new
 * version. The static directory (dist in CI) is never touched and the server has no test switch.
 */
async function startReleaseProxy(target: URL) {
  let build = 0
  const server = http.createServer((req, res) => {
    const isWorker = (req.url ?? '').split('?')[0] === '/sw.js'
    const headers = { ...req.headers, host: target.host }
    if (isWorker) {
      // The whole script, uncompressed and never "not modified", so it can be changed.
      delete headers['accept-encoding']
      delete headers['if-none-match']
      delete headers['if-modified-since']
    }
    const up = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (r) => {
        if (!isWorker || build === 0) {
          res.writeHead(r.statusCode ?? 502, r.headers)
          r.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        r.on('data', (c: Buffer) => chunks.push(c))
        r.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(`\n// release ${build}\n`)])
          const { etag: _e, 'last-modified': _l, 'content-length': _c, ...rest } = r.headers
          res.writeHead(r.statusCode ?? 502, { ...rest, 'content-length': body.length })
          res.end(body)
        })
      },
    )
    up.on('error', () => {
      res.statusCode = 502
      res.end()
    })
    req.pipe(up)
  })
  // The live feed's WebSocket goes through as raw bytes.
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`]
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      up.write(`${lines.join('\r\n')}\r\n\r\n`)
      up.write(head)
      socket.pipe(up).pipe(socket)
    })
    up.on('error', () => socket.destroy())
    socket.on('error', () => up.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    release: () => {
      build++
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

test('a new version is offered, never forced on a half-filled form, and Reload activates it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const proxy = await startReleaseProxy(new URL(baseURL ?? 'http://localhost:4173/'))
  try {
    await english(page)
    // The worker's versions as Chromium reports them: status per version id.
    const cdp = await context.newCDPSession(page)
    const versions = new Map<number, string>()
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
      for (const v of e.versions) versions.set(Number(v.versionId), v.status)
    })
    await cdp.send('ServiceWorker.enable')

    await page.goto(`${proxy.origin}/#/pages/reg/index`)
    // The app registers its worker itself (once the first route has painted), which takes control of
    // this first visit once it has precached the app (~2 MB: over 10 s on a loaded 2-core machine).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    })
    await expect.poll(() => [...versions.values()]).toEqual(['activated'])
    const first = Math.max(...versions.keys())

    // The user is in the middle of a form when the new version arrives.
    const email = page.getByLabel('E-mail', { exact: true })
    await email.fill('half.done@example.com')
    proxy.release()
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      await reg?.update()
    })

    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available.' })
    await expect(prompt).toBeVisible({ timeout: 45_000 })
    await expect.poll(() => versions.size).toBe(2)
    const second = Math.max(...versions.keys())
    expect(versions.get(second)).toBe('installed')
    // Waiting, not forced: the form keeps what was typed.
    await page.waitForTimeout(1000)
    await expect(email).toHaveValue('half.done@example.com')
    expect(versions.get(first)).toBe('activated')

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()])
    await expect.poll(() => versions.get(second)).toBe('activated')
    expect(versions.get(first)).toBe('redundant')
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('')
    await expect(prompt).toHaveCount(0)
    expect(
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration()
        return { waiting: reg?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null }
      }),
    ).toEqual({ waiting: null, controlled: true })
  } finally {
    await proxy.close()
  }
})

import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * The import rules of the server and the client (biome.json `overrides`, docs/architecture.md)
 * hold: a deliberate violation fails `biome lint`. The probes are written to a scratch copy of the project's layout
 * with the project's own biome.json, so the test never touches the working tree.
 */

const root = path.resolve(import.meta.dirname, '..')
const biome = path.join(root, 'node_modules', '.bin', 'biome')

/** file -> lines; each line is one import, `// bad` marks the ones the rules must refuse. */
const PROBES: Record<string, string[]> = {
  'server/modules/etf/probe.ts': [
    "import { spotService } from '../spot/service' // bad",
    "import { x1 } from '../../modules/spot/service' // bad",
    "import { x2 } from '../c2c' // bad",
    "import { x3 } from '../index' // bad",
    "import { x4 } from '../../cluster/core' // bad",
    "import { x5 } from '../../realtime/hub' // bad",
    "import { x6 } from '../../app' // bad",
    "import { writeAudit } from '../../platform/staff/audit'",
    "import { loanLock } from '../../platform/ports/loan-lock'",
    "import { ok } from '../../http/envelope'",
    "import { postEntry } from '../../ledger/ledger'",
    "import { OrderBook } from '../../engine/order-book'",
    "import type { Db } from '../../db/db'",
    "import type { MarketData } from '../../market/service'",
    "import type { Config } from '../../config'",
    "import { etfService } from './service'",
    "import { ETF } from '@common/etf/schema'",
  ],
  'server/modules/c2c/orders/probe.ts': [
    "import { x7 } from '../../loan/lock' // bad",
    "import { x8 } from '../../../modules/loan/lock' // bad",
    "import { repo } from '../repo'",
    "import { chat } from '../chat/service'",
    "import { actor } from '../../../platform/staff/actor'",
  ],
  'server/platform/notify/probe.ts': [
    "import { pushText } from '../../modules/push/texts' // bad",
    "import { x9 } from '../../cluster/control' // bad",
    "import { sender } from './sender'",
    "import { audit } from '../staff/audit'",
  ],
  'server/http/probe.ts': [
    "import { resolveToken } from '../modules/auth/sessions' // bad",
    "import { sessions } from '../platform/identity/sessions'",
  ],
  'server/ledger/probe.ts': ["import { loanService } from '../modules/loan/service' // bad"],
  // The client's layers: features never import each other, src/app or src/routes; src/lib and
  // src/ui import no feature, app or route.
  'src/features/etf/probe.ts': [
    "import { Field } from '@/features/account/Field' // bad",
    "import { x10 } from '../assets/api' // bad",
    "import { x11 } from '../../features/market/api' // bad",
    "import { x12 } from '@/app/query' // bad",
    "import { x13 } from '@/routes/__root' // bad",
    "import { etfKeys } from './api'",
    "import { EtfsAdminPage } from './console/EtfsAdminPage'",
    "import { http } from '@/lib/http/client'",
    "import { DataTable } from '@/ui/console/DataTable'",
    "import { etfSchema } from '@common/etf/schema'",
  ],
  'src/features/c2c/console/probe.tsx': [
    "import { x14 } from '../../loan/api' // bad",
    "import { x15 } from '@/features/c2c/api' // bad",
    "import { ORDER_STATUS } from '../labels'",
    "import { AuthedPhoto } from '@/ui/console/AuthedPhoto'",
  ],
  'src/lib/market/probe.ts': [
    "import { x16 } from '@/features/market/favorites' // bad",
    "import { x17 } from '../../app/i18n' // bad",
    "import { x18 } from '@/app/query' // bad",
    "import { store } from '@/lib/store'",
    "import { http } from '../http/client'",
  ],
  'src/ui/console/probe.tsx': [
    "import { x19 } from '../../features/admin/api' // bad",
    "import { x20 } from '@/routes/admin/route' // bad",
    "import { usePrivateImage } from '@/lib/http/use-private-image'",
    "import { Sheet } from '../Sheet'",
  ],
}

let dir = ''
let flagged = new Set<string>()

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'))
  const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'))
  delete config.$schema
  fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config))
  for (const [file, lines] of Object.entries(PROBES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), `${lines.join('\n')}\n`)
  }
  const run = spawnSync(
    biome,
    ['lint', '--only=style/noRestrictedImports', '--max-diagnostics=none', 'server', 'src'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  )
  const out = `${run.stdout}\n${run.stderr}`
  flagged = new Set(
    [...out.matchAll(/^((?:server|src)\/\S+\.tsx?):(\d+):\d+ lint\/style\/noRestrictedImports/gm)].map(
      (m) => `${m[1]}:${m[2]}`,
    ),
  )
  // Guard against a silent pass (biome missing, config unreadable): the run must have linted.
  expect(out).toMatch(/Checked \d+ files?/)
}, 60_000)

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

describe('import rules of the server and the client (biome noRestrictedImports)', () => {
  for (const [file, lines] of Object.entries(PROBES)) {
    lines.forEach((line, i) => {
      const bad = line.endsWith('// bad')
      const spec = line.replace(/.* from '([^']+)'.*/, '$1')
      it(`${file}: ${spec} is ${bad ? 'refused' : 'allowed'}`, () => {
        expect(flagged.has(`${file}:${i + 1}`)).toBe(bad)
      })
    })
  }
})

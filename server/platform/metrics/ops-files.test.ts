import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import './collectors'
import { collectProcessMetrics, registry } from './registry'

// js-yaml comes with the toolchain (cosmiconfig); it has no types of its own.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown }
const root = path.resolve(import.meta.dirname, '../../..')

/** Metric names an expression uses (identifiers before `{`, `[`, a space or an operator, minus PromQL words). */
function metricsOf(expr: string): string[] {
  const words = new Set([
    'sum',
    'rate',
    'by',
    'max',
    'min',
    'time',
    'or',
    'and',
    'on',
    'le',
    'histogram_quantile',
  ])
  const names = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .match(/[a-z_][a-z0-9_]*/g)
  return [
    ...new Set((names ?? []).filter((n) => n.includes('_') && !words.has(n) && !n.endsWith('_over_time'))),
  ]
}

/** The series names the registry exposes (a histogram as its _bucket, _sum and _count). */
async function exposed(): Promise<Set<string>> {
  collectProcessMetrics()
  const names = new Set<string>()
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name)
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m.name + s)
  }
  return names
}

describe('ops files', () => {
  it('alerts.yml is a Prometheus rule file whose every alert uses metrics this server exposes', async () => {
    const doc = yaml.load(fs.readFileSync(path.join(root, 'ops/prometheus/alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: { alert?: string; expr: string; for?: string; labels?: object }[] }[]
    }
    const names = await exposed()
    const alerts = doc.groups.flatMap((g) => g.rules)
    expect(alerts.map((a) => a.alert)).toEqual([
      'ExchangeSchedulerLate',
      'ExchangeIndexStale',
      'ExchangeHttp5xx',
      'ExchangeOrderLatencyP99',
      'ExchangeLedgerCheckFailing',
      'ExchangeHotWalletLow',
      'ExchangeEventLoopLag',
      'ExchangeCoreOwnsNothing',
    ])
    for (const a of alerts) {
      expect(typeof a.expr, a.alert).toBe('string')
      if (a.for) expect(a.for, a.alert).toMatch(/^\d+[smhd]$/)
      const used = metricsOf(a.expr)
      expect(used.length, a.alert).toBeGreaterThan(0)
      for (const m of used) expect(names.has(m), `${a.alert}: ${m}`).toBe(true)
    }
  })

  it('the Grafana dashboard is valid JSON whose every query uses metrics this server exposes', async () => {
    const dash = JSON.parse(fs.readFileSync(path.join(root, 'ops/grafana/exchange.json'), 'utf8')) as {
      uid: string
      panels: { type: string; gridPos: object; targets?: { expr: string; refId: string }[] }[]
    }
    const names = await exposed()
    expect(dash.uid).toBe('open-exchange')
    const queries = dash.panels.flatMap((p) => p.targets ?? [])
    expect(queries.length).toBeGreaterThan(20)
    for (const q of queries)
      for (const m of metricsOf(q.expr)) expect(names.has(m), `${q.expr}: ${m}`).toBe(true)
  })
})

import type { Plugin } from 'vite'

/**
 * klinecharts' init() builds an Intl.DateTimeFormat (its store's setTimezone) that only its own
 * default date formatter reads, and the app replaces that formatter (chart-config.ts). A page's first
 * Intl date format costs a mid-range phone 20-45 ms in one piece, inside the chart's first task; the
 * build makes it lazy: built the first time klinecharts asks for it. Each edit must match once, so
 * an upgrade that changes this code fails the build instead of silently undoing the change.
 */
const EDITS: ReadonlyArray<readonly [string, string]> = [
  [
    'StoreImp.prototype.setTimezone = function (timezone) {',
    'StoreImp.prototype.setTimezone = function (timezone) { this._wantedTimezone = timezone; this._dateTimeFormat = undefined; };\n' +
      '    StoreImp.prototype._ensureDateTimeFormat = function () { if (this._dateTimeFormat === undefined) this._buildDateTimeFormat(this._wantedTimezone); };\n' +
      '    StoreImp.prototype._buildDateTimeFormat = function (timezone) {',
  ],
  [
    'StoreImp.prototype.getTimezone = function () {',
    'StoreImp.prototype.getTimezone = function () {\n        this._ensureDateTimeFormat();',
  ],
  [
    'StoreImp.prototype.getDateTimeFormat = function () {',
    'StoreImp.prototype.getDateTimeFormat = function () {\n        this._ensureDateTimeFormat();',
  ],
  [
    '{ dateTimeFormat: _this._dateTimeFormat,',
    '{ get dateTimeFormat() { return _this.getDateTimeFormat(); },',
  ],
]

export function klinechartsLazyIntl(): Plugin {
  return {
    name: 'klinecharts-lazy-intl',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]klinecharts[\\/]dist[\\/]index\.esm\.js$/.test(id)) return null
      let out = code
      for (const [from, to] of EDITS) {
        if (out.split(from).length !== 2) this.error(`klinecharts changed: "${from}" is not there once`)
        out = out.replace(from, to)
      }
      return { code: out, map: null }
    },
  }
}

import type { Plugin } from 'vite'

type Edit = readonly [from: string, to: string]

/**
 * klinecharts' init() builds an Intl.DateTimeFormat (its store's setTimezone) that only its own
 * default date formatter reads, and the app replaces that formatter (chart-config.ts). A page's first
 * Intl date format costs a mid-range phone 20-45 ms in one piece, inside the chart's first task: it
 * is built the first time klinecharts asks for it instead.
 */
const LAZY_INTL: Edit[] = [
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

/**
 * Each canvas is first drawn at a size estimated from its CSS size and the pixel ratio, and drawn
 * again when its ResizeObserver reports the exact device-pixel size a frame or two later; at a
 * fractional ratio (1.75, 2.625, 2.75: most Android phones) the two differ, so every chart started
 * with two full drawings. A canvas now waits for that first report (or for the browser to say it
 * has none) and is drawn once, at the right size.
 */
const DRAW_ONCE_SIZED: Edit[] = [
  [
    'this._nextPixelHeight = 0;\n        this._requestAnimationId = DEFAULT_REQUEST_ID;\n',
    'this._nextPixelHeight = 0;\n        this._requestAnimationId = DEFAULT_REQUEST_ID;\n' +
      '        this._sizeObserved = false;\n        this._drawWaiting = false;\n',
  ],
  [
    '                    if (_this._sizeInitialized && isValid(size)) {',
    '                    if (isValid(size)) _this._sizeKnown();\n' +
      '                    if (_this._sizeInitialized && isValid(size)) {',
  ],
  [
    '            else {\n                _this._observePixelRatio();\n            }',
    '            else {\n                _this._sizeKnown();\n                _this._observePixelRatio();\n            }',
  ],
  [
    '                if (_this._destroyed) {\n                    return;\n                }\n                if (_this._resizePending) {',
    '                if (_this._destroyed) {\n                    return;\n                }\n' +
      '                if (!_this._sizeObserved) {\n                    _this._drawWaiting = true;\n                    return;\n                }\n' +
      '                if (_this._resizePending) {',
  ],
  [
    'Canvas.prototype._scheduleDraw = function (resize) {',
    'Canvas.prototype._sizeKnown = function () {\n' +
      '        if (this._sizeObserved) return;\n' +
      '        this._sizeObserved = true;\n' +
      '        if (this._drawWaiting) { this._drawWaiting = false; this._scheduleDraw(); }\n' +
      '    };\n' +
      '    Canvas.prototype._scheduleDraw = function (resize) {',
  ],
]

/** Edits to klinecharts in the build; each must match once, so an upgrade that changes this code
 * fails the build instead of silently undoing an edit. */
export function klinechartsPatches(): Plugin {
  return {
    name: 'klinecharts-patches',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]klinecharts[\\/]dist[\\/]index\.esm\.js$/.test(id)) return null
      let out = code
      for (const [from, to] of [...LAZY_INTL, ...DRAW_ONCE_SIZED]) {
        if (out.split(from).length !== 2) this.error(`klinecharts changed: "${from}" is not there once`)
        out = out.replace(from, to)
      }
      return { code: out, map: null }
    },
  }
}

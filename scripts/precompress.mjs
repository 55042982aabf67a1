// Writes a Brotli (.br) and a gzip (.gz) copy next to each compressible file of the built app, so
// the server sends static files compressed once at build time, at the highest levels, instead of
// compressing every response again (@fastify/static preCompressed; see server/app.ts).
//   node scripts/precompress.mjs [dir=dist]
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dir = process.argv[2] ?? 'dist'
const TYPES = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/
const MIN_BYTES = 1024 // the server's own compression threshold (server/app.ts)

function* files(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name)
    if (e.isDirectory()) yield* files(p)
    else if (TYPES.test(e.name)) yield p
  }
}

let count = 0
let raw = 0
let br = 0
for (const file of files(dir)) {
  const body = fs.readFileSync(file)
  if (body.length < MIN_BYTES) continue
  const b = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
  const g = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION })
  // A copy that is not smaller is not worth a second file: the original is sent as it is.
  if (b.length < body.length) fs.writeFileSync(`${file}.br`, b)
  if (g.length < body.length) fs.writeFileSync(`${file}.gz`, g)
  count++
  raw += body.length
  br += Math.min(b.length, body.length)
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
)

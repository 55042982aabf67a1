// Renders the PWA icons from one SVG (run once; the PNGs are committed): npm run icons
import fs from 'node:fs'
import sharp from 'sharp'

const mark = (pad) => `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" rx="${pad ? 0 : 112}" fill="#1f6feb"/>
<g transform="translate(256 256) scale(${pad ? 0.62 : 0.8}) translate(-256 -256)">
<path d="M104 360 L200 232 L280 296 L408 136" stroke="#fff" stroke-width="44" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="408" cy="136" r="30" fill="#3fb950"/></g></svg>`

const out = 'public/icons'
fs.mkdirSync(out, { recursive: true })
fs.writeFileSync(`${out}/icon.svg`, mark(false))
const jobs = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['maskable-192.png', 192, true],
  ['apple-touch-icon.png', 180, true],
]
for (const [name, size, pad] of jobs) {
  await sharp(Buffer.from(mark(pad)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}/${name}`)
}
await sharp(Buffer.from(mark(false)))
  .resize(48, 48)
  .png()
  .toFile('public/favicon.png')
console.log('icons written')

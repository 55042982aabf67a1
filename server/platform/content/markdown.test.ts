import { describe, expect, it } from 'vitest'
import { isSafeUrl, renderMarkdown, summarize } from './markdown'

const VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2Zz4=)',
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
  '<object data="x.swf"></object>',
  '<embed src="x">',
  '<form action="https://evil.example"><input></form>',
  '<style>body{display:none}</style>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
]

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdown(
      '# Title\n\n**bold** and [link](https://example.com) and [rel](/pages/x)\n\n- a\n- b',
    )
    expect(html).toContain('<h1>Title</h1>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">link</a>',
    )
    expect(html).toContain('<a href="/pages/x">rel</a>')
    expect(html).toContain('<li>a</li>')
  })

  it.each(VECTORS)('neutralises %s', (vector) => {
    const html = renderMarkdown(vector)
    // No live tag other than the handful Markdown itself produces.
    const tags = [...html.matchAll(/<([a-z0-9]+)[\s>/]/gi)].map((m) => (m[1] as string).toLowerCase())
    for (const tag of tags) expect(['p', 'a', 'img', 'strong', 'em', 'code']).toContain(tag)
    expect(html).not.toMatch(/<(script|iframe|svg|object|embed|form|style|meta|div|input)/i)
    // Attribute values are quoted and escaped; outside them, no event handler attribute.
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son[a-z]+\s*=/i)
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i)
    expect(html).not.toMatch(/src="\s*(javascript|vbscript|data):/i)
  })

  it('escapes raw HTML instead of passing it through', () => {
    expect(renderMarkdown('<b>x</b>')).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>\n')
  })
})

describe('isSafeUrl', () => {
  it('allows web, mail and relative addresses', () => {
    for (const u of [
      'https://a.example/x',
      'http://a.example',
      'mailto:help@example.com',
      '/pages/x',
      '#top',
      'api/article/cover/1',
    ])
      expect(isSafeUrl(u)).toBe(true)
  })
  it('refuses script and data schemes, also disguised', () => {
    for (const u of [
      'javascript:alert(1)',
      ' javascript:x',
      'java\nscript:x',
      'JAVASCRIPT:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example',
    ])
      expect(isSafeUrl(u)).toBe(false)
  })
})

describe('summarize', () => {
  it('strips markup and cuts', () => {
    expect(summarize('# Hi\n\nSee [the guide](/x) **now**')).toBe('Hi See the guide now')
    expect(
      summarize('1. **Secure**: set <b>x</b>\n\n> quoted\n- item\n\n| a | b |\n|---|---|\n| c | d |'),
    ).toBe('1. Secure: set <b>x</b> quoted item a b c d')
    expect(summarize('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`)
  })
})

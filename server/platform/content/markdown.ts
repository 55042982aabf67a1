import MarkdownIt from 'markdown-it'

/**
 * Markdown to safe HTML. Raw HTML in the source is never passed through (`html: false` escapes it),
 * so no script, style, iframe or event-handler attribute can appear; links and images keep only
 * http(s), mailto and same-site relative addresses (no javascript:, data:, vbscript:, file:).
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false })

const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|[a-z0-9_.-]+(?:\/|$))/i

export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const clean = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (/^[a-z][a-z0-9+.-]*:/i.test(clean) && !/^(?:https?|mailto):/i.test(clean)) return false
  return SAFE_URL.test(clean)
}

md.validateLink = (url) => isSafeUrl(url)

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]
  const href = String(token?.attrGet('href') ?? '')
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet('rel', 'noopener noreferrer nofollow')
    token.attrSet('target', '_blank')
  }
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export function renderMarkdown(source: string): string {
  return md.render(source)
}

/** Plain text of a body, for summaries and marquees: the first `max` characters, no markup. */
export function summarize(source: string, max = 140): string {
  const text = source
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+)/, '')
        .replace(/^\s*\|?[\s:|-]*-{3,}[\s:|-]*$/, '')
        .replace(/\s*\|\s*/g, ' '),
    )
    .join(' ')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

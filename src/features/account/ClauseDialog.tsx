import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import form from '@/ui/form/Form.module.css'
import styles from '@/ui/form/Slider.module.css'
import { clauseQueryOptions } from './api'

/** The registration terms from /login/clause. */
export function ClauseDialog({ onClose }: { onClose: () => void }) {
  const { data } = useQuery(clauseQueryOptions())
  return (
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="clause-title">
        <h2 id="clause-title" className={styles.heading}>
          {data?.title ?? <Trans>User agreement</Trans>}
        </h2>
        {data?.html ? (
          <div
            style={{ maxHeight: '55vh', overflow: 'auto', fontSize: 14 }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: published terms, rendered and sanitized on the server (raw HTML escaped, URLs allow-listed)
            dangerouslySetInnerHTML={{ __html: data.html }}
          />
        ) : (
          <div style={{ maxHeight: '55vh', overflow: 'auto', whiteSpace: 'pre-wrap', fontSize: 14 }}>
            {data?.content}
          </div>
        )}
        <button type="button" className={form.primary} onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  )
}

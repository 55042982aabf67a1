import { ARTICLE_TYPES } from '@common/content/schema'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import styles from '@/ui/console/Console.module.css'
import { useTypeLabels } from './labels'

/** An editor's actions: what `before` adds (e.g. Preview), Save, and Back to the list. */
export function EditorBar({
  onSave,
  onClose,
  before,
}: {
  onSave: () => void
  onClose: () => void
  before?: ReactNode
}) {
  const { t } = useLingui()
  return (
    <div className={styles.filters}>
      {before}
      <button type="button" className={styles.btnPrimary} onClick={onSave}>
        {t`Save`}
      </button>
      <button type="button" className={styles.btn} onClick={onClose}>
        {t`Back to the list`}
      </button>
    </div>
  )
}

/** The article types as a select's options, in the console's words. */
export function TypeOptions() {
  const typeLabels = useTypeLabels()
  return ARTICLE_TYPES.map((x) => (
    <option key={x} value={x}>
      {typeLabels[x]}
    </option>
  ))
}

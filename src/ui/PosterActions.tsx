import { canShareFile, saveFile, shareFile } from './poster'
import sheet from './Sheet.module.css'

/**
 * A share poster's two buttons under its canvas: save the image, and hand it to the system share
 * sheet (disabled where the browser cannot share files). `testId` prefixes `-save` and `-share`.
 */
export function PosterActions({
  file,
  share,
  saveLabel,
  shareLabel,
  onShareFail,
  testId,
}: {
  file: File | null
  share: { title: string; url?: string }
  saveLabel: string
  shareLabel: string
  onShareFail: () => void
  testId: string
}) {
  return (
    <div className={sheet.sheetActions}>
      <button
        type="button"
        className={sheet.btn}
        onClick={() => file && saveFile(file)}
        disabled={!file}
        data-testid={`${testId}-save`}
      >
        {saveLabel}
      </button>
      <button
        type="button"
        className={sheet.btnPrimary}
        onClick={() => file && void shareFile(file, share, onShareFail)}
        disabled={!canShareFile(file)}
        data-testid={`${testId}-share`}
      >
        {shareLabel}
      </button>
    </div>
  )
}

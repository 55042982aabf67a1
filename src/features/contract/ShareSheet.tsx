import type { ContractPosition } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { userAtom } from '@/lib/store'
import { showToast } from '@/ui/feedback'
import { PosterActions } from '@/ui/PosterActions'
import { canvasPng } from '@/ui/poster'
import { Sheet } from '@/ui/Sheet'
import styles from './Contract.module.css'
import { usePerpName } from './PositionCard'
import { drawShareCard } from './share-image'
import { shareFileName, shareLink } from './share-link'
import { livePnl } from './ticket'

/** The profit-share image of a position: a PNG the user can save or hand to the system share sheet. */
export function ShareSheet({ p, mark, onClose }: { p: ContractPosition; mark: string; onClose: () => void }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const perp = usePerpName()
  const user = useAtomValue(userAtom)
  const canvas = useRef<HTMLCanvasElement>(null)
  const [file, setFile] = useState<File | null>(null)
  // A snapshot of the position when the sheet opens; drawn once.
  const [card] = useState(() => {
    const { percent } = livePnl(p, mark)
    const up = !percent.startsWith('-')
    const link = shareLink(`${location.origin}${location.pathname}`, user?.inviteCode)
    return {
      percent,
      name: shareFileName(p.symbol, p.side, Date.now()),
      data: {
        brand: document.title || 'Open Exchange',
        title: perp(p.symbol),
        side: p.side,
        sideLabel: p.side === 'long' ? t`Long` : t`Short`,
        leverage: `${p.leverage}x`,
        pnlPercent: `${up ? '+' : ''}${amount(percent, { dp: 2 })}%`,
        up,
        rows: [
          [t`Avg. open price`, amount(p.avgOpenPrice)],
          [t`Mark price`, amount(mark)],
        ] as [string, string][],
        link,
        linkLabel: user?.inviteCode
          ? t`Join with my invite code ${String(user.inviteCode)}`
          : t`Scan to join`,
      },
    }
  })

  useEffect(() => {
    const c = canvas.current
    if (!c) return
    drawShareCard(c, card.data, getComputedStyle(document.body).fontFamily || 'sans-serif')
    void canvasPng(c, card.name).then(setFile)
  }, [card])

  return (
    <Sheet title={t`Share profit`} onClose={onClose} closeLabel={t`Close`} testId="share-sheet">
      <canvas
        ref={canvas}
        className={styles.shareCanvas}
        role="img"
        aria-label={t`${card.data.title} ${card.data.leverage}, PnL ${card.data.pnlPercent}`}
        data-testid="share-canvas"
      />
      <PosterActions
        file={file}
        share={{ title: perp(p.symbol) }}
        onShareFail={() => showToast(t`Sharing failed`, { error: true })}
        saveLabel={t`Save image`}
        shareLabel={t`Share`}
        testId="share"
      />
    </Sheet>
  )
}

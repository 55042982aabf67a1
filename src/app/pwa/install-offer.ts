/** When to offer "install the app" (pure, tested): never in the installed app, never nagging. */

export const INSTALL_DISMISS_KEY = 'installOfferDismissedAt'
export const INSTALL_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000

export type InstallOffer = 'prompt' | 'ios-instructions' | null

export interface InstallContext {
  standalone: boolean
  /** A captured beforeinstallprompt event is waiting. */
  canPrompt: boolean
  userAgent: string
  dismissedAt: number | null
  now: number
}

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent)
}

/** iOS Safari (not Chrome/Firefox/in-app browsers on iOS, which cannot add to the home screen). */
export function isIosSafari(userAgent: string): boolean {
  return (
    isIos(userAgent) &&
    /Safari\//.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|MicroMessenger|FBAN|Instagram/.test(userAgent)
  )
}

export function installOffer(ctx: InstallContext): InstallOffer {
  if (ctx.standalone) return null
  if (ctx.dismissedAt !== null && ctx.now - ctx.dismissedAt < INSTALL_SNOOZE_MS) return null
  if (ctx.canPrompt) return 'prompt'
  if (isIosSafari(ctx.userAgent)) return 'ios-instructions'
  return null
}

import { atom } from 'jotai'

/**
 * True inside a wallet app's browser (set once at start-up by src/app/install-startup.ts); wallet login
 * reads it. A module of its own: features import it without importing the start-up code, which
 * imports the router (and through it every route).
 */
export const walletBrowserAtom = atom(false)

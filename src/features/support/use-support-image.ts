import { usePrivateImage } from '@/lib/http/use-private-image'
import { supportApi } from './api'

/** A chat or ticket picture: its owner (a visitor by the key in the path) and staff only. */
export function useSupportImage(path: string | null): string | undefined {
  return usePrivateImage(path ? supportApi.imagePath(path) : null, { needsToken: false })
}

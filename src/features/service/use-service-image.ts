import { usePrivateImage } from '@/lib/http/use-private-image'
import { serviceApi } from './api'

/** A chat or ticket picture: its owner (a visitor by the key in the path) and staff only. */
export function useServiceImage(path: string | null): string | undefined {
  return usePrivateImage(path ? serviceApi.imagePath(path) : null, { needsToken: false })
}

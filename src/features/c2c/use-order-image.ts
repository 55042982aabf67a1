import { usePrivateImage } from '@/lib/http/use-private-image'
import { imagePath } from './api'

/** Order pictures (chat, payment proof, evidence, payment codes): the order's parties and staff only. */
export function useOrderImage(orderId: string, upload: string | null): string | undefined {
  return usePrivateImage(upload ? imagePath(orderId, upload) : null)
}

import { http } from '@/lib/http/client'

/** The server's slider check (sliderVerify): a puzzle first, then a single-use ticket for the answer. */
export interface SliderChallenge {
  challengeId: string
  width: number
  height: number
  pieceSize: number
  pieceY: number
  background: string
  piece: string
}

export const sliderApi = {
  newChallenge: () => http.post<SliderChallenge>('sliderVerify', {}),
  answerChallenge: (challengeId: string, x: number) =>
    http.post<{ ticket: string }>('sliderVerify', { challengeId, x }, { toast: false }),
}

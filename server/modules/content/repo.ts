import { toMillisOrNull } from '@common/time/time'

export const ms = toMillisOrNull
export const coverUrl = (id: string, cover: string | null) => (cover ? `api/article/cover/${id}` : null)
export const likePattern = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`

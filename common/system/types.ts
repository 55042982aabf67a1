/**
 * The system answers (the newest app release): the wire types the server answers with and the app
 * reads (moved from the app's api.ts files).
 */

export interface Release {
  version: string
  notes: string
  downloadUrl: string | null
  forceUpdate: boolean
  publishedAt: number
}

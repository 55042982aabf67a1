import { useEffect } from 'react'
import { BannerCarousel } from '@/features/content/widgets/BannerCarousel'
import { NoticeMarquee } from '@/features/content/widgets/NoticeMarquee'
import { HomePage, type HomeSlots } from '@/features/home/HomePage'
import { loadErrorsAfterPaint } from './i18n'

// Home shows content's banners and notices, composed here so that home does not import content.
// Here and not in a route file: two routes show home ('/' and its alias /pages/home/index).
const slots: HomeSlots = {
  banners: (banners) => <BannerCarousel banners={banners} />,
  notices: <NoticeMarquee />,
}

export function HomeScreen() {
  // Every other route loads the error messages before it renders; home fetches them after painting.
  useEffect(loadErrorsAfterPaint, [])
  return <HomePage {...slots} />
}

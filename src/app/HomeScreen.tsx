import { BannerCarousel } from '@/features/content/widgets/BannerCarousel'
import { NoticeMarquee } from '@/features/content/widgets/NoticeMarquee'
import { HomePage, type HomeSlots } from '@/features/home/HomePage'

// Home shows content's banners and notices, composed here so that home does not import content.
// Here and not in a route file: two routes show home ('/' and its alias /pages/home/index).
const slots: HomeSlots = {
  banners: (banners) => <BannerCarousel banners={banners} />,
  notices: <NoticeMarquee />,
}

export function HomeScreen() {
  return <HomePage {...slots} />
}

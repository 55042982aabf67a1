import { createFileRoute } from '@tanstack/react-router'
import { AccountSection } from '@/features/account/AccountSection'
import { ContentLinks } from '@/features/content/widgets/ContentLinks'
import { InviteLinks } from '@/features/invite/widgets/InviteLinks'
import { MinePage } from '@/features/settings/MinePage'
import { ServiceLinks } from '@/features/support/widgets/ServiceLinks'

// Mine shows the sections of other products: composed here, so that settings imports none of them.
function Mine() {
  return (
    <MinePage>
      <AccountSection />
      <InviteLinks />
      <ContentLinks />
      <ServiceLinks />
    </MinePage>
  )
}

export const Route = createFileRoute('/pages/mine/index')({ component: Mine })

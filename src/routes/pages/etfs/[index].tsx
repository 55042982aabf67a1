import { createFileRoute } from '@tanstack/react-router'
import { EtfListPage } from '@/features/etf/EtfListPage'

// Public: the ETF products with their NAV.
export const Route = createFileRoute('/pages/etfs/index')({ component: EtfListPage })

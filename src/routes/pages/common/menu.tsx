import { createFileRoute } from '@tanstack/react-router'
import { MenuPage } from '@/features/home/MenuPage'

export const Route = createFileRoute('/pages/common/menu')({ component: MenuPage })

import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '@/features/home/HomePage'

// The spec's alias of '/'.
export const Route = createFileRoute('/pages/home/index')({ component: HomePage })

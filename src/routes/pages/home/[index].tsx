import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '@/app/HomeScreen'

// The spec's alias of '/'.
export const Route = createFileRoute('/pages/home/index')({ component: HomeScreen })

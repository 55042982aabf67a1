import { createFileRoute } from '@tanstack/react-router'
import { LanguageSetPage } from '@/features/settings/LanguageSetPage'

export const Route = createFileRoute('/pages/mine/language-set')({ component: LanguageSetPage })

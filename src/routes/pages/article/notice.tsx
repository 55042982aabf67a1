import { createFileRoute } from '@tanstack/react-router'
import { ArticleListPage } from '@/features/content/ArticleListPage'

export const Route = createFileRoute('/pages/article/notice')({
  component: () => <ArticleListPage type="notice" />,
})

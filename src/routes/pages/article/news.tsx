import { createFileRoute } from '@tanstack/react-router'
import { ArticleListPage } from '@/features/content/ArticleListPage'

export const Route = createFileRoute('/pages/article/news')({
  component: () => <ArticleListPage type="news" />,
})

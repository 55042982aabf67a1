import { createFileRoute } from '@tanstack/react-router'
import { C2cAdminPage } from '@/features/c2c/console/C2cAdminPage'

export const Route = createFileRoute('/admin/c2c')({
  component: C2cAdminPage,
})

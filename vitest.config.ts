import babel from '@rolldown/plugin-babel'
import { defineConfig } from 'vitest/config'

const alias = {
  '@common': new URL('./common', import.meta.url).pathname,
  '@': new URL('./src', import.meta.url).pathname,
}

// Two projects: fast pure units, and API suites that boot the server on a real database.
export default defineConfig({
  resolve: { alias },
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] })],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          // Generous: a suite's set-up migrates a fresh database, minutes on a loaded 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Real processes on PostgreSQL + Redis (skipped without DATABASE_URL and REDIS_URL).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
})

// Regenerates src/routeTree.gen.ts without a build (the Vite plugin does the same on build/dev),
// so a new route file type-checks at once. Options as in vite.config.ts.
import { Generator, getConfig } from '@tanstack/router-generator'

const config = getConfig(
  {
    target: 'react',
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
    autoCodeSplitting: true,
    quoteStyle: 'single',
    semicolons: false,
  },
  process.cwd(),
)
await new Generator({ config, root: process.cwd() }).run()

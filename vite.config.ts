import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { appShell } from './scripts/vite-app-shell'
import { klinechartsPatches } from './scripts/vite-klinecharts-patches'

const apiTarget = `http://localhost:${process.env.PORT || 8080}`

/** Chunks that keep their name in the built file name (see chunkFileNames). */
const KEEP_NAME = /^(vendor|router|screen-kit|shell-paint|QuotePage|[a-z]{2,3})$/

export default defineConfig({
  base: './',
  resolve: {
    alias: {
      '@common': new URL('./common', import.meta.url).pathname,
      '@': new URL('./src', import.meta.url).pathname,
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    appShell(),
    klinechartsPatches(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // The build fails when any catalog lacks a translation (npm run build extracts first).
    // LINGUI_STRICT=0 relaxes this for a local build while a feature's texts await translation.
    lingui({ failOnMissing: process.env.LINGUI_STRICT !== '0', failOnCompileError: true }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ico}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // Every browser the app supports preloads modules itself; the polyfill was first-screen bytes.
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Every lazy route's dependencies are listed by file name in the route chunk that home loads
        // (its preload map, about 290 names), so a name costs every first visit: the shared pieces go
        // by hash alone. The routes' own chunks, the framework groups, the shell's painter and the
        // catalogs (a language code each) keep their names, which the shell's browser tests and a
        // reader of the network panel look for.
        chunkFileNames: (chunk) =>
          KEEP_NAME.test(chunk.name) || chunk.facadeModuleId?.includes('/src/routes/')
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        // Styles are listed in the same map: by hash alone too.
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css'))
            ? 'assets/[hash][extname]'
            : 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|jotai|ky|valibot|big\.js|@lingui[\\/](core|react)|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core|react-query-persist-client|query-persist-client-core|query-sync-storage-persister))[\\/]/,
            },
            // The route tree and every route's definition (not its lazy component): one chunk. Split
            // across two, each imported the other, and the one evaluated first read the other's
            // routes before they existed ("Cannot read properties of undefined (reading 'update')":
            // the app never started).
            {
              name: 'router',
              test: /src[\\/](routeTree\.gen\.ts|app[\\/]router\.ts|routes[\\/][^?]*\.tsx)$/,
            },
            // Small shared pieces of the screens below home (each a chunk of its own, each file name
            // a line in the route chunk's preload map, which home loads): one chunk.
            {
              name: 'screen-kit',
              test: /src[\\/]ui[\\/](Alert|Stat|TabRow|form[\\/]use-form)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
})

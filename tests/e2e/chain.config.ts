// The chain browser test alone, without the shared e2e server (tests/e2e/chain.spec.ts starts a
// server of its own): npx playwright test -c tests/e2e/chain.config.ts
import base from '../../playwright.config'

export default { ...base, testDir: '.', testMatch: 'chain.spec.ts', webServer: undefined }

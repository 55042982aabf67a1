import type { Messages } from '@lingui/core'

/** Loaders of the area catalogs (locales/<area>/<lang>.po), split from the core ones (i18n.ts). */
export const areaLoaders = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po')

import type { Migration } from 'kysely'
import * as m001 from './001-foundation'
import * as m002 from './002-accounts'
import * as m003 from './003-markets'
import * as m004 from './004-ledger'
import * as m005 from './005-spot'
import * as m006 from './006-assets'
import * as m007 from './007-console'
import * as m008 from './008-wallet'
import * as m009 from './009-content'
import * as m010 from './010-push'
import * as m011 from './011-banners'
import * as m012 from './012-push-lang'
import * as m013 from './013-contract'
import * as m014 from './014-contract-premium'
import * as m015 from './015-option'
import * as m016 from './016-etf'
import * as m017 from './017-earn'
import * as m018 from './018-service'
import * as m019 from './019-loan'
import * as m020 from './020-notification-texts'
import * as m021 from './021-invite'
import * as m022 from './022-c2c'
import * as m023 from './023-identity-and-nicknames'
import * as mFourEyes from './024-four-eyes'
import * as mApiKeys from './026-api-keys'
import * as mOrderFlags from './027-order-flags'
import * as m028 from './028-spot-conditional'
import * as mChains from './029-chains'
import * as m031 from './031-trade-candles'

/** Every migration, in order. Imported statically so the bundle-free tsx runtime and tests see the same set. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-accounts': m002,
  '003-markets': m003,
  '004-ledger': m004,
  '008-wallet': m008,
  '005-spot': m005,
  '006-assets': m006,
  '007-console': m007,
  '009-content': m009,
  '010-push': m010,
  '011-banners': m011,
  '012-push-lang': m012,
  '013-contract': m013,
  '014-contract-premium': m014,
  '016-etf': m016,
  '018-service': m018,
  '015-option': m015,
  '017-earn': m017,
  '019-loan': m019,
  '020-notification-texts': m020,
  '021-invite': m021,
  '022-c2c': m022,
  '023-identity-and-nicknames': m023,
  '024-four-eyes': mFourEyes,
  '028-spot-conditional': m028,
  '027-order-flags': mOrderFlags,
  '029-chains': mChains,
  '026-api-keys': mApiKeys,
  '031-trade-candles': m031,
}

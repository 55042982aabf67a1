import { INTERNAL_ERROR } from './envelope'

/**
 * The stable error-code catalogue. Codes never change meaning once shipped; the client
 * translates by `key` (a Lingui message id) and falls back to the English `msg` from the server.
 * Numbers: 1000-1099 session and protocol, 1100-1199 input, 1200+ domain areas.
 */
export const ERRORS = {
  invalidSession: {
    code: 1003,
    key: 'error.invalid_session',
    en: 'Your session has ended, please log in again',
  },
  secondCheck: { code: 1021, key: 'error.second_check', en: 'A second verification is required' },
  silent: { code: 1052, key: 'error.silent', en: 'Request not completed' },
  internal: INTERNAL_ERROR,
  notFound: { code: 1004, key: 'error.not_found', en: 'Not found' },
  tooManyRequests: { code: 1005, key: 'error.too_many_requests', en: 'Too many requests, try again later' },
  forbidden: { code: 1006, key: 'error.forbidden', en: 'You are not allowed to do this' },
  accountAbnormal: {
    code: 1007,
    key: 'error.account_abnormal',
    en: 'Account abnormal, contact customer service',
  },
  badRequest: { code: 1100, key: 'error.bad_request', en: 'The request is not valid' },
  invalidField: { code: 1101, key: 'error.invalid_field', en: 'Please check the highlighted field' },
  fileTooLarge: { code: 1102, key: 'error.file_too_large', en: 'File too large' },
  fileType: { code: 1103, key: 'error.file_type', en: 'File format or type error' },
  verificationFailed: { code: 1104, key: 'error.verification_failed', en: 'Verification failed' },
  authenticationFailed: { code: 1105, key: 'error.authentication_failed', en: 'Authentication failed' },
  termsNotAgreed: { code: 1106, key: 'error.terms_not_agreed', en: 'You have not agreed to the terms' },
  insufficientBalance: { code: 1200, key: 'error.insufficient_balance', en: 'Insufficient balance' },
  belowMinimum: { code: 1201, key: 'error.below_minimum', en: 'Trading amount below the minimum' },
  exchangeAmount: { code: 1202, key: 'error.exchange_amount', en: 'Exchange amount wrong, please check' },
  exchangeHeld: { code: 1203, key: 'error.exchange_held', en: 'Check the held coin amount' },
  unknownSymbol: { code: 1400, key: 'error.unknown_symbol', en: 'This market does not exist' },
  marketSuspended: { code: 1401, key: 'error.market_suspended', en: 'This market is suspended' },
  tooManyFavorites: { code: 1402, key: 'error.too_many_favorites', en: 'Your favourites list is full' },
  // 1300-1399 accounts and security
  codeInvalid: { code: 1300, key: 'error.code_invalid', en: 'The verification code is wrong or has expired' },
  codeTooFrequent: {
    code: 1301,
    key: 'error.code_too_frequent',
    en: 'Please wait a minute before requesting another code',
  },
  codeDailyLimit: {
    code: 1302,
    key: 'error.code_daily_limit',
    en: 'Too many codes requested today, try again tomorrow',
  },
  sliderRequired: { code: 1303, key: 'error.slider_required', en: 'Please complete the slider check first' },
  sliderFailed: { code: 1304, key: 'error.slider_failed', en: 'Slider check failed, please try again' },
  phoneTaken: { code: 1305, key: 'error.phone_taken', en: 'This phone number is already registered' },
  emailTaken: { code: 1306, key: 'error.email_taken', en: 'This e-mail is already registered' },
  badInviteCode: { code: 1307, key: 'error.bad_invite_code', en: 'The referral code does not exist' },
  loginFailed: { code: 1308, key: 'error.login_failed', en: 'Account or password is wrong' },
  loginLocked: {
    code: 1309,
    key: 'error.login_locked',
    en: 'Too many failed attempts, try again in 15 minutes',
  },
  accountNotFound: {
    code: 1310,
    key: 'error.account_not_found',
    en: 'No account with this phone number or e-mail',
  },
  challengeExpired: {
    code: 1311,
    key: 'error.challenge_expired',
    en: 'The login check has expired, please log in again',
  },
  oldPasswordWrong: { code: 1312, key: 'error.old_password_wrong', en: 'The current password is wrong' },
  samePassword: {
    code: 1313,
    key: 'error.same_password',
    en: 'The new password must differ from the current one',
  },
  googleCodeInvalid: {
    code: 1314,
    key: 'error.google_code_invalid',
    en: 'The Google authenticator code is wrong',
  },
  googleNotBound: { code: 1315, key: 'error.google_not_bound', en: 'Bind Google authenticator first' },
  googleAlreadyBound: {
    code: 1316,
    key: 'error.google_already_bound',
    en: 'Google authenticator is already bound',
  },
  channelNotBound: {
    code: 1317,
    key: 'error.channel_not_bound',
    en: 'Bind this phone number or e-mail first',
  },
  keepOneContact: {
    code: 1318,
    key: 'error.keep_one_contact',
    en: 'Keep at least one phone number or e-mail on the account',
  },
  contactAlreadyBound: {
    code: 1319,
    key: 'error.contact_already_bound',
    en: 'A phone number or e-mail is already bound, unbind it first',
  },
  basicRequired: { code: 1320, key: 'error.basic_required', en: 'Complete basic verification first' },
  identityPending: { code: 1321, key: 'error.identity_pending', en: 'Your verification is under review' },
  identityVerified: { code: 1322, key: 'error.identity_verified', en: 'Your identity is already verified' },
  uploadInvalid: { code: 1323, key: 'error.upload_invalid', en: 'Use your own uploaded photos' },
  tradePasswordNotSet: {
    code: 1324,
    key: 'error.trade_password_not_set',
    en: 'Set a trade password in the security centre first',
  },
  tradePasswordWrong: { code: 1325, key: 'error.trade_password_wrong', en: 'The trade password is wrong' },
  walletTaken: {
    code: 1326,
    key: 'error.wallet_taken',
    en: 'This wallet is already linked to another account',
  },
  // 1500-1599 assets (ledger, transfers, deposits, withdrawals, exchange)
  depositClosed: { code: 1500, key: 'error.deposit_closed', en: 'Deposits for this coin are not open' },
  unsupportedChain: {
    code: 1501,
    key: 'error.unsupported_chain',
    en: 'This coin cannot be moved on this chain',
  },
  invalidAddress: {
    code: 1502,
    key: 'error.invalid_address',
    en: 'This address is not valid on the chosen chain',
  },
  addressNotInBook: {
    code: 1503,
    key: 'error.address_not_in_book',
    en: 'Only addresses in your address book can be used',
  },
  belowWithdrawMinimum: {
    code: 1504,
    key: 'error.below_withdraw_minimum',
    en: 'Amount below the minimum withdrawal',
  },
  reviewDone: { code: 1505, key: 'error.review_done', en: 'This request has already been handled' },
  quoteExpired: { code: 1506, key: 'error.quote_expired', en: 'The quote has expired, please get a new one' },
  noIndexPrice: { code: 1507, key: 'error.no_index_price', en: 'No index price for this coin right now' },
  secondFactorRequired: {
    code: 1508,
    key: 'error.second_factor_required',
    en: 'Enter the verification code of your second factor',
  },
  addressExists: {
    code: 1509,
    key: 'error.address_exists',
    en: 'This address is already in your address book',
  },
  // 1600-1699 spot trading
  orderNotFound: { code: 1600, key: 'error.order_not_found', en: 'This order does not exist' },
  orderNotOpen: { code: 1601, key: 'error.order_not_open', en: 'This order is already filled or cancelled' },
  noLiquidity: { code: 1602, key: 'error.no_liquidity', en: 'No orders to trade with at the moment' },
  priceOutOfRange: { code: 1603, key: 'error.price_out_of_range', en: 'Price or amount out of range' },
  // 1700-1799 operator console
  staffPasswordChange: {
    code: 1700,
    key: 'error.staff_password_change',
    en: 'Change your one-time password before using the console',
  },
  staffSecondFactor: {
    code: 1701,
    key: 'error.staff_second_factor',
    en: 'Bind Google authenticator and turn on its login check before using the console',
  },
  reviewDecided: { code: 1702, key: 'error.review_decided', en: 'This request has already been decided' },
  userStatusUnchanged: {
    code: 1703,
    key: 'error.status_unchanged',
    en: 'Nothing to change: it is already so',
  },
  staffSelfAction: {
    code: 1704,
    key: 'error.staff_self_action',
    en: 'You cannot do this to your own account',
  },
  // 1800-1899 notifications and price alerts
  tooManyAlerts: {
    code: 1800,
    key: 'error.too_many_alerts',
    en: 'You have too many price alerts, delete some first',
  },
} as const

export type ErrorName = keyof typeof ERRORS
export type ErrorDef = (typeof ERRORS)[ErrorName]

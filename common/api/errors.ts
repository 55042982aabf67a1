import { INTERNAL_ERROR } from './envelope'

/**
 * Over 400 lines on purpose: it is the one catalogue of every error code (a flat table, one entry
 * per code), which the app's Lingui catalogs are extracted from.
 *
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
  // Scale-out (docs/operations.md, "Scaling out"): no core owns the market right now (one is taking it over).
  marketUnavailable: {
    code: 1403,
    key: 'error.market_unavailable',
    en: 'This market is briefly unavailable, please try again in a few seconds',
  },
  // The market's core did not answer in time: the order may or may not have been placed.
  commandTimeout: {
    code: 1404,
    key: 'error.command_timeout',
    en: 'No answer from the market in time; check your open orders before trying again',
  },
  // A limit or trigger price with more decimals than the market's tick (common/market/tick.ts).
  priceOffTick: {
    code: 1405,
    key: 'error.price_off_tick',
    en: "The price has more decimals than this market's price step",
  },
  // Price protection: nothing within the band around the index (docs/products/perpetual.md, "Price protection").
  priceProtection: {
    code: 1406,
    key: 'error.price_protection',
    en: 'No price within the protection band around the index right now: nothing was closed',
  },
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
  // Conditional orders (docs/products/spot.md, "Conditional orders"): placement refuses what would trigger at once.
  triggerReached: {
    code: 1630,
    key: 'error.trigger_reached',
    en: 'The last price has already reached this trigger: the order would trigger at once',
  },
  ocoPrices: {
    code: 1631,
    key: 'error.oco_prices',
    en: 'OCO prices out of order: a sell needs limit price > last price > trigger price, a buy the reverse',
  },
  // Post-only (Binance LIMIT_MAKER): refused when it would trade at once (docs/products/spot.md).
  postOnlyWouldTake: {
    code: 1620,
    key: 'error.post_only_would_take',
    en: 'A post-only order cannot trade at once: it would take from the book',
  },
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
  // 1705-1719 segregation of duties and four-eyes (server/platform/staff/duties.ts)
  staffParty: {
    code: 1705,
    key: 'error.staff_party',
    en: 'You are a party to this case: another staff member must handle it',
  },
  fourEyesProposed: {
    code: 1706,
    key: 'error.four_eyes_proposed',
    en: 'Above the four-eyes limit: saved as a proposal, it awaits a second staff member',
  },
  fourEyesSameStaff: {
    code: 1707,
    key: 'error.four_eyes_same_staff',
    en: 'You proposed this: a different staff member must approve it',
  },
  fourEyesPending: {
    code: 1708,
    key: 'error.four_eyes_pending',
    en: 'This case already has a proposal waiting for a second staff member',
  },
  // 1800-1899 notifications and price alerts
  tooManyAlerts: {
    code: 1800,
    key: 'error.too_many_alerts',
    en: 'You have too many price alerts, delete some first',
  },
  pushDeviceTaken: {
    code: 1801,
    key: 'error.push_device_taken',
    en: 'This device receives notifications for another account',
  },
  // 1900-1999 perpetual contracts
  leverageTooHigh: {
    code: 1900,
    key: 'error.leverage_too_high',
    en: 'Leverage above the maximum for this contract or position size',
  },
  positionNotFound: { code: 1901, key: 'error.position_not_found', en: 'You have no such position' },
  tpInvalid: {
    code: 1902,
    key: 'error.tp_invalid',
    en: 'Take-profit must be above both the open and current price for a long, below both for a short',
  },
  slInvalid: {
    code: 1903,
    key: 'error.sl_invalid',
    en: 'Stop-loss must be below both the open and current price for a long, above both for a short',
  },
  lotsAbovePosition: {
    code: 1904,
    key: 'error.lots_above_position',
    en: 'More lots than the position holds',
  },
  contractRisk: {
    code: 1905,
    key: 'error.contract_risk',
    en: 'This order would put your account at risk of liquidation',
  },
  // Cross margin: an unrealized loss is covered by the contract balance, so it cannot leave.
  contractTransferLocked: {
    code: 1907,
    key: 'error.contract_transfer_locked',
    en: 'While positions are open, only the contract balance above their margin and unrealized loss can leave it',
  },
  lotSizeLocked: {
    code: 1906,
    key: 'error.lot_size_locked',
    en: 'The quantity per lot can only change while nobody holds a position in this contract',
  },
  // Live market data (docs/products/market-data.md): too few fresh sources for the index.
  indexStale: {
    code: 1908,
    key: 'error.index_stale',
    en: 'The index price of this market is not current: new positions open again once it is',
  },
  // 2050-2099 ETF products
  etfNotFound: { code: 2050, key: 'error.etf_not_found', en: 'This product does not exist' },
  etfPaused: {
    code: 2051,
    key: 'error.etf_paused',
    en: 'This product is paused: subscriptions and redemptions are not accepted for now',
  },
  etfClosed: { code: 2052, key: 'error.etf_closed', en: 'This product is closed' },
  etfNoPrice: {
    code: 2053,
    key: 'error.etf_no_price',
    en: 'The net asset value is not available yet, try again shortly',
  },
  etfTooSmall: {
    code: 2054,
    key: 'error.etf_too_small',
    en: 'The amount is too small for one unit at the current net asset value',
  },
  etfExists: { code: 2055, key: 'error.etf_exists', en: 'A product with this code already exists' },
  etfInvalid: {
    code: 2056,
    key: 'error.etf_invalid',
    en: 'Check the product: known instruments with an index price, weights adding up to 100 %',
  },
  // 2000-2049 options
  optionBelowMinimum: {
    code: 2000,
    key: 'error.option_below_minimum',
    en: 'Trading amount below the minimum',
  },
  optionNotOffered: {
    code: 2001,
    key: 'error.option_not_offered',
    en: 'Options are not offered on this instrument and period',
  },
  optionPoolFull: {
    code: 2002,
    key: 'error.option_pool_full',
    en: 'This round has reached its payout limit, please try a smaller amount or the next round',
  },
  optionRoundNotFound: {
    code: 2003,
    key: 'error.option_round_not_found',
    en: 'This option round does not exist',
  },
  optionNoIndex: {
    code: 2004,
    key: 'error.option_no_index',
    en: 'No index price for this instrument right now',
  },
  // 2100-2199 staking and coin subscription
  stakeBelowMin: {
    code: 2100,
    key: 'error.stake_below_min',
    en: 'The amount is below this product’s minimum',
  },
  stakeAboveMax: {
    code: 2101,
    key: 'error.stake_above_max',
    en: 'The amount is above this product’s maximum',
  },
  stakeQuotaFull: {
    code: 2102,
    key: 'error.stake_quota_full',
    en: 'Not enough of this product’s quota is left for this amount',
  },
  stakePoolShort: {
    code: 2103,
    key: 'error.stake_pool_short',
    en: 'The rewards pool cannot cover this order’s rewards right now',
  },
  productPaused: { code: 2104, key: 'error.product_paused', en: 'This product is paused' },
  earlyRedeemNotAllowed: {
    code: 2105,
    key: 'error.early_redeem_not_allowed',
    en: 'This product cannot be redeemed before its cycle ends',
  },
  stakeNotEarning: { code: 2106, key: 'error.stake_not_earning', en: 'This order has already ended' },
  projectNotOpen: {
    code: 2107,
    key: 'error.project_not_open',
    en: 'This project is not open for subscription',
  },
  commitBelowMin: {
    code: 2108,
    key: 'error.commit_below_min',
    en: 'The amount is below the minimum subscription',
  },
  commitAboveMax: {
    code: 2109,
    key: 'error.commit_above_max',
    en: 'Your total would exceed the maximum subscription per user',
  },
  projectLocked: {
    code: 2110,
    key: 'error.project_locked',
    en: 'A project can only be edited before it opens',
  },
  invalidProject: {
    code: 2111,
    key: 'error.invalid_project',
    en: 'Check the project: times in order, minimum not above maximum, a new coin code',
  },
  invalidProduct: {
    code: 2112,
    key: 'error.invalid_product',
    en: 'Check the product: the coin exists and the minimum is not above the maximum or the quota',
  },
  // 2200-2299 loans
  loanProductNotFound: {
    code: 2200,
    key: 'error.loan_product_not_found',
    en: 'This loan product does not exist',
  },
  loanAmountRange: {
    code: 2201,
    key: 'error.loan_amount_range',
    en: 'The amount must lie between the product’s minimum and maximum',
  },
  loanProofRequired: {
    code: 2202,
    key: 'error.loan_proof_required',
    en: 'The credit-loan program needs at least one proof document',
  },
  loanNotFound: { code: 2203, key: 'error.loan_not_found', en: 'You have no such loan' },
  loanNotRepaying: { code: 2204, key: 'error.loan_not_repaying', en: 'This loan is not open for repayment' },
  loanRepayTooMuch: {
    code: 2205,
    key: 'error.loan_repay_too_much',
    en: 'The amount is more than is left to repay',
  },
  loanLocked: {
    code: 2206,
    key: 'error.loan_locked',
    en: 'Only the funding balance above what you owe on open loans can leave it until they are repaid',
  },
  loanBookShort: {
    code: 2207,
    key: 'error.loan_book_short',
    en: 'The loan book does not hold enough of this coin',
  },
  loanDecided: { code: 2208, key: 'error.loan_decided', en: 'This application has already been decided' },
  loanApproveAmount: {
    code: 2209,
    key: 'error.loan_approve_amount',
    en: 'The approved amount must be above zero and not above the amount asked',
  },
  loanPendingExists: {
    code: 2210,
    key: 'error.loan_pending_exists',
    en: 'You already have an application under review for this product',
  },
  loanVoucherUnavailable: {
    code: 2211,
    key: 'error.loan_voucher_unavailable',
    en: 'Repayment by on-chain payment is not available for this coin',
  },
  loanRepaymentDecided: {
    code: 2212,
    key: 'error.loan_repayment_decided',
    en: 'This repayment has already been decided',
  },
  loanInvalidProduct: {
    code: 2213,
    key: 'error.loan_invalid_product',
    en: 'Check the product: a supported coin and term, the minimum not above the maximum',
  },
  loanNoPrice: {
    code: 2214,
    key: 'error.loan_no_price',
    en: 'No index price for this coin right now, try again shortly',
  },
  loanIdentityRequired: {
    code: 2215,
    key: 'error.loan_identity_required',
    en: 'Loans need identity verification approved by our team (advanced verification)',
  },
  // 2300-2399 customer service chat and work orders
  conversationTaken: {
    code: 2300,
    key: 'error.conversation_taken',
    en: 'Another operator has already taken this conversation',
  },
  conversationNotYours: {
    code: 2301,
    key: 'error.conversation_not_yours',
    en: 'Take this conversation before replying to it',
  },
  conversationClosed: { code: 2302, key: 'error.conversation_closed', en: 'This conversation is closed' },
  ticketClosed: { code: 2303, key: 'error.ticket_closed', en: 'This ticket is closed: reopen it to reply' },
  ticketReopenExpired: {
    code: 2304,
    key: 'error.ticket_reopen_expired',
    en: 'A ticket can be reopened only within 7 days of closing',
  },
  serviceImageInvalid: {
    code: 2305,
    key: 'error.service_image_invalid',
    en: 'This picture cannot be used here, please send it again',
  },
  // 2400-2499 C2C fiat trading
  c2cIdentityRequired: {
    code: 2400,
    key: 'error.c2c_identity_required',
    en: 'Complete basic identity verification to trade C2C',
  },
  c2cNameMismatch: {
    code: 2401,
    key: 'error.c2c_name_mismatch',
    en: 'The holder name must match your verified identity name',
  },
  c2cPaymentNotFound: {
    code: 2402,
    key: 'error.c2c_payment_not_found',
    en: 'You have no such payment account',
  },
  c2cPaymentRequired: {
    code: 2403,
    key: 'error.c2c_payment_required',
    en: 'Add a payment account of a kind this ad accepts first',
  },
  c2cAdNotFound: {
    code: 2404,
    key: 'error.c2c_ad_not_found',
    en: 'This ad does not exist or is off the shelf',
  },
  c2cOwnAd: { code: 2405, key: 'error.c2c_own_ad', en: 'You cannot trade with your own ad' },
  c2cBelowMin: { code: 2406, key: 'error.c2c_below_min', en: 'The amount is below this ad’s minimum' },
  c2cAboveMax: { code: 2407, key: 'error.c2c_above_max', en: 'The amount is above this ad’s maximum' },
  c2cAboveLeft: { code: 2408, key: 'error.c2c_above_left', en: 'The quantity is more than this ad has left' },
  c2cZero: { code: 2409, key: 'error.c2c_zero', en: 'Enter an amount or a quantity above 0' },
  c2cOrderNotFound: { code: 2410, key: 'error.c2c_order_not_found', en: 'You have no such order' },
  c2cOrderState: {
    code: 2411,
    key: 'error.c2c_order_state',
    en: 'This order cannot do that in its current state',
  },
  c2cCancelLimit: {
    code: 2412,
    key: 'error.c2c_cancel_limit',
    en: 'Three cancelled orders today: you can open new orders tomorrow',
  },
  c2cNoMatch: { code: 2413, key: 'error.c2c_no_match', en: 'No ad fits this amount right now' },
  c2cChatClosed: { code: 2414, key: 'error.c2c_chat_closed', en: 'This order has ended: its chat is closed' },
  // 2435-2439: the buyer's payment window (c2c/order/paid after expires_at, or once timed out).
  c2cPayWindowOver: {
    code: 2435,
    key: 'error.c2c_pay_window_over',
    en: 'The time to pay has run out: the order is cancelled and the coins go back to the seller',
  },
  c2cImageInvalid: {
    code: 2415,
    key: 'error.c2c_image_invalid',
    en: 'This picture cannot be used here, please upload it again',
  },
  c2cAdState: { code: 2416, key: 'error.c2c_ad_state', en: 'This ad cannot be changed in its current state' },
  c2cSettleInvalid: {
    code: 2417,
    key: 'error.c2c_settle_invalid',
    en: 'A settlement gives the buyer between 0 and the order quantity',
  },
  c2cDemoAd: {
    code: 2418,
    key: 'error.c2c_demo_ad',
    en: 'This is an example ad of a new installation: it cannot be traded',
  },
  c2cIdentityApproval: {
    code: 2419,
    key: 'error.c2c_identity_approval',
    en: 'C2C trading needs identity verification approved by our team (advanced verification)',
  },
  c2cAdvertiserUnverified: {
    code: 2420,
    key: 'error.c2c_advertiser_unverified',
    en: 'This advertiser cannot trade until their identity is approved',
  },
  // 2600-2649 API keys and signed requests (docs/api.md)
  apiKeyInvalid: { code: 2600, key: 'error.api_key_invalid', en: 'Unknown API key' },
  apiKeySignatureInvalid: {
    code: 2601,
    key: 'error.api_key_signature',
    en: 'The request signature is wrong',
  },
  apiKeyTimestampInvalid: {
    code: 2602,
    key: 'error.api_key_timestamp',
    en: 'The request timestamp is outside its receive window',
  },
  apiKeyReplay: { code: 2603, key: 'error.api_key_replay', en: 'This signature has already been used' },
  apiKeyRevoked: { code: 2604, key: 'error.api_key_revoked', en: 'This API key has been revoked' },
  apiKeyIpDenied: {
    code: 2605,
    key: 'error.api_key_ip',
    en: 'This API key cannot be used from this address',
  },
  apiKeyScopeMissing: {
    code: 2606,
    key: 'error.api_key_scope',
    en: 'The permissions of this API key do not allow this request',
  },
  apiKeyRouteDenied: {
    code: 2607,
    key: 'error.api_key_route',
    en: 'This endpoint cannot be reached with an API key',
  },
  apiKeyCapReached: {
    code: 2608,
    key: 'error.api_key_cap',
    en: 'You have reached the maximum number of API keys',
  },
  apiKeyWithdrawNeedsIps: {
    code: 2609,
    key: 'error.api_key_withdraw_ips',
    en: 'The withdraw permission needs an IP allowlist',
  },
  apiKeyPublicKeyInvalid: {
    code: 2610,
    key: 'error.api_key_public_key',
    en: 'This is not a valid Ed25519 public key',
  },
  apiKeyNotFound: { code: 2611, key: 'error.api_key_not_found', en: 'You have no such API key' },
  apiKeyStoreUnavailable: {
    code: 2612,
    key: 'error.api_key_store',
    en: 'HMAC keys are not available on this server, use an Ed25519 key',
  },
  apiKeyHeadersMissing: {
    code: 2613,
    key: 'error.api_key_headers',
    en: 'A signed request needs the X-API-KEY, X-API-TIMESTAMP and X-API-SIGNATURE headers',
  },
} as const

export type ErrorName = keyof typeof ERRORS
export type ErrorDef = (typeof ERRORS)[ErrorName]

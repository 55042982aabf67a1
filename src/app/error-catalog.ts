import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * The error catalogue's messages, written out with literal ids so the extractor puts them in
 * their own catalog (locales/errors, loaded after the first paint and before any other route); error-catalog.test.ts keeps it equal to common/api/errors.ts. The app never
 * imports this file: it looks keys up in the loaded catalog (error-messages.ts).
 */
export const ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  'error.invalid_session': msg({
    id: 'error.invalid_session',
    message: 'Your session has ended, please log in again',
  }),
  'error.second_check': msg({ id: 'error.second_check', message: 'A second verification is required' }),
  'error.silent': msg({ id: 'error.silent', message: 'Request not completed' }),
  'error.internal': msg({ id: 'error.internal', message: 'Network busy, try again later' }),
  'error.not_found': msg({ id: 'error.not_found', message: 'Not found' }),
  'error.too_many_requests': msg({
    id: 'error.too_many_requests',
    message: 'Too many requests, try again later',
  }),
  'error.forbidden': msg({ id: 'error.forbidden', message: 'You are not allowed to do this' }),
  'error.account_abnormal': msg({
    id: 'error.account_abnormal',
    message: 'Account abnormal, contact customer service',
  }),
  'error.bad_request': msg({ id: 'error.bad_request', message: 'The request is not valid' }),
  'error.invalid_field': msg({ id: 'error.invalid_field', message: 'Please check the highlighted field' }),
  'error.file_too_large': msg({ id: 'error.file_too_large', message: 'File too large' }),
  'error.file_type': msg({ id: 'error.file_type', message: 'File format or type error' }),
  'error.verification_failed': msg({ id: 'error.verification_failed', message: 'Verification failed' }),
  'error.authentication_failed': msg({ id: 'error.authentication_failed', message: 'Authentication failed' }),
  'error.terms_not_agreed': msg({
    id: 'error.terms_not_agreed',
    message: 'You have not agreed to the terms',
  }),
  'error.insufficient_balance': msg({ id: 'error.insufficient_balance', message: 'Insufficient balance' }),
  'error.below_minimum': msg({ id: 'error.below_minimum', message: 'Trading amount below the minimum' }),
  'error.exchange_amount': msg({
    id: 'error.exchange_amount',
    message: 'Exchange amount wrong, please check',
  }),
  'error.exchange_held': msg({ id: 'error.exchange_held', message: 'Check the held coin amount' }),
  'error.deposit_closed': msg({ id: 'error.deposit_closed', message: 'Deposits for this coin are not open' }),
  'error.unsupported_chain': msg({
    id: 'error.unsupported_chain',
    message: 'This coin cannot be moved on this chain',
  }),
  'error.invalid_address': msg({
    id: 'error.invalid_address',
    message: 'This address is not valid on the chosen chain',
  }),
  'error.address_not_in_book': msg({
    id: 'error.address_not_in_book',
    message: 'Only addresses in your address book can be used',
  }),
  'error.below_withdraw_minimum': msg({
    id: 'error.below_withdraw_minimum',
    message: 'Amount below the minimum withdrawal',
  }),
  'error.review_done': msg({ id: 'error.review_done', message: 'This request has already been handled' }),
  'error.quote_expired': msg({
    id: 'error.quote_expired',
    message: 'The quote has expired, please get a new one',
  }),
  'error.no_index_price': msg({
    id: 'error.no_index_price',
    message: 'No index price for this coin right now',
  }),
  'error.second_factor_required': msg({
    id: 'error.second_factor_required',
    message: 'Enter the verification code of your second factor',
  }),
  'error.address_exists': msg({
    id: 'error.address_exists',
    message: 'This address is already in your address book',
  }),
  'error.unknown_symbol': msg({ id: 'error.unknown_symbol', message: 'This market does not exist' }),
  'error.market_suspended': msg({ id: 'error.market_suspended', message: 'This market is suspended' }),
  'error.too_many_favorites': msg({
    id: 'error.too_many_favorites',
    message: 'Your favourites list is full',
  }),
  'error.market_unavailable': msg({
    id: 'error.market_unavailable',
    message: 'This market is briefly unavailable, please try again in a few seconds',
  }),
  'error.command_timeout': msg({
    id: 'error.command_timeout',
    message: 'No answer from the market in time; check your open orders before trying again',
  }),
  'error.price_off_tick': msg({
    id: 'error.price_off_tick',
    message: "The price has more decimals than this market's price step",
  }),
  'error.price_protection': msg({
    id: 'error.price_protection',
    message: 'No price within the protection band around the index right now: nothing was closed',
  }),
  'error.code_invalid': msg({
    id: 'error.code_invalid',
    message: 'The verification code is wrong or has expired',
  }),
  'error.code_too_frequent': msg({
    id: 'error.code_too_frequent',
    message: 'Please wait a minute before requesting another code',
  }),
  'error.code_daily_limit': msg({
    id: 'error.code_daily_limit',
    message: 'Too many codes requested today, try again tomorrow',
  }),
  'error.slider_required': msg({
    id: 'error.slider_required',
    message: 'Please complete the slider check first',
  }),
  'error.slider_failed': msg({ id: 'error.slider_failed', message: 'Slider check failed, please try again' }),
  'error.phone_taken': msg({ id: 'error.phone_taken', message: 'This phone number is already registered' }),
  'error.email_taken': msg({ id: 'error.email_taken', message: 'This e-mail is already registered' }),
  'error.bad_invite_code': msg({ id: 'error.bad_invite_code', message: 'The referral code does not exist' }),
  'error.login_failed': msg({ id: 'error.login_failed', message: 'Account or password is wrong' }),
  'error.login_locked': msg({
    id: 'error.login_locked',
    message: 'Too many failed attempts, try again in 15 minutes',
  }),
  'error.account_not_found': msg({
    id: 'error.account_not_found',
    message: 'No account with this phone number or e-mail',
  }),
  'error.challenge_expired': msg({
    id: 'error.challenge_expired',
    message: 'The login check has expired, please log in again',
  }),
  'error.old_password_wrong': msg({
    id: 'error.old_password_wrong',
    message: 'The current password is wrong',
  }),
  'error.same_password': msg({
    id: 'error.same_password',
    message: 'The new password must differ from the current one',
  }),
  'error.google_code_invalid': msg({
    id: 'error.google_code_invalid',
    message: 'The Google authenticator code is wrong',
  }),
  'error.google_not_bound': msg({ id: 'error.google_not_bound', message: 'Bind Google authenticator first' }),
  'error.google_already_bound': msg({
    id: 'error.google_already_bound',
    message: 'Google authenticator is already bound',
  }),
  'error.channel_not_bound': msg({
    id: 'error.channel_not_bound',
    message: 'Bind this phone number or e-mail first',
  }),
  'error.keep_one_contact': msg({
    id: 'error.keep_one_contact',
    message: 'Keep at least one phone number or e-mail on the account',
  }),
  'error.contact_already_bound': msg({
    id: 'error.contact_already_bound',
    message: 'A phone number or e-mail is already bound, unbind it first',
  }),
  'error.basic_required': msg({ id: 'error.basic_required', message: 'Complete basic verification first' }),
  'error.identity_pending': msg({
    id: 'error.identity_pending',
    message: 'Your verification is under review',
  }),
  'error.identity_verified': msg({
    id: 'error.identity_verified',
    message: 'Your identity is already verified',
  }),
  'error.upload_invalid': msg({ id: 'error.upload_invalid', message: 'Use your own uploaded photos' }),
  'error.trade_password_not_set': msg({
    id: 'error.trade_password_not_set',
    message: 'Set a trade password in the security centre first',
  }),
  'error.trade_password_wrong': msg({
    id: 'error.trade_password_wrong',
    message: 'The trade password is wrong',
  }),
  'error.wallet_taken': msg({
    id: 'error.wallet_taken',
    message: 'This wallet is already linked to another account',
  }),
  // 1500-1599 assets
  // 1600-1699 spot trading
  'error.order_not_found': msg({ id: 'error.order_not_found', message: 'This order does not exist' }),
  'error.order_not_open': msg({
    id: 'error.order_not_open',
    message: 'This order is already filled or cancelled',
  }),
  'error.no_liquidity': msg({ id: 'error.no_liquidity', message: 'No orders to trade with at the moment' }),
  'error.price_out_of_range': msg({
    id: 'error.price_out_of_range',
    message: 'Price or amount out of range',
  }),
  // 1700-1799 operator console
  'error.staff_password_change': msg({
    id: 'error.staff_password_change',
    message: 'Change your one-time password before using the console',
  }),
  'error.staff_second_factor': msg({
    id: 'error.staff_second_factor',
    message: 'Bind Google authenticator and turn on its login check before using the console',
  }),
  'error.review_decided': msg({
    id: 'error.review_decided',
    message: 'This request has already been decided',
  }),
  'error.status_unchanged': msg({
    id: 'error.status_unchanged',
    message: 'Nothing to change: it is already so',
  }),
  'error.staff_self_action': msg({
    id: 'error.staff_self_action',
    message: 'You cannot do this to your own account',
  }),
  'error.staff_party': msg({
    id: 'error.staff_party',
    message: 'You are a party to this case: another staff member must handle it',
  }),
  'error.four_eyes_proposed': msg({
    id: 'error.four_eyes_proposed',
    message: 'Above the four-eyes limit: saved as a proposal, it awaits a second staff member',
  }),
  'error.four_eyes_same_staff': msg({
    id: 'error.four_eyes_same_staff',
    message: 'You proposed this: a different staff member must approve it',
  }),
  'error.four_eyes_pending': msg({
    id: 'error.four_eyes_pending',
    message: 'This case already has a proposal waiting for a second staff member',
  }),
  'error.too_many_alerts': msg({
    id: 'error.too_many_alerts',
    message: 'You have too many price alerts, delete some first',
  }),
  'error.push_device_taken': msg({
    id: 'error.push_device_taken',
    message: 'This device receives notifications for another account',
  }),
  'error.leverage_too_high': msg({
    id: 'error.leverage_too_high',
    message: 'Leverage above the maximum for this contract or position size',
  }),
  'error.position_not_found': msg({ id: 'error.position_not_found', message: 'You have no such position' }),
  'error.tp_invalid': msg({
    id: 'error.tp_invalid',
    message: 'Take-profit must be above both the open and current price for a long, below both for a short',
  }),
  'error.sl_invalid': msg({
    id: 'error.sl_invalid',
    message: 'Stop-loss must be below both the open and current price for a long, above both for a short',
  }),
  'error.lots_above_position': msg({
    id: 'error.lots_above_position',
    message: 'More lots than the position holds',
  }),
  'error.contract_risk': msg({
    id: 'error.contract_risk',
    message: 'This order would put your account at risk of liquidation',
  }),
  'error.contract_transfer_locked': msg({
    id: 'error.contract_transfer_locked',
    message:
      'While positions are open, only the contract balance above their margin and unrealized loss can leave it',
  }),
  'error.lot_size_locked': msg({
    id: 'error.lot_size_locked',
    message: 'The quantity per lot can only change while nobody holds a position in this contract',
  }),
  'error.etf_not_found': msg({
    id: 'error.etf_not_found',
    message: 'This product does not exist',
  }),
  'error.etf_paused': msg({
    id: 'error.etf_paused',
    message: 'This product is paused: subscriptions and redemptions are not accepted for now',
  }),
  'error.etf_closed': msg({
    id: 'error.etf_closed',
    message: 'This product is closed',
  }),
  'error.etf_no_price': msg({
    id: 'error.etf_no_price',
    message: 'The net asset value is not available yet, try again shortly',
  }),
  'error.etf_too_small': msg({
    id: 'error.etf_too_small',
    message: 'The amount is too small for one unit at the current net asset value',
  }),
  'error.etf_exists': msg({
    id: 'error.etf_exists',
    message: 'A product with this code already exists',
  }),
  'error.etf_invalid': msg({
    id: 'error.etf_invalid',
    message: 'Check the product: known instruments with an index price, weights adding up to 100 %',
  }),
  'error.stake_below_min': msg({
    id: 'error.stake_below_min',
    message: 'The amount is below this product’s minimum',
  }),
  'error.stake_above_max': msg({
    id: 'error.stake_above_max',
    message: 'The amount is above this product’s maximum',
  }),
  'error.stake_quota_full': msg({
    id: 'error.stake_quota_full',
    message: 'Not enough of this product’s quota is left for this amount',
  }),
  'error.stake_pool_short': msg({
    id: 'error.stake_pool_short',
    message: 'The rewards pool cannot cover this order’s rewards right now',
  }),
  'error.product_paused': msg({ id: 'error.product_paused', message: 'This product is paused' }),
  'error.early_redeem_not_allowed': msg({
    id: 'error.early_redeem_not_allowed',
    message: 'This product cannot be redeemed before its cycle ends',
  }),
  'error.stake_not_earning': msg({ id: 'error.stake_not_earning', message: 'This order has already ended' }),
  'error.project_not_open': msg({
    id: 'error.project_not_open',
    message: 'This project is not open for subscription',
  }),
  'error.commit_below_min': msg({
    id: 'error.commit_below_min',
    message: 'The amount is below the minimum subscription',
  }),
  'error.commit_above_max': msg({
    id: 'error.commit_above_max',
    message: 'Your total would exceed the maximum subscription per user',
  }),
  'error.project_locked': msg({
    id: 'error.project_locked',
    message: 'A project can only be edited before it opens',
  }),
  'error.invalid_project': msg({
    id: 'error.invalid_project',
    message: 'Check the project: times in order, minimum not above maximum, a new coin code',
  }),
  'error.invalid_product': msg({
    id: 'error.invalid_product',
    message: 'Check the product: the coin exists and the minimum is not above the maximum or the quota',
  }),
  'error.loan_product_not_found': msg({
    id: 'error.loan_product_not_found',
    message: 'This loan product does not exist',
  }),
  'error.loan_amount_range': msg({
    id: 'error.loan_amount_range',
    message: 'The amount must lie between the product’s minimum and maximum',
  }),
  'error.loan_proof_required': msg({
    id: 'error.loan_proof_required',
    message: 'The credit-loan program needs at least one proof document',
  }),
  'error.loan_not_found': msg({ id: 'error.loan_not_found', message: 'You have no such loan' }),
  'error.loan_not_repaying': msg({
    id: 'error.loan_not_repaying',
    message: 'This loan is not open for repayment',
  }),
  'error.loan_repay_too_much': msg({
    id: 'error.loan_repay_too_much',
    message: 'The amount is more than is left to repay',
  }),
  'error.loan_locked': msg({
    id: 'error.loan_locked',
    message: 'Only the funding balance above what you owe on open loans can leave it until they are repaid',
  }),
  'error.loan_book_short': msg({
    id: 'error.loan_book_short',
    message: 'The loan book does not hold enough of this coin',
  }),
  'error.loan_decided': msg({
    id: 'error.loan_decided',
    message: 'This application has already been decided',
  }),
  'error.loan_approve_amount': msg({
    id: 'error.loan_approve_amount',
    message: 'The approved amount must be above zero and not above the amount asked',
  }),
  'error.loan_pending_exists': msg({
    id: 'error.loan_pending_exists',
    message: 'You already have an application under review for this product',
  }),
  'error.loan_voucher_unavailable': msg({
    id: 'error.loan_voucher_unavailable',
    message: 'Repayment by on-chain payment is not available for this coin',
  }),
  'error.loan_repayment_decided': msg({
    id: 'error.loan_repayment_decided',
    message: 'This repayment has already been decided',
  }),
  'error.loan_invalid_product': msg({
    id: 'error.loan_invalid_product',
    message: 'Check the product: a supported coin and term, the minimum not above the maximum',
  }),
  'error.loan_no_price': msg({
    id: 'error.loan_no_price',
    message: 'No index price for this coin right now, try again shortly',
  }),
  'error.loan_identity_required': msg({
    id: 'error.loan_identity_required',
    message: 'Loans need identity verification approved by our team (advanced verification)',
  }),
  'error.conversation_taken': msg({
    id: 'error.conversation_taken',
    message: 'Another operator has already taken this conversation',
  }),
  'error.conversation_not_yours': msg({
    id: 'error.conversation_not_yours',
    message: 'Take this conversation before replying to it',
  }),
  'error.conversation_closed': msg({
    id: 'error.conversation_closed',
    message: 'This conversation is closed',
  }),
  'error.ticket_closed': msg({
    id: 'error.ticket_closed',
    message: 'This ticket is closed: reopen it to reply',
  }),
  'error.ticket_reopen_expired': msg({
    id: 'error.ticket_reopen_expired',
    message: 'A ticket can be reopened only within 7 days of closing',
  }),
  'error.service_image_invalid': msg({
    id: 'error.service_image_invalid',
    message: 'This picture cannot be used here, please send it again',
  }),
  'error.option_below_minimum': msg({
    id: 'error.option_below_minimum',
    message: 'Trading amount below the minimum',
  }),
  'error.option_not_offered': msg({
    id: 'error.option_not_offered',
    message: 'Options are not offered on this instrument and period',
  }),
  'error.option_pool_full': msg({
    id: 'error.option_pool_full',
    message: 'This round has reached its payout limit, please try a smaller amount or the next round',
  }),
  'error.option_round_not_found': msg({
    id: 'error.option_round_not_found',
    message: 'This option round does not exist',
  }),
  'error.option_no_index': msg({
    id: 'error.option_no_index',
    message: 'No index price for this instrument right now',
  }),
  'error.c2c_identity_required': msg({
    id: 'error.c2c_identity_required',
    message: 'Complete basic identity verification to trade C2C',
  }),
  'error.c2c_name_mismatch': msg({
    id: 'error.c2c_name_mismatch',
    message: 'The holder name must match your verified identity name',
  }),
  'error.c2c_payment_not_found': msg({
    id: 'error.c2c_payment_not_found',
    message: 'You have no such payment account',
  }),
  'error.c2c_payment_required': msg({
    id: 'error.c2c_payment_required',
    message: 'Add a payment account of a kind this ad accepts first',
  }),
  'error.c2c_ad_not_found': msg({
    id: 'error.c2c_ad_not_found',
    message: 'This ad does not exist or is off the shelf',
  }),
  'error.c2c_own_ad': msg({ id: 'error.c2c_own_ad', message: 'You cannot trade with your own ad' }),
  'error.c2c_below_min': msg({ id: 'error.c2c_below_min', message: 'The amount is below this ad’s minimum' }),
  'error.c2c_above_max': msg({ id: 'error.c2c_above_max', message: 'The amount is above this ad’s maximum' }),
  'error.c2c_above_left': msg({
    id: 'error.c2c_above_left',
    message: 'The quantity is more than this ad has left',
  }),
  'error.c2c_zero': msg({ id: 'error.c2c_zero', message: 'Enter an amount or a quantity above 0' }),
  'error.c2c_order_not_found': msg({ id: 'error.c2c_order_not_found', message: 'You have no such order' }),
  'error.c2c_order_state': msg({
    id: 'error.c2c_order_state',
    message: 'This order cannot do that in its current state',
  }),
  'error.c2c_cancel_limit': msg({
    id: 'error.c2c_cancel_limit',
    message: 'Three cancelled orders today: you can open new orders tomorrow',
  }),
  'error.c2c_no_match': msg({ id: 'error.c2c_no_match', message: 'No ad fits this amount right now' }),
  'error.c2c_chat_closed': msg({
    id: 'error.c2c_chat_closed',
    message: 'This order has ended: its chat is closed',
  }),
  'error.c2c_pay_window_over': msg({
    id: 'error.c2c_pay_window_over',
    message: 'The time to pay has run out: the order is cancelled and the coins go back to the seller',
  }),
  'error.c2c_image_invalid': msg({
    id: 'error.c2c_image_invalid',
    message: 'This picture cannot be used here, please upload it again',
  }),
  'error.c2c_ad_state': msg({
    id: 'error.c2c_ad_state',
    message: 'This ad cannot be changed in its current state',
  }),
  'error.c2c_settle_invalid': msg({
    id: 'error.c2c_settle_invalid',
    message: 'A settlement gives the buyer between 0 and the order quantity',
  }),
  'error.c2c_demo_ad': msg({
    id: 'error.c2c_demo_ad',
    message: 'This is an example ad of a new installation: it cannot be traded',
  }),
  'error.c2c_identity_approval': msg({
    id: 'error.c2c_identity_approval',
    message: 'C2C trading needs identity verification approved by our team (advanced verification)',
  }),
  'error.c2c_advertiser_unverified': msg({
    id: 'error.c2c_advertiser_unverified',
    message: 'This advertiser cannot trade until their identity is approved',
  }),
}

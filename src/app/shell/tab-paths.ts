/** The pages that show the phone tab bar; also read by the static shell in index.html (vite plugin). */
export const TAB_PATHS = [
  '/',
  '/pages/home/index',
  '/pages/market/market',
  '/pages/trade/trade-spot',
  '/pages/trade/trade-leverage',
  '/pages/trade/trade-option',
  '/pages/assets/index',
  '/pages/mine/index',
]

// npm run bench:chain: the deposit watcher against a local anvil on PGlite. A burst of 1,000 token
// deposits to 1,000 users' derived addresses in 10 blocks; prints how far the watcher is behind the
// head after each pass until it has seen them all, then the time from the block that gives the
// Nth confirmation to all 1,000 credited.
import { performance } from 'node:perf_hooks'
import { type Address, erc20Abi } from 'viem'
import type { EvmChainConfig } from '../server/chain-config'
import { migrate, openDb } from '../server/db/db'
import { deriveAddress } from '../server/modules/assets/chain/derive'
import { ChainWatcher } from '../server/modules/assets/chain/watcher'
import { deployToken, localChain, startAnvil } from './chain/anvil'
import { XPUB } from './chain/dev-keys'

const DEPOSITS = 1000
const BLOCKS = 10
const N = 6

const anvil = await startAnvil()
try {
  const token = await deployToken(anvil)
  const db = await openDb({ databaseUrl: null, dataDir: null })
  await migrate(db)
  const users = Array.from({ length: DEPOSITS }, (_, i) => `bench-user-${i}`)
  await db
    .insertInto('chain_user_index')
    .values(users.map((user_id) => ({ user_id })))
    .execute()
  const idx = await db.selectFrom('chain_user_index').selectAll().execute()
  const rows = idx.map((r) => ({
    chain: 'ERC20',
    user_id: r.user_id,
    idx: r.idx,
    address: deriveAddress(XPUB, r.idx),
  }))
  await db.insertInto('chain_address').values(rows).execute()
  const cfg: EvmChainConfig = {
    chain: 'ERC20',
    rpcUrl: anvil.url,
    xpub: XPUB,
    confirmations: N,
    native: null,
    tokens: [{ coin: 'USDT', contract: token, decimals: 6, minDeposit: '1' }],
    hotWallet: null,
    autoWithdrawLimit: {},
    blockRange: 500,
    pollMs: 1000,
    startBlock: Number(await anvil.client.getBlockNumber()) + 1,
  }
  const watcher = new ChainWatcher(db, cfg)
  await anvil.client.setAutomine(false)
  const per = DEPOSITS / BLOCKS
  let nonce = await anvil.client.getTransactionCount({ address: anvil.client.account.address })
  for (let b = 0; b < BLOCKS; b++) {
    await Promise.all(
      rows.slice(b * per, (b + 1) * per).map((r, i) =>
        anvil.client.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [r.address as Address, BigInt(2_000_000 + i)],
          chain: localChain,
          nonce: nonce++,
          gas: 100_000n,
        }),
      ),
    )
    await anvil.client.mine({ blocks: 1 })
  }
  await anvil.client.setAutomine(true)
  const head = Number(await anvil.client.getBlockNumber())
  console.log(`burst: ${DEPOSITS} deposits in ${BLOCKS} blocks, head ${head}`)
  let seen = 0
  const t0 = performance.now()
  for (let pass = 1; seen < DEPOSITS; pass++) {
    const s = performance.now()
    const r = await watcher.pass()
    seen += r.seen
    console.log(
      `pass ${pass}: ${(performance.now() - s).toFixed(0)} ms, lag ${r.head - r.cursor} blocks, ${seen} deposits seen`,
    )
  }
  console.log(`watcher caught up with the burst in ${(performance.now() - t0).toFixed(0)} ms (lag 0 blocks)`)
  await anvil.client.mine({ blocks: N - 1 })
  const t1 = performance.now()
  const r = await watcher.pass()
  console.log(
    `Nth confirmation -> credit: ${r.credited} deposits credited in one pass, ${(performance.now() - t1).toFixed(0)} ms (${((performance.now() - t1) / Math.max(1, r.credited)).toFixed(1)} ms each); plus at most CHAIN_<CHAIN>_POLL_MS (default 4 s) until the pass starts`,
  )
  await db.destroy()
} finally {
  await anvil.stop()
}

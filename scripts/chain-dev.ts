// npm run chain:dev: a local EVM node (anvil) with the test token deployed, and the development
// server (npm run dev) configured to watch it and pay from a hot wallet. DEVELOPMENT ONLY: the
// operator key below is a fixed, public test seed.
//   npm run chain:dev                         node + token + server (app on http://localhost:5173)
//   npm run chain:dev -- send <address> <n>   sends n test USDT to an address (a deposit by hand)
//   npm run chain:dev -- send-eth <address> <n>
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { type Address, parseEther } from 'viem'
import { HDKey, privateKeyToAccount } from 'viem/accounts'
import { DEV_KEYS, deployToken, localChain, sendToken, startAnvil } from './chain/anvil'

const STATE = path.resolve('data/chain-dev.json')
const [cmd, to, amount] = process.argv.slice(2)

if (cmd === 'send' || cmd === 'send-eth') {
  const { url, token } = JSON.parse(fs.readFileSync(STATE, 'utf8')) as { url: string; token: Address }
  const { createWalletClient, http } = await import('viem')
  const wallet = createWalletClient({
    chain: localChain,
    transport: http(url),
    account: privateKeyToAccount(DEV_KEYS[0]),
  })
  if (!to || !amount) throw new Error('usage: npm run chain:dev -- send <address> <amount>')
  if (cmd === 'send-eth')
    console.log(await wallet.sendTransaction({ to: to as Address, value: parseEther(amount) }))
  else
    console.log(
      await sendToken(
        { url, client: wallet as never, stop: async () => undefined },
        token,
        to,
        BigInt(Math.round(Number(amount) * 1e6)),
      ),
    )
  process.exit(0)
}

const anvil = await startAnvil(['--block-time', '2'])
const token = await deployToken(anvil)
const hot = privateKeyToAccount(DEV_KEYS[1])
await sendToken(anvil, token, hot.address, 100_000n * 1_000_000n)
fs.mkdirSync('data', { recursive: true })
const keyFile = path.resolve('data/chain-dev-hot.key')
fs.writeFileSync(keyFile, DEV_KEYS[1], { mode: 0o600 })
fs.writeFileSync(STATE, JSON.stringify({ url: anvil.url, token }))
const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive("m/44'/60'/0'").publicExtendedKey
const env = {
  ...process.env,
  RPC_URL_ERC20: anvil.url,
  CHAIN_ERC20_XPUB: xpub,
  CHAIN_ERC20_CONFIRMATIONS: '3',
  CHAIN_ERC20_NATIVE: 'ETH:0.001',
  CHAIN_ERC20_TOKENS: `USDT:${token}:6:1`,
  CHAIN_ERC20_HOT_KEY_FILE: keyFile,
  CHAIN_ERC20_AUTO_WITHDRAW_LIMIT: 'USDT:100',
  CHAIN_ERC20_POLL_MS: '1000',
  CHAIN_ERC20_START_BLOCK: '0',
}
console.log(`\nanvil ${anvil.url} (a block every 2 s), test USDT at ${token}, hot wallet ${hot.address}`)
console.log(
  'Open Assets > USDT > Deposit > ERC20 for your address, then: npm run chain:dev -- send <address> 25\n',
)
const server = spawn(process.execPath, ['scripts/dev.mjs'], { stdio: 'inherit', env })
const stop = async () => {
  server.kill('SIGTERM')
  await anvil.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
server.on('exit', () => void stop())

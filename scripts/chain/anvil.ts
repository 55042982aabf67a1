import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  type Address,
  createTestClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  publicActions,
  walletActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { TEST_TOKEN_BYTECODE } from './test-token'

/** anvil's well-known development accounts (public test keys; never hold real funds with them). */
export const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const satisfies Hex[]

/** The anvil binary of @foundry-rs/anvil for this platform, or null with why not. */
export function anvilBinary(): { bin: string } | { missing: string } {
  const bin = path.resolve(
    `node_modules/@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/bin/anvil`,
  )
  if (!fs.existsSync(bin))
    return { missing: `no anvil binary for ${process.platform}-${process.arch} (${bin})` }
  return { bin }
}

export const localChain = defineChain({
  id: 31337,
  name: 'anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

export interface Anvil {
  url: string
  client: ReturnType<typeof testClient>
  stop(): Promise<void>
}

function testClient(url: string) {
  return createTestClient({
    chain: localChain,
    mode: 'anvil',
    transport: http(url),
    account: privateKeyToAccount(DEV_KEYS[0]),
  })
    .extend(publicActions)
    .extend(walletActions)
}

/** Starts anvil on a free port (it picks one: --port 0) and waits until it listens. */
export async function startAnvil(args: string[] = []): Promise<Anvil> {
  const found = anvilBinary()
  if ('missing' in found) throw new Error(found.missing)
  const child: ChildProcess = spawn(found.bin, ['--port', '0', '--chain-id', '31337', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`anvil did not start: ${out}`)), 20_000)
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString()
      const m = /Listening on ([\d.]+:\d+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(`http://${m[1]}`)
      }
    })
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}): ${out}`)))
  })
  child.stdout?.resume()
  child.stderr?.resume()
  return {
    url,
    client: testClient(url),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Deploys the test token (6 decimals); the first development account holds the supply. */
export async function deployToken(a: Anvil): Promise<Address> {
  const hash = await a.client.sendTransaction({ data: TEST_TOKEN_BYTECODE, chain: localChain })
  const r = await a.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (!r.contractAddress) throw new Error('token not deployed')
  return r.contractAddress
}

export async function sendToken(a: Anvil, token: Address, to: string, units: bigint): Promise<Hex> {
  return a.client.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Address, units],
    chain: localChain,
  })
}

export async function tokenBalance(a: Anvil, token: Address, of: string): Promise<bigint> {
  return a.client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [of as Address],
  })
}

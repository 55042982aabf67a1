import { concat, type Hex, numberToHex, pad, toHex } from 'viem'

/**
 * The bytecode of TestToken.sol (beside this file), assembled from the EVM listing below: no
 * Solidity compiler is installed here, so the listing is the source of the bytes. It answers
 * decimals() (6), totalSupply(), balanceOf(address) and transfer(address,uint256) with its
 * Transfer event; a transfer of more than the sender holds reverts.
 */
type Op = string | { push: Hex | number; bytes?: number } | { label: string } | { ref: string }

const OPS: Record<string, number> = {
  STOP: 0x00,
  ADD: 0x01,
  SUB: 0x03,
  LT: 0x10,
  EQ: 0x14,
  SHL: 0x1b,
  SHR: 0x1c,
  CALLER: 0x33,
  CALLDATALOAD: 0x35,
  CODECOPY: 0x39,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  DUP1: 0x80,
  DUP2: 0x81,
  DUP3: 0x82,
  SWAP1: 0x90,
  LOG3: 0xa3,
  RETURN: 0xf3,
  REVERT: 0xfd,
}

const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const SUPPLY: Hex = pad(toHex(10n ** 30n))

function assemble(ops: Op[]): Hex {
  const labels = new Map<string, number>()
  const size = (op: Op) =>
    typeof op === 'string' ? 1 : 'label' in op ? 1 : 'ref' in op ? 3 : 1 + (op.bytes ?? byteLen(op.push))
  let pc = 0
  for (const op of ops) {
    if (typeof op === 'object' && 'label' in op) labels.set(op.label, pc)
    pc += size(op)
  }
  const out: number[] = []
  for (const op of ops) {
    if (typeof op === 'string') {
      const code = OPS[op]
      if (code === undefined) throw new Error(`unknown op ${op}`)
      out.push(code)
    } else if ('label' in op) out.push(OPS.JUMPDEST as number)
    else if ('ref' in op) {
      const at = labels.get(op.ref) as number
      out.push(0x61, at >> 8, at & 0xff)
    } else {
      const n = op.bytes ?? byteLen(op.push)
      const hex = typeof op.push === 'number' ? numberToHex(op.push, { size: n }) : op.push
      out.push(0x5f + n, ...Buffer.from(hex.slice(2).padStart(n * 2, '0'), 'hex'))
    }
  }
  return toHex(Uint8Array.from(out))
}

function byteLen(v: Hex | number): number {
  return typeof v === 'number' ? Math.max(1, Math.ceil(v.toString(16).length / 2)) : (v.length - 2) / 2
}

const p = (v: Hex | number, bytes?: number): Op => ({ push: v, bytes })
const RET_WORD: Op[] = [p(0), 'MSTORE', p(32), p(0), 'RETURN']

const RUNTIME: Op[] = [
  p(0),
  'CALLDATALOAD',
  p(0xe0),
  'SHR',
  'DUP1',
  p('0x313ce567'),
  'EQ',
  { ref: 'decimals' },
  'JUMPI',
  'DUP1',
  p('0x70a08231'),
  'EQ',
  { ref: 'balanceOf' },
  'JUMPI',
  'DUP1',
  p('0xa9059cbb'),
  'EQ',
  { ref: 'transfer' },
  'JUMPI',
  'DUP1',
  p('0x18160ddd'),
  'EQ',
  { ref: 'totalSupply' },
  'JUMPI',
  { label: 'fail' },
  p(0),
  'DUP1',
  'REVERT',
  { label: 'decimals' },
  p(6),
  ...RET_WORD,
  { label: 'balanceOf' },
  p(4),
  'CALLDATALOAD',
  'SLOAD',
  ...RET_WORD,
  { label: 'totalSupply' },
  p(1),
  p(0xa0),
  'SHL',
  'SLOAD',
  ...RET_WORD,
  // transfer(to, value): stack [value, balance] -> revert when balance < value
  { label: 'transfer' },
  p(0x24),
  'CALLDATALOAD',
  'CALLER',
  'SLOAD',
  'DUP2',
  'DUP2',
  'LT',
  { ref: 'fail' },
  'JUMPI',
  'DUP2',
  'SWAP1',
  'SUB',
  'CALLER',
  'SSTORE',
  p(4),
  'CALLDATALOAD',
  'DUP1',
  'SLOAD',
  'DUP3',
  'ADD',
  'SWAP1',
  'SSTORE',
  p(0),
  'MSTORE',
  p(4),
  'CALLDATALOAD',
  'CALLER',
  p(TRANSFER_TOPIC),
  p(32),
  p(0),
  'LOG3',
  p(1),
  ...RET_WORD,
]

const runtime = assemble(RUNTIME)
const runtimeLen = (runtime.length - 2) / 2

const INIT: Op[] = [
  p(SUPPLY),
  'CALLER',
  'SSTORE',
  p(SUPPLY),
  p(1),
  p(0xa0),
  'SHL',
  'SSTORE',
  p(runtimeLen, 2),
  'DUP1',
  { push: 0, bytes: 2 },
  p(0),
  'CODECOPY',
  p(0),
  'RETURN',
]
// The init code's length is fixed (the offset is pushed with 2 bytes): patch it in.
const initLen = (assemble(INIT).length - 2) / 2
INIT[10] = { push: initLen, bytes: 2 }

/** Deploy data of TestToken (6 decimals, 10^30 units to the deployer). */
export const TEST_TOKEN_BYTECODE: Hex = concat([assemble(INIT), runtime])

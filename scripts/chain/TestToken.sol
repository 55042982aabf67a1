// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The test token of the chain tests and `npm run chain:dev`: the deployer holds the whole supply,
/// anyone may move what they hold. Its bytecode (scripts/chain/test-token.ts) is assembled by hand
/// from the listing there, which does exactly this: no compiler is installed here. Balances live at
/// storage slot = holder address, the total supply at slot 2**160.
contract TestToken {
    event Transfer(address indexed from, address indexed to, uint256 value);

    uint8 public constant decimals = 6;
    uint256 public totalSupply = 1e30;
    mapping(address => uint256) public balanceOf;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value);
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// A plain ERC-20 for the embedded devnet (docs/chains.md). Its runtime code is put in the
/// devnet's genesis at the token's configured address, so nothing of its setup may live in
/// storage (a genesis account carries no storage here): name, symbol, decimals and the minter
/// are immutables, written into the code itself.
contract DevnetToken {
    bytes32 private immutable nameWord;
    bytes32 private immutable symbolWord;
    uint8 public immutable decimals;
    /// The devnet's faucet: the one account that may create tokens (demo funding, test deposits).
    address public immutable minter;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address minter_) {
        require(bytes(name_).length <= 32 && bytes(symbol_).length <= 32, "name or symbol too long");
        nameWord = bytes32(bytes(name_));
        symbolWord = bytes32(bytes(symbol_));
        decimals = decimals_;
        minter = minter_;
    }

    function name() external view returns (string memory) {
        return toText(nameWord);
    }

    function symbol() external view returns (string memory) {
        return toText(symbolWord);
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "only the minter");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "ERC20: insufficient allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        move(from, to, value);
        return true;
    }

    function move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function toText(bytes32 word) private pure returns (string memory) {
        uint256 length = 0;
        while (length < 32 && word[length] != 0) length++;
        bytes memory text = new bytes(length);
        for (uint256 i = 0; i < length; i++) text[i] = word[i];
        return string(text);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// What a Safe 1.4.1 asks of its guard before and after every `execTransaction`.
interface ISafeGuard {
    function checkTransaction(
        address to,
        uint256 value,
        bytes memory data,
        uint8 operation,
        uint256 safeTxGas,
        uint256 baseGas,
        uint256 gasPrice,
        address gasToken,
        address payable refundReceiver,
        bytes memory signatures,
        address msgSender
    ) external;

    function checkAfterExecution(bytes32 txHash, bool success) external;
}

interface ISafeOwners {
    function isOwner(address owner) external view returns (bool);
}

/// The execution guard of every Safe the platform creates (docs/chains.md "The execution guard").
/// Safe signatures are bearer instruments: anyone holding a threshold of them could call the
/// permissionless `execTransaction`. With this guard the Safe itself accepts an execution only
/// when the platform's relayer sends it, so a proposal the platform denied, let expire or
/// superseded, or one it already executed at another nonce, cannot be executed by whoever
/// read its signatures.
///
/// The owners keep an escape that needs nothing of the platform: any owner announces it on
/// this contract; once `escapeDelay` seconds have passed, an owner of that Safe may execute too
/// (with the Safe's usual quorum of signatures). The announcement is public on chain for the
/// whole delay, so the platform and the other owners see it coming.
///
/// Installed by the Safe's setup: `setup(…, to = this guard, data = install(), …)` delegate-calls
/// `install`, which writes the guard into the Safe's guard slot. Removing or replacing the guard
/// is `setGuard` through `execTransaction`, so it passes this guard and the Safe's quorum like
/// any other change of the Safe.
contract RelayerGuard is ISafeGuard {
    /// Safe 1.4.1's `GUARD_STORAGE_SLOT` (keccak256("guard_manager.guard.address")).
    bytes32 private constant GUARD_STORAGE_SLOT = 0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8;

    /// The one account that executes for the platform.
    address public immutable relayer;
    /// Seconds between an owner's announcement and the owners executing without the platform.
    uint256 public immutable escapeDelay;
    /// This contract's own address, readable in a delegate call (immutables live in the code).
    address private immutable self;

    /// Per Safe: when its owners may execute without the relayer (0: no escape announced).
    mapping(address => uint256) public escapeOpensAt;

    /// The Safe's own event, emitted from the Safe when `install` runs in its setup.
    event ChangedGuard(address indexed guard);
    event EscapeAnnounced(address indexed safe, address indexed owner, uint256 opensAt);

    constructor(address relayer_, uint256 escapeDelay_) {
        relayer = relayer_;
        escapeDelay = escapeDelay_;
        self = address(this);
    }

    /// Delegate-called by the Safe's setup: this guard becomes the Safe's.
    function install() external {
        require(address(this) != self, "RG002: install runs in a Safe's setup");
        address guard = self;
        bytes32 slot = GUARD_STORAGE_SLOT;
        assembly {
            sstore(slot, guard)
        }
        emit ChangedGuard(guard);
    }

    /// An owner of `safe` starts the delay after which the owners execute without the platform.
    function announceEscape(address safe) external {
        require(ISafeOwners(safe).isOwner(msg.sender), "RG003: only an owner of the Safe announces its escape");
        if (escapeOpensAt[safe] != 0) return;
        uint256 opensAt = block.timestamp + escapeDelay;
        escapeOpensAt[safe] = opensAt;
        emit EscapeAnnounced(safe, msg.sender, opensAt);
    }

    /// Called by the Safe (msg.sender) before it executes: the relayer, or after an escape's delay one of its owners.
    function checkTransaction(address, uint256, bytes memory, uint8, uint256, uint256, uint256, address, address payable, bytes memory, address msgSender) external view override {
        if (msgSender == relayer) return;
        uint256 opensAt = escapeOpensAt[msg.sender];
        require(opensAt != 0 && block.timestamp >= opensAt && ISafeOwners(msg.sender).isOwner(msgSender), "RG001: only the platform's relayer executes");
    }

    function checkAfterExecution(bytes32, bool) external override {}

    /// ERC-165, as Safe's `setGuard` checks it: the Guard interface (0xe6d7a83a) and ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(ISafeGuard).interfaceId || interfaceId == 0x01ffc9a7;
    }
}

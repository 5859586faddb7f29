"""Who holds the chips: players and board sections, moved only by transfers.

Every movement of chips is a :class:`~stops.events.Transfer` event with a reason and a
rule id. Players plus board always hold the same total. Amounts are ints, or exact
``Fraction`` values where a rule needs them (the final Michigan split).

What a player can still pay is written here once (:func:`payable`, :meth:`Ledger.limit`,
:meth:`Ledger.can_pay`):
with finite chip stacks a payment is capped at what he holds; a running score caps nothing.
The bids and bets of the phases, the transfers and the fast playout's payments all ask it.
"""

from __future__ import annotations

from fractions import Fraction

from .chips import Account, Amount
from .events import TRANSFER_KINDS, Transfer


def payable(amount: Amount, balance: Amount, capped: bool) -> Amount:
    """What a player holding ``balance`` pays of ``amount`` owed: all of it with a running
    score; with finite stacks (``capped``) at most what he holds, nothing once he holds nothing."""
    return min(amount, max(balance, 0)) if capped else amount


class Ledger:
    """Balances of the players (by seat) and the amounts on each board section."""

    __slots__ = ("balances", "board", "capped")

    def __init__(self, balances: list[Amount], board: dict[str, Amount], capped: bool = False):
        self.balances = list(balances)
        self.board = dict(board)
        # capped: finite chip stacks; a player never pays more than he holds.
        self.capped = capped

    def copy(self) -> "Ledger":
        return Ledger(self.balances, self.board, self.capped)

    def limit(self, seat: int) -> Amount | None:
        """The most ``seat`` can still pay (a bid, a bet): what he holds with finite stacks
        (nothing once he holds nothing), None with a running score, which caps no payment."""
        return max(self.balances[seat], 0) if self.capped else None

    def can_pay(self, seat: int, amount: Amount) -> bool:
        """Whether ``seat`` can pay the whole of ``amount`` (:func:`payable`)."""
        return payable(amount, self.balances[seat], self.capped) == amount

    def total(self) -> Amount:
        return sum(self.balances) + sum(self.board.values())

    def amount(self, account: Account) -> Amount:
        if account.kind == "player":
            return self.balances[account.key]
        return self.board[account.key]

    def transfer(self, source: Account, target: Account, amount: Amount, reason: str, rule: str,
                 kind: str = "payment") -> Transfer | None:
        """Move ``amount`` (capped at the payer's stack when stacks are finite: the event then
        says what was ``owed``). ``kind``: what sort of payment (``events.TRANSFER_KINDS``).

        Returns the Transfer event, or None when nothing moves.
        """
        if amount < 0:
            raise ValueError("a transfer amount is never negative")
        if kind not in TRANSFER_KINDS:
            raise ValueError(f"unknown kind of payment {kind!r} (kinds: {', '.join(TRANSFER_KINDS)})")
        owed = None
        if source.kind == "player":
            paid = payable(amount, self.balances[source.key], self.capped)
            amount, owed = paid, (amount if paid < amount else None)
        if source.kind == "section":
            amount = min(amount, self.board[source.key])
        if amount == 0:
            return None
        self._add(source, -amount)
        self._add(target, amount)
        return Transfer(source, target, amount, reason, rule, kind, owed)

    def undo(self, event: Transfer) -> None:
        self._add(event.source, event.amount)
        self._add(event.target, -event.amount)

    def _add(self, account: Account, amount: Amount) -> None:
        if account.kind == "player":
            self.balances[account.key] += amount
        else:
            self.board[account.key] += amount

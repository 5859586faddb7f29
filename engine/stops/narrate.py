"""Plain-English sentences for events, for the terminal. The site has its own, per language.

Each event type has one narrator, ``fn(event_json, section_names) -> str``; profiles with
their own events add theirs with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable

NARRATORS: dict[str, Callable[[dict, dict], str]] = {}


def register(kind: str, narrator: Callable[[dict, dict], str]) -> None:
    NARRATORS[kind] = narrator


def account(side: dict, section_names: dict) -> str:
    if "player" in side:
        return side["player"]
    sid = side["section"]
    return section_names.get(sid, sid)


def describe(event: dict, section_names: dict | None = None, widow_name: str = "extra hand") -> str:
    """One line for one event (its JSON form); ``section_names`` and ``widow_name`` come from the profile."""
    names = {**(section_names or {}), "widow": f"the {widow_name}"}
    narrator = NARRATORS.get(event["type"])
    if narrator is not None:
        return narrator(event, names)
    details = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "rule"))
    return f"{event['type']}: {details}"


def _transfer(event: dict, names: dict) -> str:
    amount = event["amount"]
    chips = "chip" if amount == 1 else "chips"
    return f"{account(event['from'], names)} pays {amount} {chips} to {account(event['to'], names)} ({event['reason']})"


def _deal(event: dict, names: dict) -> str:
    sizes = ", ".join(f"{name} {len(cards)}" for name, cards in event["hands"].items())
    return f"{event['dealer']} deals: {sizes}, {names.get('widow', 'the extra hand')[4:]} {len(event['widow'])}"


def _play(event: dict, names: dict) -> str:
    return f"{event['player']} {'leads' if event['lead'] else 'plays'} {event['card']}"


def _stop(event: dict, names: dict) -> str:
    if event["next"] is None:
        return f"{event['card']} is an ace: the sequence stops"
    where = {"widow": f"is in {names.get('widow', 'the extra hand')}", "played": "has been played", "dead": "is in the dead hand"}[event["where"]]
    return f"nobody holds {event['next']} (it {where}): the sequence stops at {event['card']}"


register("transfer", _transfer)
register("deal", _deal)
register("play", _play)
register("stop", _stop)
register("out", lambda e, n: f"{e['player']} plays his last card and is out")
register("misdeal", lambda e, n: "misdeal: every payment since the ante goes back, and the same dealer deals again")
register("leave", lambda e, n: f"{e['player']} cannot pay the full ante and leaves the session")

"""Events as messages: a message id and typed arguments, never a finished sentence.

Every event (its JSON form, :meth:`stops.events.Event.to_json`) becomes one message::

    {"id": "%(player)s leads %(card)s.", "args": {"player": {"player": "A"}, "card": {"card": "9♦"}}}

The id is the English msgid of the site's catalogs; a message whose words depend on a count
also carries ``"plural"`` (the English plural msgid) and ``"count"`` (the name of the argument
whose number picks the form). Each argument is a small JSON object whose one key names its
kind (``player``, ``players``, ``card``, ``cards``, ``noun``, ``section``, ``chips``,
``number``, ``colour``, ``hand``, ``counts``, ``messages``, ``percent``); ``docs/messages.md``
describes them. The renderers (the CLI in English, the build through the catalogs, the
browser's ``site/static/i18n/messages.mjs``) only fill a message: they decide nothing.

A game's things are named by its words (the profile's nouns, :mod:`stops.words`, given to
each narrator as ``words``): a section or the extra hand is a ``noun`` argument, whose
grammar in each language is in the catalogs. The narrators are tables: a transfer's sentence
is looked up by its kind (``stops.events.TRANSFER_KINDS``) and the shape of its two ends,
a stop's by where the next card is, a bet's by the game's betting terms; no narrator asks
which game it tells, why chips moved (a reason is a game's rule name) or what the extra hand
is called (``tests/site/test_site_words.py`` reads this module and fails on such a branch).

Standard library only, and nothing from the rest of the engine: the narrators read the
events' JSON, so the module is the same under CPython and Pyodide. ``NARRATORS`` is written
out here, one entry per event type; a test checks it against every profile's event types.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# The names below mark message ids for `pybabel extract` (site_build.catalogs passes these
# keywords): N_ for a label, tell(...) for a message, tell_n(...) for a message with plural forms.


def N_(message: str) -> str:
    return message


def N_n(singular: str, plural: str) -> tuple[str, str]:
    """A table's message with plural forms: (singular, plural), counted by its amount."""
    return singular, plural


def tell(msgid: str, **args: dict) -> dict:
    """A message: its id and typed arguments."""
    return {"id": msgid, "args": args}


def tell_n(singular: str, plural: str, count: str, **args: dict) -> dict:
    """A message with plural forms; the number of argument ``count`` picks the form."""
    if count not in args:
        raise KeyError(f"plural message {singular!r} counts {count!r}, which is not one of its arguments")
    return {"id": singular, "plural": plural, "count": count, "args": args}


# ----- typed arguments -------------------------------------------------------------------


def player(name: str) -> dict:
    return {"player": name}


def players(names) -> dict:
    return {"players": list(names)}


def card(text: str) -> dict:
    return {"card": text}


def cards(texts) -> dict:
    return {"cards": list(texts)}


def section(sid: str) -> dict:
    return {"section": sid}


def chips(amount) -> dict:
    """A number of chips: a whole number, or an exact fraction written "1/3"."""
    return {"chips": amount}


def number(value: int) -> dict:
    return {"number": value}


def colour(name: str) -> dict:
    return {"colour": name}


def poker_hand(category: str) -> dict:
    return {"hand": category}


def counts(pairs) -> dict:
    """Things with a number each, e.g. cards per player: [[{"player": "A"}, 10], ...]."""
    return {"counts": [[thing, value] for thing, value in pairs]}


def messages(items) -> dict:
    """A list of messages, told one after the other (separated by MESSAGES_SEPARATOR, translated)."""
    return {"messages": list(items)}


def account(side: dict) -> dict:
    """A transfer's end: a player or a board section."""
    return player(side["player"]) if "player" in side else section(side["section"])


def count_of(arg: dict) -> int:
    """The number that picks a plural form: a count of chips (a fraction below one chip
    counts as one, a larger one as two), of cards or players, or a number."""
    kind, value = next(iter(arg.items()))
    if kind in ("cards", "players", "counts", "messages"):
        return len(value)
    if isinstance(value, str):
        top, _, bottom = value.partition("/")
        numerator, denominator = abs(int(top)), int(bottom or 1)
        if numerator % denominator == 0:
            return numerator // denominator
        return 1 if numerator < denominator else 2
    return abs(int(value))


# ----- labels of the engine's identifiers (English msgids; the catalogs translate them) ----

COLOUR_LABELS = {"red": N_("red"), "black": N_("black")}

# Poker hand categories as the engine names them.
POKER_HAND_LABELS = {
    "high card": N_("high card"),
    "pair": N_("one pair"),
    "two pair": N_("two pair"),
    "three of a kind": N_("three of a kind"),
    "straight": N_("straight"),
    "flush": N_("flush"),
    "full house": N_("full house"),
    "four of a kind": N_("four of a kind"),
    "straight flush": N_("straight flush"),
    "royal flush": N_("royal flush"),
}

# Between the messages of a list (French puts a space before the semicolon).
MESSAGES_SEPARATOR = N_("; ")

# How an amount of chips is said.
CHIPS_ONE, CHIPS_MANY = "%(num)s chip", "%(num)s chips"
CHIPS_FRACTION = "%(num)s of a chip"


def _chip_marks():  # never called: marks the chip forms for extraction
    tell_n("%(num)s chip", "%(num)s chips", "num")
    tell("%(num)s of a chip")


# ----- the game's words ---------------------------------------------------------------------
#
# A narrator names a game's things by their nouns (``words``: the profile's words as JSON,
# :meth:`stops.profiles.base.Profile.words_json`): the noun of a section, of the extra hand.
# Nothing here asks which game it is telling or why chips moved: the words are looked up.

NO_WORDS = {"sections": {}, "card_section": None, "hand": None, "feat": None}
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANKS = {"T": "10", "10": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {str(n): str(n) for n in range(2, 10)}


_NAMED = re.compile(r"%\((\w+)(?::\w+)?\)s")


def told(template: str, **candidates) -> dict:
    """The message ``template`` with those of ``candidates`` it names (a function is called
    only when its argument is named): a table's sentences need not all take the same ones."""
    named = set(_NAMED.findall(template))
    return tell(template, **{name: value() if callable(value) else value for name, value in candidates.items() if name in named})


class MissingWord(KeyError):
    """A section or hand the game's words do not name (a profile without its words)."""


def section_card(sid: str) -> str | None:
    """``AH`` -> ``A♥`` (the card a single-card section pays for), or None."""
    rank, suit = sid[:-1], sid[-1:]
    return _RANKS[rank] + _SUITS[suit] if suit in _SUITS and rank in _RANKS else None


def noun(words: dict, sid: str) -> dict:
    """A section as a noun in a sentence: ``{"noun": {"id": "kitty"}}``, or with the card it
    pays for, ``{"noun": {"id": "box", "card": "A♥"}}``."""
    named = words["sections"].get(sid)
    if named is not None:
        return {"noun": {"id": named}}
    card_ = section_card(sid)
    if card_ is None or words.get("card_section") is None:
        raise MissingWord(f"section {sid!r} has no noun in the game's words")
    return {"noun": {"id": words["card_section"], "card": card_}}


def feat(words: dict) -> dict:
    """The game's name for going out before anyone else has played a card (a noun)."""
    if words.get("feat") is None:
        raise MissingWord("this game has no name for going out unopposed")
    return {"noun": {"id": words["feat"]}}


def hand(words: dict) -> dict:
    """The game's extra hand as a noun (``{"noun": {"id": "widow"}}``)."""
    if words.get("hand") is None:
        raise MissingWord("this game has no extra hand to name")
    return {"noun": {"id": words["hand"]}}


# ----- the narrators: one per event type --------------------------------------------------

PLAYS = {
    True: N_("%(player)s leads %(card)s."),
    False: N_("%(player)s plays on with %(card)s."),
}


def _play(e, words):
    return tell(PLAYS[bool(e["lead"])], player=player(e["player"]), card=card(e["card"]))


# A stop, by where the next card is (the event's ``where``; "top": nothing follows the card).
STOPS = {
    "nobody": N_("Nobody can play on after %(card)s: the run stops, and its player starts a new one."),
    "nobody-skip": N_("Nobody can play on after %(card)s: whoever played it goes on with the next rank they hold, counting up from the missing one."),
    "top": N_("%(card)s is a stop: no card follows it."),
    "played": N_("%(card)s is a stop: %(next)s has already been played."),
    "dead": N_("%(card)s is a stop: %(next)s is in the dead hand."),
    "turn-up": N_("%(card)s is a stop: %(next)s is the turn-up."),
    "widow": N_("%(card)s is a stop: %(next)s is in %(hand)s."),
}


def _stop(e, words):
    where = e.get("where")
    if where is None or e.get("next") is None and not where.startswith("nobody"):  # "nobody": no card named (a rank sequence)
        where = "top"
    return told(STOPS[where], card=lambda: card(e["card"]), next=lambda: card(e["next"]), hand=lambda: hand(words))


# A player on turn without the next rank passes (Nain Jaune's "sans dix"): one message per rank.
PASSES = {
    "A": N_("%(player)s has no ace and passes."),
    "2": N_("%(player)s has no 2 and passes."),
    "3": N_("%(player)s has no 3 and passes."),
    "4": N_("%(player)s has no 4 and passes."),
    "5": N_("%(player)s has no 5 and passes."),
    "6": N_("%(player)s has no 6 and passes."),
    "7": N_("%(player)s has no 7 and passes."),
    "8": N_("%(player)s has no 8 and passes."),
    "9": N_("%(player)s has no 9 and passes."),
    "10": N_("%(player)s has no 10 and passes."),
    "J": N_("%(player)s has no jack and passes."),
    "Q": N_("%(player)s has no queen and passes."),
    "K": N_("%(player)s has no king and passes."),
}


def _passed(e, words):
    return tell(PASSES[e["rank"]], player=player(e["player"]))


def _stop_at_will(e, words):
    return tell("%(player)s could play on but stops, and the turn passes to the left.", player=player(e["player"]))


def _stand_in(e, words):
    return tell("%(player)s plays %(card)s in place of %(missing)s, which nobody can play: the sequence goes on as if that "
                "card had been played.",
                player=player(e["player"]), card=card(e["card"]), missing=card(e["missing"]))


def _stand_in_kept(e, words):
    return tell("%(player)s keeps %(card)s, and the stop stands.", player=player(e["player"]), card=card(e["card"]))


def _out(e, words):
    return tell("%(player)s has played their last card, and the round is over.", player=player(e["player"]))


def _excused(e, words):
    return tell("%(player)s still holds %(card)s and so pays nothing for the cards left in hand.",
                player=player(e["player"]), card=card(e["card"]))


# A transfer, by its kind (``stops.events.TRANSFER_KINDS``) and the shape of its two ends
# ("section>player", "player>section", "player>player", "section>section"); a payment cut
# short by the payer's stack (``owed`` in the event) is told as such, with both figures.
# In a message: %(player)s the player receiving (or paying into a section), %(payer)s a
# player paying a player, %(section)s the section's noun, %(hand)s the extra hand's noun,
# %(amount)s what moved and %(owed)s what was due.
TRANSFERS = {
    ("ante", "player>section"): N_("%(player)s antes %(amount)s on %(section)s."),
    ("ante", "player>section", "capped"): N_("%(player)s owes %(owed)s on %(section)s and antes all they have left: %(amount)s."),
    ("stake", "player>section"): N_("%(player)s stakes %(amount)s on %(section)s."),
    ("stake", "player>section", "capped"): N_("%(player)s stakes all they have left on %(section)s: %(amount)s."),
    ("refund", "section>player"): N_("%(player)s gets %(amount)s back from %(section)s."),
    ("refund", "player>player"): N_("%(player)s gets %(amount)s back from %(payer)s."),
    ("refund", "player>player", "capped"): N_("%(player)s gets back %(amount)s of %(owed)s from %(payer)s, all %(payer)s has left."),
    ("refund", "player>section"): N_("%(player)s hands %(amount)s back to %(section)s."),
    ("pay-card", "section>player"): N_("%(player)s wins %(section)s: %(amount)s."),
    ("combo", "section>player"): N_("%(player)s wins %(section)s: %(amount)s."),
    ("held", "section>player"): N_("%(player)s takes %(section)s: %(amount)s."),
    ("showdown", "section>player"): N_("%(player)s takes %(section)s: %(amount)s."),
    ("fold-out", "section>player"): N_("%(player)s takes %(section)s: %(amount)s."),
    ("bet", "player>section"): N_("%(player)s puts %(amount)s into %(section)s."),
    ("bet", "player>section", "capped"): N_("%(player)s puts all they have left into %(section)s: %(amount)s of %(owed)s."),
    ("going-out", "section>player"): N_("%(player)s went out first and takes %(section)s: %(amount)s."),
    ("unopposed", "section>player"):
        N_("%(player)s went out before anyone else played a card, %(feat)s, and also takes %(section)s: %(amount)s."),
    ("card-count", "player>player"): N_n("%(payer)s pays %(player)s %(amount)s for the one card left in hand.",
                                         "%(payer)s pays %(player)s %(amount)s, one for each card left in hand."),
    ("card-count", "player>player", "capped"):
        N_("%(payer)s owes %(player)s %(owed)s for the cards still in hand but has only %(amount)s, and pays it all."),
    ("card-value", "player>player"): N_("%(payer)s pays %(player)s %(amount)s, the pip value of the cards still in hand."),
    ("card-value", "player>player", "capped"):
        N_("The cards %(payer)s still holds are worth %(owed)s, but %(payer)s has only %(amount)s and pays it all to %(player)s."),
    ("penalty", "player>section"):
        N_("%(player)s is caught holding the card of %(section)s and must match what lies on it: %(amount)s."),
    ("penalty", "player>section", "capped"):
        N_("%(player)s is caught holding the card of %(section)s and owes %(owed)s to it, but has only %(amount)s and pays it all."),
    ("deadlock", "player>section"): N_n("%(player)s pays %(amount)s into %(section)s for the one card left in hand.",
                                        "%(player)s pays %(amount)s into %(section)s, one for each card left in hand."),
    ("deadlock", "player>section", "capped"):
        N_("%(player)s owes %(section)s %(owed)s, one for each card left in hand, but has only %(amount)s and pays it all."),
    ("turn-up", "section>player"): N_("The turn-up is the card of %(section)s: %(player)s, the dealer, takes %(amount)s from it."),
    ("turn-up-win", "section>player"): N_("%(player)s also takes %(section)s: %(amount)s."),
    ("widow-price", "player>player"): N_("%(payer)s pays %(player)s %(amount)s for %(hand)s."),
    ("widow-price", "player>player", "capped"): N_("%(payer)s pays %(player)s %(amount)s of the %(owed)s bid for %(hand)s, all they have left."),
    ("widow-price", "player>section"): N_("%(player)s pays %(amount)s into %(section)s for %(hand)s."),
    ("widow-price", "player>section", "capped"):
        N_("%(player)s pays %(amount)s of the %(owed)s bid into %(section)s for %(hand)s, all they have left."),
    ("pool", "section>section"): N_("%(source)s goes into %(target)s: %(amount)s."),
    ("final-showdown", "section>player"): N_("%(player)s collects %(amount)s from %(section)s."),
    ("session-split", "section>player"): N_("%(player)s receives %(amount)s from %(section)s."),
}


class UnknownTransfer(KeyError):
    """A kind of transfer (with these two ends) the narrator has no sentence for."""


def _end(side: dict) -> str:
    return "player" if "player" in side else "section"


def _transfer(e, words):
    source, target = e["from"], e["to"]
    shape = f"{_end(source)}>{_end(target)}"
    key = (e.get("kind", "payment"), shape) + (("capped",) if e.get("owed") is not None else ())
    if key not in TRANSFERS:
        raise UnknownTransfer(f"stops/messages.py: no sentence for a transfer {key!r}; add it to TRANSFERS")
    template, args = TRANSFERS[key], {"amount": chips(e["amount"])}
    if shape == "section>section":
        args |= {"source": noun(words, source["section"]), "target": noun(words, target["section"])}
    elif shape == "player>player":
        args |= {"payer": player(source["player"]), "player": player(target["player"])}
    else:
        args |= {"player": player((target if "player" in target else source)["player"]),
                 "section": noun(words, (source if "section" in source else target)["section"])}
    candidates = dict(owed=lambda: chips(e["owed"]), hand=lambda: hand(words), feat=lambda: feat(words))
    if isinstance(template, tuple):  # words that depend on the amount (one card left, several)
        said = told(template[1], **args, **candidates)
        return tell_n(template[0], template[1], "amount", **said["args"])
    return told(template, **args, **candidates)


def _deal(e, words):
    sizes = counts((player(name), len(held)) for name, held in e["hands"].items())
    even = len({len(held) for held in e["hands"].values()}) == 1
    each = number(len(next(iter(e["hands"].values()), ())))
    if words.get("hand") is None or not e.get("widow"):  # no extra hand: the whole pack goes to the players
        if even:
            return tell("%(dealer)s deals out the whole pack, %(each)s cards to each player.", dealer=player(e["dealer"]), each=each)
        return tell("%(dealer)s deals the whole pack. Cards in each hand: %(sizes)s.", dealer=player(e["dealer"]), sizes=sizes)
    if even:
        return tell("%(dealer)s deals %(each)s cards to each player and %(widow)s to %(hand)s.",
                    dealer=player(e["dealer"]), each=each, hand=hand(words), widow=number(len(e["widow"])))
    return tell("%(dealer)s deals. Cards in each hand: %(sizes)s; in %(hand)s: %(widow)s.",
                dealer=player(e["dealer"]), sizes=sizes, hand=hand(words), widow=number(len(e["widow"])))


def _misdeal(e, words):
    return tell("Misdeal: every payment made since the ante is handed back, and the same dealer deals again.")


def _leave(e, words):
    return tell("%(player)s cannot cover the full ante and leaves the game with the chips they have left.",
                player=player(e["player"]))


def _bust(e, words):
    return tell("%(player)s cannot pay in full, so the game ends here.", player=player(e["player"]))


def _hold(e, words):
    # the chips it wins are told by the transfer that follows ("A takes the King-Queen: 4 chips")
    return tell("%(player)s holds %(cards)s.", player=player(e["player"]), cards=cards(e["cards"]))


def _stay(e, words):
    where, amount = noun(words, e["section"]), chips(e["amount"])
    if e.get("cards"):  # what wins it lies in the extra hand, shown
        return tell_n("%(section)s keeps its chips (%(amount)s): %(cards)s is in %(hand)s.",
                      "%(section)s keeps its chips (%(amount)s): %(cards)s are in %(hand)s.",
                      "cards", section=where, amount=amount, cards=cards(e["cards"]), hand=hand(words))
    return tell("Nobody wins %(section)s this round, so it keeps its chips: %(amount)s.", section=where, amount=amount)


def _split(e, words):
    who, where, share = players(e["players"]), noun(words, e["section"]), chips(e["share"])
    if count_of(share) == 0:  # too few chips for one each: nothing is shared
        return tell_n("%(players)s cannot split the %(left)s on %(section)s, so it stays on the board.",
                      "%(players)s cannot split the %(left)s on %(section)s, so they stay on the board.",
                      "left", players=who, section=where, left=chips(e.get("left") or 0))
    if len(e["players"]) == 1:  # the only player still in the session at its end: the transfer tells the chips
        if e.get("left"):
            return tell_n("%(players)s is the only player still in for %(section)s; %(left)s stays on the board.",
                          "%(players)s is the only player still in for %(section)s; %(left)s stay on the board.",
                          "left", players=who, section=where, left=chips(e["left"]))
        return tell("%(players)s is the only player still in for %(section)s.", players=who, section=where)
    if e.get("left"):
        return tell_n("%(players)s share %(section)s: %(share)s each; %(left)s stays on the board.",
                      "%(players)s share %(section)s: %(share)s each; %(left)s stay on the board.",
                      "left", players=who, section=where, share=share, left=chips(e["left"]))
    return tell("%(players)s share %(section)s: %(share)s each.", players=who, section=where, share=share)


def shown_hand(shown: dict, sets: bool = False) -> dict:
    """One hand at a showdown: its category and best five cards (``sets``: the vying's best
    set of equal rank, its name and cards)."""
    if not shown.get("hand"):
        if sets:
            return tell("%(player)s: no set", player=player(shown["player"]))
        return tell("%(player)s: fewer than five cards", player=player(shown["player"]))
    return tell("%(player)s: %(hand)s (%(cards)s)", player=player(shown["player"]), hand=poker_hand(shown["hand"]),
                cards=cards(shown["cards"]))


def _showdown(e, words):
    hands, winners = messages(shown_hand(h) for h in e["hands"]), e.get("winners") or []
    where = noun(words, e["section"])
    if not winners:
        return tell("Showdown for %(section)s. %(hands)s. Nobody shows a poker hand.", section=where, hands=hands)
    if len(winners) > 1:
        return tell("Showdown for %(section)s. %(hands)s. Best hands, tied: %(winners)s.", section=where, hands=hands,
                    winners=players(winners))
    return tell("Showdown for %(section)s. %(hands)s. Best hand: %(winners)s.", section=where, hands=hands,
                winners=players(winners))


def _final_showdown(e, words):
    hands, winners = messages(shown_hand(h) for h in e["hands"]), e.get("winners") or []
    where, amount = noun(words, e["section"]), chips(e["amount"])
    if len(winners) > 1:
        return tell("Final showdown for %(section)s (%(amount)s). %(hands)s. Best hands, tied: %(winners)s.",
                    section=where, amount=amount, hands=hands, winners=players(winners))
    if len(e["hands"]) == 1:  # one hand shown: no contest to tell
        return tell("Only %(winners)s is left for the final showdown for %(section)s (%(amount)s). %(hands)s.",
                    section=where, amount=amount, hands=hands, winners=players(winners))
    return tell("Final showdown for %(section)s (%(amount)s). %(hands)s. Best hand: %(winners)s.",
                section=where, amount=amount, hands=hands, winners=players(winners))


# A betting action in the words of the game's betting (the event's `terms`): poker's, or
# Poch's vying (pass, poch, hold, raise). The message names the player, and the amount where it has one.
BETTING_WORDS = {
    "poker": {
        "check": N_("%(player)s checks."),
        "bet": N_("%(player)s bets."),
        "call": N_("%(player)s calls."),
        "raise": N_("%(player)s raises."),
        "fold": N_("%(player)s folds."),
        "fold-out": N_("Everyone else has folded: %(player)s wins without showing."),
    },
    "vying": {
        "check": N_("%(player)s passes without poching."),
        "bet": N_("%(player)s poches."),
        "call": N_("%(player)s holds."),
        "raise": N_("%(player)s raises the poch."),
        "fold": N_("%(player)s passes and gives up what they have put in."),
        "fold-out": N_("Everyone else has passed: %(player)s wins the vying without showing."),
    },
}


def _bet(e, words):
    action, terms = e.get("action", "bet"), e.get("terms", "poker")
    said = BETTING_WORDS.get(terms)
    if said is None:
        raise ValueError(f"bet event: unknown terms {terms!r}")
    if action not in said:
        raise ValueError(f"bet event: unknown action {action!r}")
    args = {"player": player(e["player"])}
    if "%(amount)s" in said[action]:
        args["amount"] = chips(e.get("amount") or 0)
    return tell(said[action], **args)


def _fold_out(e, words):
    return tell(BETTING_WORDS[e.get("terms", "poker")]["fold-out"], player=player(e["player"]))


def _sets_shown(e, words):
    hands, winners = messages(shown_hand(h, sets=True) for h in e["hands"]), e.get("winners") or []
    where = noun(words, e["section"])
    if not winners:
        return tell("The players show their sets for %(section)s. %(hands)s. Nobody holds a set.", section=where, hands=hands)
    return tell("The players show their sets for %(section)s. %(hands)s. Best set: %(winners)s.", section=where, hands=hands,
                winners=players(winners))


def _dealer_keeps(e, words):
    if e.get("pay_card"):
        return tell("%(player)s holds a pay card and so cannot take %(hand)s.", player=player(e["player"]), hand=hand(words))
    if e.get("dealer") is False:  # the first chooser at the dealer's left
        return tell("%(player)s keeps their hand.", player=player(e["player"]))
    return tell("%(player)s, the dealer, keeps their own hand.", player=player(e["player"]))


def _widow_auction(e, words):
    if not e.get("bidders"):
        return tell("Nobody may bid for %(hand)s.", hand=hand(words))
    if len(e["bidders"]) == 1:
        return tell("Only %(bidders)s may bid for %(hand)s.", hand=hand(words), bidders=players(e["bidders"]))
    return tell("%(hand)s is for sale to %(bidders)s, in turn.", hand=hand(words), bidders=players(e["bidders"]))


def _widow_bid(e, words):
    if e.get("amount") is None:
        return tell("%(player)s passes.", player=player(e["player"]))
    return tell("%(player)s bids %(amount)s for %(hand)s.", player=player(e["player"]), amount=chips(e["amount"]),
                hand=hand(words))


def _widow_swap(e, words):
    if e.get("price"):
        # the price is told by the payment before it ("B pays A 3 chips for the widow")
        return tell("%(player)s takes up %(hand)s; the hand they discard is dead.", player=player(e["player"]), hand=hand(words))
    return tell("%(player)s exchanges their hand for %(hand)s sight unseen; the old hand is dead.", player=player(e["player"]),
                hand=hand(words))


def _widow_kept(e, words):
    return tell("Nobody takes %(hand)s; it stays out of play.", hand=hand(words))


def _duty_passes(e, words):
    if e.get("colour") is None:
        return tell("%(from)s has no card of another suit, so the lead passes to %(to)s.",
                    **{"from": player(e["from"]), "to": player(e["to"])})
    return tell("%(from)s has no %(colour)s card, so the lead passes to %(to)s.",
                **{"from": player(e["from"]), "to": player(e["to"]), "colour": colour(e["colour"])})


def _deadlock(e, words):
    return tell("Nobody holds a %(colour)s card, so play is blocked: each player pays 1 chip for every card left in hand.",
                colour=colour(e["colour"]))


def _combo(e, words):
    return tell("%(player)s has played %(cards)s in succession from their own hand and wins %(section)s.",
                player=player(e["player"]), cards=cards(e["cards"]), section=noun(words, e["section"]))


def _combo_set(e, words):
    return tell("%(player)s has played %(cards)s and wins %(section)s.",
                player=player(e["player"]), cards=cards(e["cards"]), section=noun(words, e["section"]))


# The card turned up for trumps, by where it goes (the event's ``where``).
TURN_UPS = {
    "dealer": N_("%(player)s turns up their last card, %(card)s, for trumps. The card stays in their hand."),
    "stock": N_("%(player)s turns up the last card of the pack, %(card)s, for trumps. It stays face up and is never played."),
    "hand": N_("%(dealer)s turns up the last card dealt, %(card)s, for trumps. It was dealt to %(player)s and stays in their hand."),
}


def _turn_up(e, words):
    where = e.get("where", "stock")
    if where == "hand":
        if e.get("holder") != e["dealer"]:
            return tell(TURN_UPS["hand"], dealer=player(e["dealer"]), player=player(e["holder"]), card=card(e["card"]))
        where = "dealer"  # the last card dealt fell to the dealer: told as the dealer's own
    return tell(TURN_UPS[where], player=player(e["dealer"]), card=card(e["card"]))


def _turn_up_win(e, words):
    return tell("%(player)s dealt and turned up %(card)s, the card of %(section)s, and wins the round without play.",
                player=player(e["player"]), card=card(e["card"]), section=noun(words, e["section"]))


def _ghost_swap(e, words):
    return tell("%(player)s swaps their hand for %(hand)s.", player=player(e["player"]), hand=hand(words))


NARRATORS: dict[str, Callable[[dict, dict], dict]] = {
    "transfer": _transfer,
    "deal": _deal,
    "play": _play,
    "stop": _stop,
    "out": _out,
    "excused": _excused,
    "passed": _passed,
    "stop-at-will": _stop_at_will,
    "stand-in": _stand_in,
    "stand-in-kept": _stand_in_kept,
    "misdeal": _misdeal,
    "leave": _leave,
    "bust": _bust,
    "hold": _hold,
    "stay": _stay,
    "split": _split,
    "showdown": _showdown,
    "final-showdown": _final_showdown,
    "bet": _bet,
    "fold-out": _fold_out,
    "sets-shown": _sets_shown,
    "dealer-keeps": _dealer_keeps,
    "widow-auction": _widow_auction,
    "widow-bid": _widow_bid,
    "widow-swap": _widow_swap,
    "widow-kept": _widow_kept,
    "duty-passes": _duty_passes,
    "deadlock": _deadlock,
    "combo": _combo,
    "combo-set": _combo_set,
    "turn-up": _turn_up,  # Pope Joan and Poch turn up a trump
    "turn-up-win": _turn_up_win,
    "ghost-swap": _ghost_swap,
}


# How a page lays an event out beside its line in the log (site/static/model/news.mjs), given
# as the message's ``display``: "hands" (a showdown, hand by hand), "cards" (the cards shown to
# win a section or left in the hidden hand), "notice" (a turn of play that needs explaining),
# "out" (a player going out, or winning the round without play: the transfers that follow are
# what each rival pays and what the winner takes) or "win" (a section won at once by a card
# played: the transfer itself). By event type; a transfer by its kind (TRANSFER_DISPLAYS).
DISPLAYS: dict[str, str] = {
    "showdown": "hands",
    "final-showdown": "hands",
    "hold": "cards",
    "stay": "cards",
    "combo": "cards",
    "duty-passes": "notice",
    "deadlock": "notice",
    "leave": "notice",
    "misdeal": "notice",
    "fold-out": "notice",
    "excused": "notice",
    "stop-at-will": "notice",
    "stand-in": "notice",
    "stand-in-kept": "notice",
    "out": "out",
    "turn-up-win": "out",
}

# The transfers a page lays out on their own, by (event type, transfer kind): the section a pay
# card wins as it is played.
TRANSFER_DISPLAYS: dict[tuple[str, str], str] = {
    ("transfer", "pay-card"): "win",
}


class UnknownEvent(KeyError):
    """An event type without a narrator (add one to NARRATORS)."""


def message(event: dict, words: dict) -> dict:
    """The message for one event (its JSON form); ``words``: the game's words
    (:meth:`stops.profiles.base.Profile.words_json`: the nouns of its sections and extra hand)."""
    narrator = NARRATORS.get(event.get("type"))
    if narrator is None:
        raise UnknownEvent(f"stops/messages.py: no narrator for event type {event.get('type')!r}")
    said = narrator(event, words)
    display = DISPLAYS.get(event["type"]) or TRANSFER_DISPLAYS.get((event["type"], event.get("kind")))
    return said | {"display": display} if display else said


def view_notices(view: dict | None) -> list[dict]:
    """What the position asks of the player to move that no event has told yet, as
    ``{"message", "rule"}`` (e.g. the colour a lead after a stop must be)."""
    if not view:
        return []
    notices = []
    if view.get("lead_colour"):
        notices.append({"message": tell("After the stop the colour switches: the next lead is the lowest card of a %(colour)s suit.",
                                        colour=colour(view["lead_colour"])),
                        "rule": view.get("lead_rule")})
    return notices


def event_messages(events, words: dict) -> list[dict]:
    """One message per event, in order (``events``: their JSON forms; ``words``: the game's)."""
    return [message(event, words) for event in events]


def antes(player_name: str, total, parts=None) -> dict:
    """One player's antes told as one line (the walkthroughs fold each player's run of antes)."""
    if parts is None:
        return tell("%(player)s antes %(amount)s.", player=player(player_name), amount=chips(total))
    return tell("%(player)s antes %(amount)s: %(parts)s.", player=player(player_name), amount=chips(total),
               parts=counts((section(sid), amount) for sid, amount in parts))

"""Events as messages: a message id and typed arguments, never a finished sentence.

Every event (its JSON form, :meth:`stops.events.Event.to_json`) becomes one message::

    {"id": "%(player)s leads %(card)s.", "args": {"player": {"player": "A"}, "card": {"card": "9♦"}}}

The id is the English msgid of the site's catalogs; a message whose words depend on a count
also carries ``"plural"`` (the English plural msgid) and ``"count"`` (the name of the argument
whose number picks the form). Each argument is a small JSON object whose one key names its
kind (``player``, ``players``, ``card``, ``cards``, ``section``, ``chips``, ``number``,
``colour``, ``hand``, ``counts``, ``messages``); ``docs/messages.md`` describes them. The
renderers (the CLI in English, the build through the catalogs, the browser's
``site/static/i18n/messages.mjs``) only fill a message: they decide nothing.

Standard library only, and nothing from the rest of the engine: the narrators read the
events' JSON, so the module is the same under CPython and Pyodide. ``NARRATORS`` is written
out here, one entry per event type; a test checks it against every profile's event types.
"""

from __future__ import annotations

from collections.abc import Callable

# The names below mark message ids for `pybabel extract` (site_build.catalogs passes these
# keywords): N_ for a label, tell(...) for a message, tell_n(...) for a message with plural forms.


def N_(message: str) -> str:
    return message


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

# Board sections that are not a single card (a single-card section is told by its card).
SECTION_LABELS = {
    "kitty": N_("Kitty"),
    "king_queen": N_("King-Queen"),
    "pozo": N_("Pozo"),
    "pot": N_("Pot"),
    "poker": N_("Poker"),
    "rummoli": N_("Rummoli"),
    "ace_king": N_("Ace-King of diamonds"),
    "seven_eight_nine": N_("7-8-9"),
    "ace": N_("Ace of trumps"),
    "king": N_("King of trumps"),
    "queen": N_("Queen of trumps"),
    "jack": N_("Jack of trumps"),
    "ten": N_("Ten of trumps"),
    "marriage": N_("Marriage"),
    "sequence": N_("Sequence"),
    "pocher": N_("Pocher"),
    "centre": N_("Centre"),
    # Pope Joan's compartments (the honours are those of the suit turned up)
    "pope": N_("Pope"),
    "matrimony": N_("Matrimony"),
    "intrigue": N_("Intrigue"),
    "game": N_("Game"),
    "dwarf": N_("Yellow Dwarf"),
}

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


# ----- the narrators: one per event type --------------------------------------------------


def _play(e, hidden):
    if e["lead"]:
        return tell("%(player)s leads %(card)s.", player=player(e["player"]), card=card(e["card"]))
    return tell("%(player)s holds %(card)s and plays it.", player=player(e["player"]), card=card(e["card"]))


def _stop(e, hidden):
    where, this = e.get("where"), card(e["card"])
    if where == "nobody":  # a sequence by rank in turn order: the turn came back round
        return tell("Nobody can play on after %(card)s: the sequence stops, and its player starts a new one.", card=this)
    if (where is None or e.get("next") is None) and e["card"].startswith("K"):
        return tell("%(card)s is a king, the highest card: the sequence stops, and its player starts a new one.", card=this)
    if where is None or e.get("next") is None:
        if not e["card"].startswith("A"):  # the top of a suit that is not an ace: a king (aces low), a 7♦ without the 8♦
            return tell("Nothing follows %(card)s in the pack: the sequence stops.", card=this)
        return tell("%(card)s is an ace: the sequence stops.", card=this)
    nxt = card(e["next"])
    if where == "played":
        return tell("%(card)s is a stop: %(next)s has already been played.", card=this, next=nxt)
    if where == "dead":
        return tell("%(card)s is a stop: %(next)s is in the dead hand.", card=this, next=nxt)
    if where == "turn-up":
        return tell("%(card)s is a stop: %(next)s is the card turned up.", card=this, next=nxt)
    if hidden == "ghost hand":
        return tell("%(card)s is a stop: %(next)s is in the ghost hand.", card=this, next=nxt)
    if hidden == "dummy":
        return tell("%(card)s is a stop: %(next)s is in the dummy.", card=this, next=nxt)
    if hidden == "stock":
        return tell("%(card)s is a stop: %(next)s is in the stock.", card=this, next=nxt)
    return tell("%(card)s is a stop: %(next)s is in the widow.", card=this, next=nxt)


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


def _passed(e, hidden):
    return tell(PASSES[e["rank"]], player=player(e["player"]))


def _out(e, hidden):
    return tell("%(player)s has played their last card: the round ends at once.", player=player(e["player"]))


# Chips a player takes from a section, by the transfer's reason (any other reason: the plain sentence).
def _takes(reason, who, where, amount):
    if reason == "box":
        return tell("%(player)s wins the %(section)s box: %(amount)s.", player=who, section=where, amount=amount)
    if reason == "horse":
        return tell("%(player)s wins the %(section)s horse: %(amount)s.", player=who, section=where, amount=amount)
    if reason == "kitty":
        return tell("%(player)s takes the Kitty: %(amount)s.", player=who, amount=amount)
    if reason == "pozo":
        return tell("%(player)s takes the Pozo: %(amount)s.", player=who, amount=amount)
    if reason == "rummoli-pot":
        return tell("%(player)s wins the Rummoli pot: %(amount)s.", player=who, amount=amount)
    if reason == "poker":
        return tell("%(player)s takes the Pot: %(amount)s.", player=who, amount=amount)
    if reason in ("showdown", "fold-out"):
        return tell("%(player)s takes the Poker pot and the bets: %(amount)s.", player=who, amount=amount)
    if reason == "case":
        return tell("%(player)s plays the card of the %(section)s case and takes it: %(amount)s.", player=who, section=where,
                    amount=amount)
    if reason == "grand-opera":
        return tell("Grand opéra: %(player)s also takes the %(section)s case: %(amount)s.", player=who, section=where,
                    amount=amount)
    if reason == "pot-card":
        return tell("%(player)s wins the %(section)s pot: %(amount)s.", player=who, section=where, amount=amount)
    if reason == "session-split":
        return tell("%(player)s receives a share of %(section)s: %(amount)s.", player=who, section=where, amount=amount)
    if reason == "pope":
        return tell("%(player)s plays the Pope and takes its compartment: %(amount)s.", player=who, amount=amount)
    if reason == "game":
        return tell("%(player)s takes the Game compartment: %(amount)s.", player=who, amount=amount)
    # A compartment won by a card played (Pope Joan's honours, told as played just before) or
    # held (Poch's bowls, told as shown), or by a combination.
    if reason in ("trump-honour", "matrimony", "intrigue"):
        return tell("%(player)s takes the %(section)s compartment: %(amount)s.", player=who, section=where, amount=amount)
    if reason == "dealer-turn-up":
        return tell("%(player)s, the dealer, turned up the card of %(section)s and takes it: %(amount)s.", player=who, section=where,
                    amount=amount)
    if reason == "final-showdown":
        return tell("%(player)s collects %(amount)s from the %(section)s pot.", player=who, section=where, amount=amount)
    return tell("%(player)s takes %(section)s: %(amount)s.", player=who, section=where, amount=amount)


def _transfer(e, hidden):
    source, target, reason, amount = e["from"], e["to"], e.get("reason"), chips(e["amount"])
    if "section" in source and "player" in target:
        return _takes(reason, player(target["player"]), section(source["section"]), amount)
    if "player" in source and "section" in target:
        who, where = player(source["player"]), section(target["section"])
        if reason == "ante":
            return tell("%(player)s antes %(amount)s on %(section)s.", player=who, section=where, amount=amount)
        if reason == "stake":
            return tell("%(player)s stakes %(amount)s on %(section)s.", player=who, section=where, amount=amount)
        if reason == "held-penalty":
            return tell("%(player)s still holds the card of the %(section)s case and pays %(amount)s into it, doubling it.",
                        player=who, section=where, amount=amount)
        return tell("%(player)s puts %(amount)s on %(section)s.", player=who, section=where, amount=amount)
    if "player" in source and "player" in target:
        payer, payee = player(source["player"]), player(target["player"])
        if reason == "card-count":
            return tell("%(payer)s pays %(player)s %(amount)s, one for each card %(payer)s has left.",
                       payer=payer, player=payee, amount=amount)
        if reason == "card-value":
            return tell("%(payer)s pays %(player)s %(amount)s, the value of the cards %(payer)s has left.",
                        payer=payer, player=payee, amount=amount)
        if reason == "widow-auction":
            if hidden == "dummy":
                return tell("%(payer)s pays %(player)s %(amount)s for the dummy.", payer=payer, player=payee, amount=amount)
            return tell("%(payer)s pays %(player)s %(amount)s for the widow.", payer=payer, player=payee, amount=amount)
        return tell("%(payer)s pays %(player)s %(amount)s.", payer=payer, player=payee, amount=amount)
    if "section" in source and "section" in target and reason == "pool":
        return tell("The %(source)s pot goes into the %(target)s pot: %(amount)s.",
                   source=section(source["section"]), target=section(target["section"]), amount=amount)
    return tell_n("%(amount)s moves from %(source)s to %(target)s.", "%(amount)s move from %(source)s to %(target)s.",
                 "amount", amount=amount, source=account(source), target=account(target))


def _deal(e, hidden):
    sizes = counts((player(name), len(held)) for name, held in e["hands"].items())
    widow = number(len(e["widow"]))
    if hidden == "none":  # a game with no extra hand: the whole pack goes to the players (Poch)
        return tell("%(dealer)s deals the whole pack. Cards in each hand: %(sizes)s.", dealer=player(e["dealer"]), sizes=sizes)
    if hidden == "ghost hand":
        return tell("%(dealer)s deals. Cards in each hand: %(sizes)s; ghost hand: %(widow)s.",
                   dealer=player(e["dealer"]), sizes=sizes, widow=widow)
    if hidden == "dummy":
        return tell("%(dealer)s deals. Cards in each hand: %(sizes)s; dummy: %(widow)s.",
                   dealer=player(e["dealer"]), sizes=sizes, widow=widow)
    if hidden == "stock":
        return tell("%(dealer)s deals. Cards in each hand: %(sizes)s; stock: %(widow)s.",
                   dealer=player(e["dealer"]), sizes=sizes, widow=widow)
    if hidden == "talon":
        return tell("%(dealer)s deals. Cards in each hand: %(sizes)s; talon: %(widow)s.",
                   dealer=player(e["dealer"]), sizes=sizes, widow=widow)
    return tell("%(dealer)s deals. Cards in each hand: %(sizes)s; widow: %(widow)s.",
               dealer=player(e["dealer"]), sizes=sizes, widow=widow)


def _misdeal(e, hidden):
    return tell("Misdeal: every payment made since the ante is handed back, and the same dealer deals again.")


def _leave(e, hidden):
    return tell("%(player)s cannot pay the full ante and leaves the session with what they hold.",
               player=player(e["player"]))


def _bust(e, hidden):
    return tell("%(player)s cannot pay in full: the session ends at once.", player=player(e["player"]))


def _hold(e, hidden):
    return tell("%(player)s holds %(cards)s: %(section)s pays.", player=player(e["player"]), cards=cards(e["cards"]),
               section=section(e["section"]))


def _stay(e, hidden):
    where, amount = section(e["section"]), chips(e["amount"])
    if e.get("where") == "ghost":
        return tell_n("%(section)s stays on the board with %(amount)s: %(cards)s is in the ghost hand.",
                     "%(section)s stays on the board with %(amount)s: %(cards)s are in the ghost hand.",
                     "cards", section=where, amount=amount, cards=cards(e["cards"]))
    return tell("%(section)s stays on the board with %(amount)s: nobody holds what wins it.", section=where, amount=amount)


def _split(e, hidden):
    who, where, share = players(e["players"]), section(e["section"]), chips(e["share"])
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


def _showdown(e, hidden):
    hands, winners = messages(shown_hand(h) for h in e["hands"]), e.get("winners") or []
    where = section(e["section"])
    if not winners:
        return tell("Showdown (%(section)s). %(hands)s. Nobody shows a poker hand.", section=where, hands=hands)
    if len(winners) > 1:
        return tell("Showdown (%(section)s). %(hands)s. Best hands, tied: %(winners)s.", section=where, hands=hands,
                   winners=players(winners))
    return tell("Showdown (%(section)s). %(hands)s. Best hand: %(winners)s.", section=where, hands=hands,
               winners=players(winners))


def _final_showdown(e, hidden):
    hands, winners = messages(shown_hand(h) for h in e["hands"]), e.get("winners") or []
    where, amount = section(e["section"]), chips(e["amount"])
    if len(winners) > 1:
        return tell("Final showdown (%(section)s, %(amount)s). %(hands)s. Best hands, tied: %(winners)s.",
                   section=where, amount=amount, hands=hands, winners=players(winners))
    return tell("Final showdown (%(section)s, %(amount)s). %(hands)s. Winner: %(winners)s.",
               section=where, amount=amount, hands=hands, winners=players(winners))


# A betting action in the words of the game's betting (the event's `terms`): poker's, or
# Poch's vying (pass, poch, hold). The message names the player, and the amount where it has one.
BETTING_WORDS = {
    "poker": {
        "check": N_("%(player)s checks."),
        "bet": N_("%(player)s bets %(amount)s."),
        "call": N_("%(player)s calls with %(amount)s."),
        "raise": N_("%(player)s raises, putting in %(amount)s."),
        "fold": N_("%(player)s folds."),
    },
    "vying": {
        "check": N_("%(player)s passes without poching."),
        "bet": N_("%(player)s poches %(amount)s."),
        "call": N_("%(player)s holds, putting in %(amount)s."),
        "raise": N_("%(player)s poches again, putting in %(amount)s."),
        "fold": N_("%(player)s passes and gives up what they have put in."),
    },
}


def _bet(e, hidden):
    action, terms = e.get("action", "bet"), e.get("terms", "poker")
    words = BETTING_WORDS.get(terms)
    if words is None:
        raise ValueError(f"bet event: unknown terms {terms!r}")
    if action not in words:
        raise ValueError(f"bet event: unknown action {action!r}")
    args = {"player": player(e["player"])}
    if "%(amount)s" in words[action]:
        args["amount"] = chips(e.get("amount") or 0)
    return tell(words[action], **args)


def _fold_out(e, hidden):
    if e.get("terms") == "vying":
        return tell("Everyone else has passed: %(player)s wins the vying without showing.", player=player(e["player"]))
    return tell("Everyone else has folded: %(player)s takes the Poker pot without showing.", player=player(e["player"]))


def _sets_shown(e, hidden):
    hands, winners = messages(shown_hand(h, sets=True) for h in e["hands"]), e.get("winners") or []
    where = section(e["section"])
    if not winners:
        return tell("The sets are shown (%(section)s). %(hands)s. Nobody holds a set.", section=where, hands=hands)
    return tell("The sets are shown (%(section)s). %(hands)s. Best set: %(winners)s.", section=where, hands=hands,
               winners=players(winners))


def _dealer_keeps(e, hidden):
    if e.get("pay_card"):
        return tell("%(player)s holds a pay card, so may not take the widow.", player=player(e["player"]))
    if e.get("dealer") is False:  # the first chooser at the dealer's left
        return tell("%(player)s keeps their hand.", player=player(e["player"]))
    return tell("%(player)s, the dealer, keeps their hand.", player=player(e["player"]))


def _widow_auction(e, hidden):
    if hidden == "dummy":
        if not e.get("bidders"):
            return tell("Nobody is left to buy the dummy.")
        return tell("The dummy is for sale to %(bidders)s, in turn.", bidders=players(e["bidders"]))
    if not e.get("bidders"):
        return tell("Nobody may bid for the widow: every other hand holds a pay card.")
    return tell("The widow goes to auction among %(bidders)s.", bidders=players(e["bidders"]))


def _widow_bid(e, hidden):
    if e.get("amount") is None:
        return tell("%(player)s passes.", player=player(e["player"]))
    if hidden == "dummy":
        return tell("%(player)s bids %(amount)s for the dummy.", player=player(e["player"]), amount=chips(e["amount"]))
    return tell("%(player)s bids %(amount)s for the widow.", player=player(e["player"]), amount=chips(e["amount"]))


def _widow_swap(e, hidden):
    if hidden == "dummy":
        if e.get("price"):
            return tell("%(player)s buys the dummy for %(amount)s and takes it; their old hand is dead.",
                       player=player(e["player"]), amount=chips(e["price"]))
        return tell("%(player)s swaps their hand for the dummy, unseen; their old hand is dead.", player=player(e["player"]))
    if e.get("price"):
        return tell("%(player)s buys the widow for %(amount)s and takes it; their old hand is dead.",
                   player=player(e["player"]), amount=chips(e["price"]))
    return tell("%(player)s swaps their hand for the widow, unseen; their old hand is dead.", player=player(e["player"]))


def _widow_kept(e, hidden):
    if hidden == "dummy":
        return tell("Nobody takes the dummy: it stays as dealt.")
    return tell("Nobody takes the widow: it stays as dealt.")


def _duty_passes(e, hidden):
    if e.get("colour") is None:
        return tell("%(from)s holds no other suit: the duty to lead passes to %(to)s.",
                   **{"from": player(e["from"]), "to": player(e["to"])})
    return tell("%(from)s holds no %(colour)s card: the duty to lead passes to %(to)s.",
               **{"from": player(e["from"]), "to": player(e["to"]), "colour": colour(e["colour"])})


def _deadlock(e, hidden):
    return tell("Nobody holds a %(colour)s card: deadlock. Each player pays 1 chip per card left into the Rummoli pot.",
               colour=colour(e["colour"]))


def _combo(e, hidden):
    return tell("%(player)s played %(cards)s in a row, all from their own hand: %(section)s is theirs.",
               player=player(e["player"]), cards=cards(e["cards"]), section=section(e["section"]))


def _turn_up(e, hidden):
    who, turned = player(e["dealer"]), card(e["card"])
    if e.get("where") == "dealer":
        return tell("%(player)s turns up their last card, %(card)s: its suit is trumps. The card stays in their hand.",
                    player=who, card=turned)
    return tell("%(player)s turns up the last card of the pack, %(card)s: its suit is trumps. It stays face up and is never played.",
                player=who, card=turned)


def _turn_up_win(e, hidden):
    return tell("%(player)s, the dealer, turned up %(card)s, the card of %(section)s, and wins the round without play.",
                player=player(e["player"]), card=card(e["card"]), section=section(e["section"]))


def _combo_set(e, hidden):
    return tell("%(player)s has now played %(cards)s, all from their own hand: %(section)s is theirs.",
                player=player(e["player"]), cards=cards(e["cards"]), section=section(e["section"]))


def _ghost_bid(e, hidden):
    return tell("%(player)s bids %(amount)s for the ghost hand.", player=player(e["player"]), amount=chips(e["amount"]))


def _ghost_pass(e, hidden):
    return tell("%(player)s passes.", player=player(e["player"]))


def _ghost_swap(e, hidden):
    return tell("%(player)s pays %(amount)s into the Pozo and swaps their hand for the ghost hand.",
               player=player(e["player"]), amount=chips(e["amount"]))


def _ghost_kept(e, hidden):
    return tell("Nobody bids: the ghost hand stays as dealt.")


NARRATORS: dict[str, Callable[[dict, str], dict]] = {
    "transfer": _transfer,
    "deal": _deal,
    "play": _play,
    "stop": _stop,
    "out": _out,
    "passed": _passed,
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
    "ghost-bid": _ghost_bid,
    "ghost-pass": _ghost_pass,
    "ghost-swap": _ghost_swap,
    "ghost-kept": _ghost_kept,
}


# How a page lays an event out beside its line in the log (site/static/model/news.mjs), given
# as the message's ``display``: "hands" (a showdown, hand by hand), "cards" (the cards shown to
# win a section or left in the hidden hand) or "notice" (a turn of play that needs explaining).
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
}


class UnknownEvent(KeyError):
    """An event type without a narrator (add one to NARRATORS)."""


def message(event: dict, hidden_hand: str = "widow") -> dict:
    """The message for one event (its JSON form); ``hidden_hand`` is the game's extra hand
    (``profile.widow_name``: "widow" or "ghost hand"; "none" for a game without one)."""
    narrator = NARRATORS.get(event.get("type"))
    if narrator is None:
        raise UnknownEvent(f"stops/messages.py: no narrator for event type {event.get('type')!r}")
    said = narrator(event, hidden_hand)
    display = DISPLAYS.get(event["type"])
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


def event_messages(events, hidden_hand: str = "widow") -> list[dict]:
    """One message per event, in order (``events``: their JSON forms)."""
    return [message(event, hidden_hand) for event in events]


def antes(player_name: str, total, parts=None) -> dict:
    """One player's antes told as one line (the walkthroughs fold each player's run of antes)."""
    if parts is None:
        return tell("%(player)s antes %(amount)s.", player=player(player_name), amount=chips(total))
    return tell("%(player)s antes %(amount)s: %(parts)s.", player=player(player_name), amount=chips(total),
               parts=counts((section(sid), amount) for sid, amount in parts))

"""Events in words: one sentence per engine event, in the page's language.

Every event type of `stops.profiles.EVENT_TYPES` has an entry in NARRATORS (a test checks it,
and that each sentence is translated in every catalog). A narrator returns Markup: the
sentence is translated first, escaped, then the cards and names are put in.
"""

from fractions import Fraction

from babel.numbers import format_decimal
from markupsafe import Markup, escape

from .cardtext import card_html, cards_html, mark_cards
from .errors import BuildError
from .i18n import N_
from .labels import COLOURS, HIDDEN_HANDS, POKER_HANDS, lookup, section_label


class Voice:
    """What a narrator needs: the language's gettext/ngettext and number format."""

    def __init__(self, lang, gettext, ngettext, game):
        self.lang, self.gettext, self.ngettext, self.game = lang, gettext, ngettext, game

    def say(self, message, **values):
        """Translate `message` and fill it with values (Markup values are kept as HTML)."""
        return Markup(escape(self.gettext(message))) % values

    def number(self, value) -> str:
        """A whole number in the language's format, or an exact fraction; a real minus sign."""
        if isinstance(value, str) and "/" in value:
            return value.replace("-", "−")
        return format_decimal(value, locale=self.lang).replace("-", "−")

    def chips(self, amount) -> str:
        """`4 chips`, `1 chip`, `1/3 of a chip`, by the language's plural rules."""
        if isinstance(amount, str):
            value = Fraction(amount)
            if abs(value) < 1:
                return self.gettext(N_("%(num)s of a chip")) % {"num": self.number(amount)}
            return self.ngettext("%(num)s chip", "%(num)s chips", 2) % {"num": self.number(amount)}
        return self.ngettext("%(num)s chip", "%(num)s chips", amount) % {"num": self.number(amount)}

    def where(self, end: dict) -> Markup:
        if "player" in end:
            return escape(end["player"])
        if "section" in end:
            return mark_cards(section_label(end["section"], self.gettext))
        raise BuildError(f"transfer endpoint {end!r} is neither a player nor a section")

    def hidden_hand(self) -> str:
        """The extra hand's name in this game (widow, ghost hand), from the engine's profile."""
        from stops.profiles import PROFILES

        name = PROFILES[self.game].describe()["widow"].get("name", "widow") if self.game in PROFILES else "widow"
        return lookup(HIDDEN_HANDS, name, "extra hand name", self.gettext)


def narrate_play(voice, event):
    card = card_html(event["card"])
    if event.get("lead"):
        return voice.say(N_("%(player)s leads %(card)s."), player=event["player"], card=card)
    return voice.say(N_("%(player)s holds %(card)s and plays it."), player=event["player"], card=card)


def narrate_stop(voice, event):
    card = card_html(event["card"])
    where = event.get("where")
    if where is None or event.get("next") is None:
        return voice.say(N_("%(card)s is an ace: the sequence stops."), card=card)
    nxt = card_html(event["next"])
    if where == "played":
        return voice.say(N_("%(card)s is a stop: %(next)s has already been played."), card=card, next=nxt)
    if where == "dead":
        return voice.say(N_("%(card)s is a stop: %(next)s is in the dead hand."), card=card, next=nxt)
    if voice.hidden_hand() == voice.gettext(N_("ghost hand")):
        return voice.say(N_("%(card)s is a stop: %(next)s is in the ghost hand."), card=card, next=nxt)
    return voice.say(N_("%(card)s is a stop: %(next)s is in the widow."), card=card, next=nxt)


def narrate_out(voice, event):
    return voice.say(N_("%(player)s has played his last card: the round ends at once."), player=event["player"])


# Sentences for chips a player takes from a named section, by transfer reason.
TAKES = {
    "kitty": N_("%(player)s takes the Kitty: %(amount)s."),
    "pozo": N_("%(player)s takes the Pozo: %(amount)s."),
    "rummoli-pot": N_("%(player)s wins the Rummoli pot: %(amount)s."),
    "poker": N_("%(player)s takes the Pot: %(amount)s."),
    "showdown": N_("%(player)s takes the Poker pot and the bets: %(amount)s."),
    "fold-out": N_("%(player)s takes the Poker pot and the bets: %(amount)s."),
}


def narrate_transfer(voice, event):
    source, target = event["from"], event["to"]
    amount = voice.chips(event["amount"])
    reason = event.get("reason")  # picks a more specific sentence; any other reason gets the plain one
    if "section" in source and "player" in target:
        section = voice.where(source)
        if reason == "box":
            return voice.say(N_("%(player)s wins the %(section)s box: %(amount)s."),
                             player=target["player"], section=section, amount=amount)
        if reason in TAKES:
            return voice.say(TAKES[reason], player=target["player"], amount=amount)
        if reason == "pot-card":
            return voice.say(N_("%(player)s wins the %(section)s pot: %(amount)s."),
                             player=target["player"], section=section, amount=amount)
        if reason == "session-split":
            return voice.say(N_("%(player)s receives a share of %(section)s: %(amount)s."),
                             player=target["player"], section=section, amount=amount)
        if reason == "final-showdown":
            return voice.say(N_("%(player)s collects %(amount)s from the %(section)s pot."),
                             player=target["player"], section=section, amount=amount)
        return voice.say(N_("%(player)s takes %(section)s: %(amount)s."),
                         player=target["player"], section=section, amount=amount)
    if "player" in source and "section" in target:
        section = voice.where(target)
        if reason == "ante":
            return voice.say(N_("%(player)s antes %(amount)s on %(section)s."),
                             player=source["player"], section=section, amount=amount)
        return voice.say(N_("%(player)s puts %(amount)s on %(section)s."),
                         player=source["player"], section=section, amount=amount)
    if "player" in source and "player" in target:
        if reason == "card-count":
            return voice.say(N_("%(payer)s pays %(player)s %(amount)s, one for each card left in his hand."),
                             payer=source["player"], player=target["player"], amount=amount)
        if reason == "widow-auction":
            return voice.say(N_("%(payer)s pays %(player)s %(amount)s for the widow."),
                             payer=source["player"], player=target["player"], amount=amount)
        return voice.say(N_("%(payer)s pays %(player)s %(amount)s."),
                         payer=source["player"], player=target["player"], amount=amount)
    if "section" in source and "section" in target and reason == "pool":
        return voice.say(N_("The %(source)s pot goes into the %(target)s pot: %(amount)s."),
                         amount=amount, source=voice.where(source), target=voice.where(target))
    return voice.say(N_("%(amount)s move from %(source)s to %(target)s."),
                     amount=amount, source=voice.where(source), target=voice.where(target))


def narrate_deal(voice, event):
    sizes = ", ".join(f"{name} {len(cards)}" for name, cards in event.get("hands", {}).items())
    return voice.say(N_("%(dealer)s deals. Cards in each hand: %(sizes)s; %(hand)s: %(widow)s."),
                     dealer=event["dealer"], sizes=sizes, widow=len(event.get("widow", [])), hand=voice.hidden_hand())


def narrate_misdeal(voice, event):
    return voice.say(N_("Misdeal: every payment of the round is put back and the same dealer deals again."))


def narrate_leave(voice, event):
    return voice.say(N_("%(player)s cannot pay his full ante and leaves the session with what he holds."),
                     player=event["player"])


def names(players) -> str:
    return ", ".join(players)


def narrate_hold(voice, event):
    return voice.say(N_("%(player)s holds %(cards)s: %(section)s pays."), player=event["player"],
                     cards=cards_html(event["cards"]), section=voice.where({"section": event["section"]}))


def narrate_stay(voice, event):
    section = voice.where({"section": event["section"]})
    amount = voice.chips(event["amount"])
    if event.get("where") == "ghost":
        return voice.say(N_("%(section)s stays on the board with %(amount)s: %(cards)s is in the ghost hand."),
                         section=section, amount=amount, cards=cards_html(event.get("cards", [])))
    return voice.say(N_("%(section)s stays on the board with %(amount)s: nobody holds what wins it."),
                     section=section, amount=amount)


def narrate_split(voice, event):
    values = {"players": names(event["players"]), "section": voice.where({"section": event["section"]}),
              "share": voice.chips(event["share"]), "left": voice.chips(event["left"])}
    if event.get("left"):
        return voice.say(N_("%(players)s share %(section)s: %(share)s each; %(left)s stay in it."), **values)
    return voice.say(N_("%(players)s share %(section)s: %(share)s each."), **values)


def poker_hand(voice, shown) -> Markup:
    if not shown.get("hand"):
        return voice.say(N_("%(player)s: fewer than five cards"), player=shown["player"])
    return voice.say(N_("%(player)s: %(hand)s (%(cards)s)"), player=shown["player"],
                     hand=lookup(POKER_HANDS, shown["hand"], "poker hand", voice.gettext), cards=cards_html(shown["cards"]))


def narrate_showdown(voice, event):
    hands = Markup("; ").join(poker_hand(voice, shown) for shown in event.get("hands", []))
    winners = event.get("winners") or []
    if len(winners) > 1:
        message = N_("Showdown (%(section)s). %(hands)s. Best hands, tied: %(winners)s.")
    else:
        message = N_("Showdown (%(section)s). %(hands)s. Best hand: %(winners)s.")
    return voice.say(message, section=voice.where({"section": event["section"]}), hands=hands, winners=names(winners))


def narrate_final_showdown(voice, event):
    hands = Markup("; ").join(poker_hand(voice, shown) for shown in event.get("hands", []))
    winners = event.get("winners") or []
    if len(winners) > 1:
        message = N_("Final showdown (%(section)s, %(amount)s). %(hands)s. Best hands, tied: %(winners)s.")
    else:
        message = N_("Final showdown (%(section)s, %(amount)s). %(hands)s. Winner: %(winners)s.")
    return voice.say(message,
                     section=voice.where({"section": event["section"]}), amount=voice.chips(event["amount"]),
                     hands=hands, winners=names(winners))


def narrate_bet(voice, event):
    action = event.get("action", "bet")
    amount = voice.chips(event.get("amount") or 0)
    messages = {
        "check": N_("%(player)s checks."),
        "bet": N_("%(player)s bets %(amount)s."),
        "call": N_("%(player)s calls with %(amount)s."),
        "raise": N_("%(player)s raises, putting in %(amount)s."),
        "fold": N_("%(player)s folds."),
    }
    if action not in messages:
        raise BuildError(f"site_build/narrate.py: no narration for bet action {action!r}")
    return voice.say(messages[action], player=event["player"], amount=amount)


def narrate_fold_out(voice, event):
    return voice.say(N_("Everyone else has folded: %(player)s takes the Poker pot without showing."),
                     player=event["player"])


def narrate_dealer_keeps(voice, event):
    if event.get("pay_card"):
        return voice.say(N_("%(player)s holds a pay card, so he may not take the widow."), player=event["player"])
    return voice.say(N_("%(player)s, the dealer, keeps his hand."), player=event["player"])


def narrate_widow_auction(voice, event):
    bidders = event.get("bidders") or []
    if not bidders:
        return voice.say(N_("Nobody may bid for the widow: every other hand holds a pay card."))
    return voice.say(N_("The widow goes to auction among %(bidders)s."), bidders=names(bidders))


def narrate_widow_bid(voice, event):
    if event.get("amount") is None:
        return voice.say(N_("%(player)s passes."), player=event["player"])
    return voice.say(N_("%(player)s bids %(amount)s for the widow."), player=event["player"],
                     amount=voice.chips(event["amount"]))


def narrate_widow_swap(voice, event):
    if event.get("price"):
        return voice.say(N_("%(player)s buys the widow for %(amount)s and takes it; his old hand is dead."),
                         player=event["player"], amount=voice.chips(event["price"]))
    return voice.say(N_("%(player)s swaps his hand for the widow, unseen; his old hand is dead."),
                     player=event["player"])


def narrate_widow_kept(voice, event):
    return voice.say(N_("Nobody takes the widow: it stays as dealt."))


def narrate_duty_passes(voice, event):
    return voice.say(N_("%(from)s holds no %(colour)s card: the duty to lead passes to %(to)s."),
                     **{"from": event["from"], "to": event["to"],
                        "colour": lookup(COLOURS, event["colour"], "colour", voice.gettext)})


def narrate_deadlock(voice, event):
    return voice.say(N_("Nobody holds a %(colour)s card: deadlock. Each player pays 1 chip per card left into the Rummoli pot."),
                     colour=lookup(COLOURS, event["colour"], "colour", voice.gettext))


def narrate_combo(voice, event):
    return voice.say(N_("%(player)s has played %(cards)s himself, back to back: %(section)s is his."),
                     player=event["player"], cards=cards_html(event["cards"]),
                     section=voice.where({"section": event["section"]}))


def narrate_ghost_bid(voice, event):
    return voice.say(N_("%(player)s bids %(amount)s for the ghost hand."), player=event["player"],
                     amount=voice.chips(event["amount"]))


def narrate_ghost_pass(voice, event):
    return voice.say(N_("%(player)s passes."), player=event["player"])


def narrate_ghost_swap(voice, event):
    return voice.say(N_("%(player)s pays %(amount)s into the Pozo and swaps his hand for the ghost hand."),
                     player=event["player"], amount=voice.chips(event["amount"]))


def narrate_ghost_kept(voice, event):
    return voice.say(N_("Nobody bids: the ghost hand stays as dealt."))


NARRATORS = {
    "transfer": narrate_transfer,
    "deal": narrate_deal,
    "play": narrate_play,
    "stop": narrate_stop,
    "out": narrate_out,
    "misdeal": narrate_misdeal,
    "leave": narrate_leave,
    "hold": narrate_hold,
    "stay": narrate_stay,
    "split": narrate_split,
    "showdown": narrate_showdown,
    "bet": narrate_bet,
    "fold-out": narrate_fold_out,
    "dealer-keeps": narrate_dealer_keeps,
    "widow-auction": narrate_widow_auction,
    "widow-bid": narrate_widow_bid,
    "widow-swap": narrate_widow_swap,
    "widow-kept": narrate_widow_kept,
    "duty-passes": narrate_duty_passes,
    "deadlock": narrate_deadlock,
    "combo": narrate_combo,
    "final-showdown": narrate_final_showdown,
    "ghost-bid": narrate_ghost_bid,
    "ghost-pass": narrate_ghost_pass,
    "ghost-swap": narrate_ghost_swap,
    "ghost-kept": narrate_ghost_kept,
}


def narrate(voice: Voice, event: dict) -> Markup:
    narrator = NARRATORS.get(event.get("type"))
    if narrator is None:
        raise BuildError(f"site_build/narrate.py: no narration for event type {event.get('type')!r}")
    return narrator(voice, event)

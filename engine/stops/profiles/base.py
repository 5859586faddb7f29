"""What a game is, as data: its board, antes, deal, phases, rules and named rule options.

A :class:`Profile` is frozen data. Rule variants are options whose values are folded into
the profile's fields by the profile's ``configure`` function, so the rules code reads
fields and never asks which game it is playing. Every field is typed; the few hooks a
game needs (a view extension, the end of a session) are named fields too. A profile also
lists what it adds to the engine: its phases (``phase_table``), its own event types
(``events``) and its rules (``rules``), so the registries of :mod:`stops.profiles` are
built from the one list of profiles and nothing registers itself on import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any, get_args

from ..cards import DECK, RANK_LABELS, Card, card
from ..enums import (HOLD_KINDS, Award, Bankroll, BetSizes, CardValue, DealPlan, DutyKind, ExchangeMode, FirstChooser,
                     FirstLeader, HeldPenalty, LeadKind, Opener, Ranker, SectionSuit, SequenceBy, SessionUnit, Settlement,
                     Terms, Turn, TurnUp, WidowPosition, WonBy, member)
from ..errors import SetupError, shown
from ..events import ROUND_EVENTS, Event, TurnedUp
from ..kernel.claims import PlayRun, card_values, pay_table, run_index, set_index
from ..kernel.leads import DUTIES, LEADS, PackOrder, pack_order
from ..kernel.sequence import follow_table, next_cards
from ..kernel.step import PlayRules
from ..moves import ROUND_MOVES, Move
from ..words import N_, Words


def enumerated(*specs: tuple[str, Any]) -> tuple[tuple[str, type, bool], ...]:
    """The fields of a dataclass that take an enumeration's values, each given as (name, its
    enumeration) or (name, ``Enumeration | None``) where None may stand: (name, enumeration,
    None allowed), for :func:`take`."""
    out = []
    for name, kind in specs:
        kinds = get_args(kind) or (kind,)
        out.append((name, kinds[0], type(None) in kinds))
    return tuple(out)


def take(obj, where: str, specs: tuple[tuple[str, type, bool], ...]) -> None:
    """Each of ``specs`` (:func:`enumerated`) of the frozen dataclass ``obj`` as a member of
    its enumeration: a member, or the string of one (:func:`stops.enums.member`); another value
    raises TypeError naming ``where`` (the game, or the section), the field and the values allowed."""
    for name, kind, optional in specs:
        value = getattr(obj, name)
        if type(value) is not kind and not (value is None and optional):
            object.__setattr__(obj, name, member(kind, value, where, name))


@dataclass(frozen=True)
class Section:
    """One place on the board that collects chips.

    ``won_by`` says how: ``play`` (playing its card), ``hold`` (holding its card),
    ``combo-hold``/``combo-play`` (holding/playing a set of cards), ``run-hold`` (holding
    a run of ``min_run`` or more cards of one suit, any suit), ``poker`` (the best poker
    hand), ``vying`` (the best set of the vying) or ``going-out`` (the first player out).

    ``award`` says who of several holders takes a section won by holding: ``all-holders``
    share it, or the ``best`` holder alone takes it (for runs: the longest, then the
    highest, then one in trumps, then the seat nearest the dealer's left).

    A section of the trump suit (``suit="trump"``) names ``ranks`` instead of cards: each
    round resolves it to those ranks of the suit turned up (:meth:`resolve`). A
    ``combo-play`` section so resolved is won by one player who plays all its cards in the
    round, in a row (``consecutive``) or whenever each was played (``consecutive=False``).

    ``won_by``, ``award`` and ``suit`` are enumerations (:mod:`stops.enums`; their strings
    are taken too): another value fails when the section is made, naming it.
    """

    id: str
    cards: tuple[Card, ...]
    won_by: WonBy
    award: Award = Award.ALL_HOLDERS
    min_run: int = 3
    suit: SectionSuit | None = None  # the trumps: the cards are ``ranks`` of the round's trump suit
    ranks: tuple[int, ...] = ()
    consecutive: bool = True
    # Drawn in the middle of the board (Nain Jaune's dwarf); else the going-out or poker section is.
    centre: bool = False

    ENUMERATED = enumerated(("won_by", WonBy), ("award", Award), ("suit", SectionSuit | None))

    def __post_init__(self):
        take(self, f"section {self.id}", self.ENUMERATED)

    def resolve(self, trump: int | None) -> "Section":
        """This section in a round whose trump suit is ``trump`` (unchanged unless it is of trumps)."""
        if self.suit != SectionSuit.TRUMP or trump is None:
            return self
        return replace(self, cards=tuple(card(rank, trump) for rank in self.ranks))

    def to_json(self) -> dict:
        doc = {"id": self.id, "cards": [str(c) for c in self.cards], "won_by": self.won_by}
        if self.suit is not None:
            doc |= {"suit": self.suit, "ranks": [RANK_LABELS[r] for r in self.ranks], "consecutive": self.consecutive}
        if self.centre:
            doc["centre"] = True
        return doc


@dataclass(frozen=True)
class Board:
    """A round's sections with the trump suit's cards resolved, and what the stops phase
    reads from them: the pay cards (``pay_on_play`` and its table by card) and the runs
    won by playing (``play_runs`` and its compact index)."""

    sections: tuple[Section, ...]
    pay_on_play: Mapping[Card, str]
    play_runs: tuple[PlayRun, ...]

    @cached_property
    def pay_table(self) -> tuple[int, ...]:
        return pay_table(tuple(s.id for s in self.sections), self.pay_on_play)

    @cached_property
    def run_index(self):
        return run_index(self.play_runs)

    @cached_property
    def set_index(self):
        return set_index(self.play_runs)


@dataclass(frozen=True)
class Option:
    """A named rule option with its default; ``choices`` for an enumeration, else ``kind`` (bool or int)."""

    name: str
    default: Any
    summary: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None  # a limit on what a document may ask for (docs/replay-format.md)
    # Its words for a reader (msgids, in the site's catalogs): a label and a one-line help;
    # and the rule of the game it changes (a rule name of the profile, without the game).
    label: str | None = None
    help: str | None = None
    rule: str | None = None

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                raise SetupError(f"option {self.name} must be one of {', '.join(map(str, self.choices))}, not {shown(value)}")
        elif isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise SetupError(f"option {self.name} is true or false, not {shown(value)}")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"option {self.name} is a whole number, not {shown(value)}")
            if self.minimum is not None and value < self.minimum:
                raise SetupError(f"option {self.name} is at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise SetupError(f"option {self.name} is at most {self.maximum:,} (a limit of the engine), not {value}")
        return value

    def to_json(self) -> dict:
        return {"name": self.name, "default": self.default, "choices": list(self.choices) if self.choices else None,
                "minimum": self.minimum, "maximum": self.maximum, "summary": self.summary}



# The options most games share, written once: the bankroll, the stacks it starts with, the
# session's length in rotations of the deal.
def bankroll_option(default: str) -> Option:
    """A running score (``ledger``) or finite chip stacks (``chips``), the default first."""
    ledger, chips = "a running score that may go negative (ledger)", "finite chip stacks (chips)"
    first, second = (ledger, chips) if default == "ledger" else (chips, ledger)
    return Option("bankroll", default, f"{first[0].upper()}{first[1:]}, or {second}.",
                  ("ledger", "chips") if default == "ledger" else ("chips", "ledger"),
                  label=N_("Bankroll"), help=N_("A running score, or finite chip stacks."), rule="bankroll")


def starting_chips_option(default: int, minimum: int = 1,
                          summary: str = "Each player's stack at the start of a session with chips.") -> Option:
    return Option("starting_chips", default, summary, minimum=minimum, maximum=1_000_000, label=N_("Starting chips"),
                  help=N_("Chips each player starts with when playing with chips."), rule="bankroll")


def rotations_option(summary: str = "Full rotations of the deal in a session (everyone deals this many times).") -> Option:
    return Option("rotations", 1, summary, minimum=1, maximum=100, label=N_("Rotations"),
                  help=N_("How many times each player deals in a session."), rule="session-end")


@dataclass(frozen=True)
class Exchange:
    """Who may swap hands with the widow (or ghost hand) before play.

    ``mode``: ``"none"``; ``"dealer-swap-or-auction"`` (the dealer may swap unseen, else the
    others bid: :mod:`stops.phases.widow_exchange`); ``"auction"`` (everyone bids for the
    ghost hand: :mod:`stops.phases.ghost_auction`). A hand holding one of ``pay_cards`` may
    neither swap nor bid. ``first_chooser``: who may swap unseen first, the ``dealer`` or
    the player at his left (``dealer-left``, Newmarket's dummy sale); the others bid in
    turn from the chooser's left, and a price is always paid to the dealer (who never bids).
    """

    mode: ExchangeMode = ExchangeMode.NONE
    pay_cards: frozenset = frozenset()
    first_chooser: FirstChooser = FirstChooser.DEALER

    ENUMERATED = enumerated(("mode", ExchangeMode), ("first_chooser", FirstChooser))

    def __post_init__(self):
        take(self, "exchange", self.ENUMERATED)


@dataclass(frozen=True)
class Betting:
    """A betting round (:mod:`stops.phases.betting`, :mod:`stops.kernel.betting`) as data.

    Bets go into ``section``; at most ``max_raises`` raises follow the bet. ``sizes``:
    "fixed" (a bet and a raise are ``unit`` chips: Rummoli) or "range" (any whole number
    from ``unit`` to ``max_bet`` above the highest total, a range in the legal moves: Poch).
    ``ranker``: what the showdown compares, "poker" hands (ties split) or "sets" of equal
    rank (one winner). ``opener``: "any" player may bet first, or only one holding a set
    ("needs-set"). ``free_fold`` False refuses a fold with nothing to call. ``terms``: the
    catalog's words for the actions ("poker", or "vying": pass, poch, hold). ``rules``: the
    rule name of each action and of "showdown" and "fold-out" (default "betting", and the
    names "showdown" and "fold-out" themselves).
    """

    section: str = "poker"
    unit: int = 1
    max_raises: int = 3
    sizes: BetSizes = BetSizes.FIXED
    max_bet: int = 1
    ranker: Ranker = Ranker.POKER
    opener: Opener = Opener.ANY
    free_fold: bool = True
    terms: Terms = Terms.POKER
    rules: Mapping[str, str] = field(default_factory=dict)

    # What ``rules`` may name: the actions (their default rule "betting"), the showdown and the
    # win by folds (each its own name by default).
    ROLES = ("betting", "check", "bet", "call", "raise", "fold", "showdown", "fold-out")
    ENUMERATED = enumerated(("sizes", BetSizes), ("ranker", Ranker), ("opener", Opener), ("terms", Terms))

    def __post_init__(self):
        take(self, "betting", self.ENUMERATED)
        unknown = set(self.rules) - set(self.ROLES)
        if unknown:
            raise TypeError(f"betting: rules names {', '.join(sorted(unknown))}, not one of {', '.join(self.ROLES)}")

    def rule_name(self, role: str) -> str:
        """The rule name of an action, of the "showdown" or of the "fold-out" (a win by folds)."""
        return self.rules.get(role, role if role in ("showdown", "fold-out") else "betting")


@dataclass(frozen=True)
class RuleNames:
    """The rule names (of ``Profile.rules``, without the ``<game>.`` prefix) under which the
    shared phases apply the rules each game names its own way, with the defaults most games use.

    A name left None is a rule the game has not. When the profile is made it checks that every
    name given is one of its rules, and that it names each rule its data makes it apply: a pay
    card played (``pay``), each going-out section, each section won by holding, a card turned
    up, a card that excuses its holder, going out unopposed.
    """

    # A card of the extra hand is never played (nor swapped, in the widow exchange).
    widow: str = "widow"
    # A pay card played wins its section (Michigan's box, Newmarket's horse); ``pay_by_section``:
    # the sections won under a name of their own (Pope Joan's Pope beside its trump honours).
    pay: str | None = None
    pay_by_section: Mapping[str, str] = field(default_factory=dict)
    # The first player out takes a going-out section: each one's rule (default: its id).
    going_out: Mapping[str, str] = field(default_factory=dict)
    # A section won by holding cards, or by playing a set of trumps: each one's rule (default: its id).
    sections: Mapping[str, str] = field(default_factory=dict)
    # A player on turn who cannot play on passes (the turn by seat).
    passing: str = "follow"
    # A stop at the top card of the order, and a stop where the turn came back round to the
    # last player (nobody could play on).
    top_stop: str = "stop"
    gap: str = "stop"
    # Who leads after a stop, which a lead out of turn then breaks, the lead passing on by a duty
    # included; None: the duty's rule where it passed on, else the stop's own where the game names
    # one (``top_stop``, ``gap``), else the restart lead's (``kernel.leads.LEADS[restart].rule``):
    # :func:`stops.phases.stops.leader_rule`.
    restart_turn: str | None = None
    # The first player out, unopposed, takes every section (``Profile.unopposed_takes_all``).
    unopposed: str | None = None
    # A card turned up for trumps (``Profile.turn_up``).
    turn_up: str | None = None
    # A card that excuses its holder from paying for his cards left (``Profile.excusing_cards``).
    excuse: str | None = None
    # A player who cannot pay his ante leaves the session (or ends it: ``session_end_on_bust``).
    leave: str = "bankroll"
    # A player on turn stops though he could play on (``Profile.may_stop``).
    stop: str | None = None
    # The stand-in card played at a stop in place of the missing one, or kept (``Profile.stand_in``;
    # a game may name the rule with no card while the option that gives it is off).
    stand_in: str | None = None

    def pay_rule(self, sid: str) -> str | None:
        """The rule under which playing the pay card of section ``sid`` wins it."""
        return self.pay_by_section.get(sid, self.pay)

    def going_out_rule(self, sid: str) -> str:
        """The rule under which the first player out takes going-out section ``sid``."""
        return self.going_out.get(sid, sid)

    def section_rule(self, sid: str) -> str:
        """The rule under which section ``sid`` is won by holding its cards, or playing its set of trumps."""
        return self.sections.get(sid, sid)


# The fields of RuleNames (each a rule name, None, or a table of them by section).
RULE_ROLES = tuple(f.name for f in fields(RuleNames))


@dataclass(frozen=True)
class Profile:
    """Every rule of one game, as data. Fields are the effective rules after options.

    The fields that take one of a fixed set of values are enumerations (:mod:`stops.enums`),
    their strings taken too; the rule names are :class:`RuleNames`. A profile checks both when
    it is made (:meth:`__post_init__`), and every ``configure`` makes a profile anew.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    sections: tuple[Section, ...]
    options: tuple[Option, ...]
    # Per-player ante on each section; the dealer pays ``dealer_ante`` instead when given.
    ante: Mapping[str, int]
    dealer_ante: Mapping[str, int] | None
    # The extra hand: the first or the last card of each circuit of the deal.
    widow_position: WidowPosition
    widow_name: str
    phases: tuple[str, ...]
    # Stops phase: who leads first, what a first lead and a lead after a stop may be.
    first_leader: FirstLeader
    first_lead: LeadKind
    restart: LeadKind
    pay_on_play: Mapping[Card, str]
    going_out_sections: tuple[str, ...]
    card_count_rate: int
    bankroll: Bankroll
    starting_chips: int
    session: SessionUnit
    # Every rule of the game by name (without the ``<game>.`` prefix), with a one-line summary.
    rules: Mapping[str, str]
    # Every phase the game may play, by name (its options choose which, in ``phases``).
    phase_table: Mapping[str, Any]
    values: Mapping[str, Any] = field(default_factory=dict)
    # How long a session is: ``session_length`` full rotations of the deal (``session`` is
    # "rotations") or rounds ("rounds"); None: one round per player.
    session_length: int | None = None
    # The rule names of the rules the game names its own way (the extra hand, the pay cards...).
    rule_names: RuleNames = RuleNames()
    configure_fn: Callable[["Profile", dict], "Profile"] | None = None
    # The game's own event types, beside those of every round and of its phases.
    events: tuple[type[Event], ...] = ()
    # What the game calls its sections and its extra hand (nouns whose grammar per language
    # is in the catalogs): every section must have its noun (checked below).
    words: Words = Words(())
    exchange: Exchange = Exchange()
    betting: Betting | None = None
    # The first player out takes a going-out section only if nobody took it earlier in the
    # round (Tripoli's ``pozo_once``: a section held in phase 1).
    going_out_skips_held: bool = False
    # Holding phase: a section whose cards lie in the extra hand is shown to lie there
    # (Tripoli's ghost hand); False: it just stays, its cards unseen (Pope Joan's stock).
    widow_sections_shown: bool = True
    # Stops phase: sections won by playing a run oneself, one card right after the other.
    play_runs: tuple[PlayRun, ...] = ()
    # Stops phase: after a stop, when the stopper holds no card the named duty asks for
    # (``stops.kernel.leads.DUTIES``: "opposite-colour", "other-suit"), the duty to lead
    # passes clockwise to the first player who does; None: the stopper always leads. When
    # nobody does, the duty says: a deadlock (everyone pays 1 chip per card into
    # ``deadlock_section``) or the stopper leads under the restart rule after all.
    duty_passes: DutyKind | None = None
    deadlock_section: str | None = None
    # Extensions of the view (``hook(rnd, seat, view)`` adds the game's public state).
    view_hooks: tuple[Callable, ...] = ()
    # How a session's end settles the board (``hook(session) -> events``); None: ``settlement``.
    session_end: Callable | None = None
    # Stops phase: how a sequence runs (:mod:`stops.kernel.sequence`): the next card of the
    # suit ("suit") or any card of the next rank ("rank"), played by whoever holds it
    # ("holder") or by the player on turn, the turn going round the table ("seat"), a player
    # who cannot play on passing (a ``Passed`` event under ``rule_names.passing``).
    sequence: SequenceBy = SequenceBy.SUIT
    turn: Turn = Turn.HOLDER
    # Going out unopposed (nobody else has played a card this round): the first player out
    # also takes every section of the board, under ``rule_names.unopposed``.
    unopposed_takes_all: bool = False
    # End of the round, after the card payments: "double", each holder of a pay card still
    # in hand pays its section as much as the section holds (at most his stack); "none".
    held_penalty: HeldPenalty = HeldPenalty.NONE
    # Finite stacks: a player who cannot pay his full ante, or a payment of the round in
    # full, ends the session at once (instead of leaving it).
    session_end_on_bust: bool = False
    # Stops phase, turn by seat: a player on turn who could play on may stop instead (a ``Stop``
    # move, under ``rule_names.stop``: the turn passes on as if he held no card of the next
    # rank); False: play is compulsory while one can (Nain Jaune's ``may_stop``).
    may_stop: bool = False
    # Stops phase: a card whose holder may play it at a stop in place of the missing next card
    # (a ``StandIn`` move, under ``rule_names.stand_in``): it wins what it wins when played, and the
    # sequence goes on from the card it replaced (Pope Joan's Pope, ``pope_any_time``); None:
    # no such card. Its holder is asked before the lead after the stop, which the stopper then
    # makes by right: no game has it with a duty to lead (``duty_passes``), which is refused.
    stand_in: Card | None = None
    # A card turned up for trumps after the deal: "none", "to-stock" (the last card of the
    # pack, face up to the extra hand, never played), "to-dealer" (the dealer's last card,
    # shown, kept in the dealer's hand) or "to-last" (the last card dealt to a player, shown,
    # kept by whoever received it). Its rule is ``rule_names.turn_up``.
    turn_up: TurnUp = TurnUp.NONE
    # A trump suit fixed for every round, with no card turned up (Poch's ``trumps=hearts``);
    # None: trumps come from the turn-up, or there are none.
    fixed_trump: int | None = None
    # The ``turn-up`` phase: sections the dealer wins when the turn-up is their card, which
    # also win the dealer the round as if they had gone out (Pope Joan's ``pope_turnup``).
    turn_up_wins_round: frozenset = frozenset()
    # Such a win pays the dealer the card count from every rival too, as a going out does
    # (False: the going-out sections only, Pope Joan's ``pope_turnup=pope-and-game``).
    turn_up_win_cards: bool = True
    # The pack (default the 52); a card outside it is never dealt (owner code OUT) and an
    # error about one names the rule ``pack``, which such a game must have.
    pack: tuple[Card, ...] = DECK
    # The pack by the number of players, where it depends on it (Poch's ``pack=auto``: 32
    # cards for 3 or 4, 52 for 5 or 6); a table of that many players plays ``seated(n)``.
    packs: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    # Ranks ace low (A 2 ... K: the king ends a sequence) instead of ace high.
    ace_low: bool = False
    # How the pack is dealt: "circuit" (all of it, one card at a time round the players and
    # the extra hand) or a table {players: cards per hand}, the rest to the extra hand.
    deal_plan: DealPlan | Mapping[int, int] = DealPlan.CIRCUIT
    # What a card left in hand costs its holder when a rival goes out: "count" (1 each, times
    # ``card_count_rate``) or "pips" (ace 1, 2-10 face value, J Q K 10).
    card_value: CardValue = CardValue.COUNT
    # Cards that excuse their holder from paying for the cards left when a rival goes out,
    # while he still holds one (Pope Joan's ``pope_excuses``: the Pope unplayed), under the
    # rule ``rule_names.excuse`` (which such a game must name).
    excusing_cards: tuple[Card, ...] = ()
    # How the board is settled at a session's end when ``session_end`` is None: "split"
    # (equal shares in exact fractions) or "split-whole" (whole chips; the odd ones stay, reported).
    settlement: Settlement = Settlement.SPLIT
    # Free staking (phase ``staking``): the chips each player places before play, one at a
    # time, on sections of ``stake_sections`` (0: no free stakes).
    free_stake: int = 0
    stake_sections: tuple[str, ...] = ()

    ENUMERATED = enumerated(
        ("widow_position", WidowPosition), ("first_leader", FirstLeader), ("first_lead", LeadKind), ("restart", LeadKind),
        ("bankroll", Bankroll), ("session", SessionUnit), ("duty_passes", DutyKind | None), ("sequence", SequenceBy),
        ("turn", Turn), ("held_penalty", HeldPenalty), ("turn_up", TurnUp), ("card_value", CardValue),
        ("settlement", Settlement))
    # ``deal_plan`` when it is not a table of hand sizes.
    DEAL_PLAN = enumerated(("deal_plan", DealPlan))

    def __post_init__(self):
        take(self, self.name, self.ENUMERATED)
        if not isinstance(self.deal_plan, Mapping):
            take(self, self.name, self.DEAL_PLAN)
        unknown = [phase for phase in self.phases if phase not in self.phase_table]
        if unknown:
            raise TypeError(f"{self.name}: phases {', '.join(unknown)} are not in the phase table ({', '.join(self.phase_table)})")
        self.words.check_sections(self.section_ids(), self.name)
        for option in self.options:
            if not (option.label and option.help and option.rule):
                raise TypeError(f"{self.name}: option {option.name} needs its label, help and rule")
            if option.rule not in self.rules:
                raise TypeError(f"{self.name}: option {option.name} changes rule {option.rule!r}, which the game has not")
        self._check_rule_names()
        if self.may_stop and self.turn != Turn.SEAT:
            raise TypeError(f"{self.name}: a stop at will (may_stop) needs the turn by seat")
        if self.stand_in is not None and self.duty_passes:
            raise TypeError(f"{self.name}: a stand-in card and a duty to lead (duty_passes) go together in no game")
        if self.widow_name != "none" and self.words.hand is None:
            raise TypeError(f"{self.name}: the extra hand ({self.widow_name}) has no noun in the game's words")

    def _check_rule_names(self) -> None:
        """Every rule name the profile gives (``rule_names``, ``betting.rules``) is one of its
        rules, and so is the name of each rule its data makes it apply (its lead rules' too)."""
        for where, key, name in self._rule_names():
            if name is None or name not in self.rules:
                where += "" if key is None else f"[{key!r}]"
                if name is None:
                    raise TypeError(f"{self.name}: {where} is needed: the game applies that rule")
                raise TypeError(f"{self.name}: {where} is {name!r}, which is not a rule of the game")

    def _rule_names(self):
        """(field, key or None, rule name) for every rule name the profile gives or applies."""
        names = self.rule_names
        for role in RULE_ROLES:
            value = getattr(names, role)
            if isinstance(value, Mapping):
                for key, name in value.items():
                    yield "rule_names." + role, key, name
            elif value is not None:
                yield "rule_names." + role, None, value
        if self.betting is not None:
            for role in Betting.ROLES:
                yield "betting.rules", role, self.betting.rule_name(role)
        played = {s.id for s in self.sections if s.won_by == WonBy.PLAY} | set(self.pay_on_play.values())
        if played - set(names.pay_by_section):  # a section won by playing its card, under ``pay``
            yield "rule_names.pay", None, names.pay
        for sid in self.going_out_sections:
            yield "rule_names.going_out", sid, names.going_out_rule(sid)
        for s in self.sections:
            if s.won_by in HOLD_KINDS or s.won_by == WonBy.COMBO_PLAY and s.suit == SectionSuit.TRUMP:
                yield "rule_names.sections", s.id, names.section_rule(s.id)
        for lead in ("first_lead", "restart"):
            kind = getattr(self, lead)
            yield f"the rule of {lead} {kind}", None, LEADS[kind].rule
        for needed, role in ((self.unopposed_takes_all, "unopposed"), (self.turn_up != TurnUp.NONE, "turn_up"),
                             (self.excusing_cards, "excuse"), (self.may_stop, "stop"), (self.stand_in is not None, "stand_in")):
            if needed:
                yield "rule_names." + role, None, getattr(names, role)

    @cached_property
    def order(self) -> PackOrder:
        """The pack in rank order (:class:`stops.kernel.leads.PackOrder`), for the lead rules."""
        return pack_order(tuple(int(c) for c in self.pack), self.ace_low)

    @cached_property
    def follow(self) -> tuple[int, ...]:
        """Per card: the next card of its suit in the pack, or -1 (:func:`stops.kernel.sequence.follow_table`)."""
        return follow_table(self.pack, self.ace_low)

    @cached_property
    def top(self) -> tuple[int, ...]:
        """Per card of the pack: the highest card of its suit in the pack (-1 outside it)."""
        tops = [-1] * 52
        for suit in self.order.suits:
            for c in suit:
                tops[c] = suit[-1]
        return tuple(tops)

    @cached_property
    def card_values(self) -> tuple[int, ...] | None:
        """Per card its value when a rival goes out, or None when every card counts 1."""
        return card_values(self.card_value)

    @cached_property
    def _seated(self) -> dict:
        return {}

    def seated(self, players: int) -> "Profile":
        """The profile a table of ``players`` plays: with its pack for that many players
        (``packs``), else itself. One object per count, so the tables built from it are too."""
        pack = self.packs.get(players)
        if pack is None or pack == self.pack:
            return self
        found = self._seated.get(players)
        if found is None:
            found = self._seated[players] = replace(self, pack=pack, packs=frozen({}))
        return found

    def rank_key(self, c: int) -> int:
        """The place of ``c``'s rank in the game's order, for sorting (ace high: two 0 ... ace 12;
        ace low: ace 0 ... king 12; -1 outside the pack)."""
        return self.order.key[c]

    def in_pack(self, c: int) -> bool:
        return c in self.order.cards

    def option(self, name: str) -> Any:
        return self.values[name]

    def rule(self, name: str) -> str:
        """The rule id ``<game>.<name>`` (a KeyError for a rule the game does not have)."""
        if name not in self.rules:
            raise KeyError(f"unknown rule id {self.name}.{name!r}")
        return f"{self.name}.{name}"

    def every_rule_id(self) -> list[str]:
        """Every rule id of the game, in a stable order."""
        return [f"{self.name}.{name}" for name in self.rules]

    def phase(self, name: str):
        """The phase object named ``name``."""
        return self.phase_table[name]

    def move_types(self) -> dict[str, type[Move]]:
        """Every move type a round of this game reads (any option), by action key."""
        types: dict[str, type[Move]] = {}
        for cls in ROUND_MOVES + tuple(cls for phase in self.phase_table.values() for cls in phase.moves):
            types.setdefault(cls.key, cls)
        return types

    def event_classes(self) -> dict[str, type[Event]]:
        """Every event type a round or session of this game produces (any option), by type name."""
        classes: dict[str, type[Event]] = {}
        turned = (TurnedUp,) if self.turn_up != TurnUp.NONE else ()
        for cls in ROUND_EVENTS + turned + tuple(cls for phase in self.phase_table.values() for cls in phase.events) + self.events:
            if classes.setdefault(cls.type, cls) is not cls:
                raise TypeError(f"two event classes are named {cls.type!r}")
        return classes

    @cached_property
    def pay_table(self) -> tuple[int, ...]:
        """Per card: the index of the section its play wins (``pay_on_play``), or -1."""
        return pay_table(self.section_ids(), self.pay_on_play)

    @cached_property
    def run_index(self):
        """``play_runs`` in the kernel's compact form (:func:`stops.kernel.claims.run_index`)."""
        return run_index(self.play_runs)

    @cached_property
    def _boards(self) -> dict:
        return {}

    def board(self, trump: int | None = None) -> Board:
        """The board of a round whose trump suit is ``trump`` (None: no trumps): the sections
        of trumps resolved to cards, the pay cards and play runs they add to the profile's."""
        found = self._boards.get(trump)
        if found is None:
            found = self._boards[trump] = self._resolve(trump)
        return found

    @cached_property
    def _play_rules(self) -> dict:
        return {}

    def play_rules(self, trump: int | None = None) -> PlayRules:
        """The stops play of a round whose trump suit is ``trump``, as the kernel reads it
        (:class:`stops.kernel.step.PlayRules`: the board's sections by index, the lead rules,
        the payments of going out); one object per trump suit."""
        found = self._play_rules.get(trump)
        if found is None:
            board = self.board(trump)
            ids = tuple(s.id for s in board.sections)
            runs, memory = board.run_index
            found = self._play_rules[trump] = PlayRules(
                sections=ids,
                pay=board.pay_table,
                follow=self.follow,
                top=self.top,
                nexts=tuple(next_cards(self.follow, self.sequence == SequenceBy.RANK, c) for c in range(52)),
                holder_turn=self.turn == Turn.HOLDER and self.sequence == SequenceBy.SUIT,
                runs=runs,
                memory=memory,
                sets=board.set_index,
                run_sections=tuple(ids.index(claim.section) for claim in board.play_runs),
                order=self.order,
                first_lead=LEADS[self.first_lead],
                restart=LEADS[self.restart],
                duty=DUTIES[self.duty_passes] if self.duty_passes else None,
                going_out=tuple(ids.index(sid) for sid in self.going_out_sections),
                skips_held=self.going_out_skips_held,
                unopposed=self.unopposed_takes_all,
                rate=self.card_count_rate,
                values=self.card_values,
                excusing=tuple(int(c) for c in self.excusing_cards),
                held_penalty=self.held_penalty == HeldPenalty.DOUBLE,
                deadlock=ids.index(self.deadlock_section) if self.deadlock_section else -1,
                may_stop=self.may_stop,
                stand_in=-1 if self.stand_in is None else int(self.stand_in),
            )
        return found

    def _resolve(self, trump: int | None) -> Board:
        sections = tuple(s.resolve(trump) for s in self.sections)
        pay = dict(self.pay_on_play)
        runs = list(self.play_runs)
        for sec in sections:
            if sec.suit != SectionSuit.TRUMP or not sec.cards:
                continue
            if sec.won_by == WonBy.PLAY:
                pay.update({c: sec.id for c in sec.cards})
            elif sec.won_by == WonBy.COMBO_PLAY:
                rule = self.rule_names.section_rule(sec.id)
                runs.append(PlayRun(sec.id, rule, (sec.cards,), sec.consecutive))
        if trump is None or len(runs) == len(self.play_runs) and len(pay) == len(self.pay_on_play) and sections == self.sections:
            return Board(self.sections, self.pay_on_play, self.play_runs)
        return Board(sections, frozen(pay), tuple(runs))

    def session_rounds(self, players: int) -> int:
        """The rounds of a session of ``players``."""
        if self.session_length is None:
            return players
        return self.session_length * players if self.session == SessionUnit.ROTATIONS else self.session_length

    def section_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sections)

    def words_json(self) -> dict:
        """The game's words as the narrator reads them (:meth:`stops.words.Words.to_json`):
        no extra hand where this configuration deals none."""
        doc = self.words.to_json()
        return doc | {"hand": None} if self.widow_name == "none" else doc

    def configure(self, options: Mapping[str, Any] | None = None) -> "Profile":
        """The profile with these option values (unknown names or bad values raise SetupError)."""
        by_name = {o.name: o for o in self.options}
        values = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            if name not in by_name:
                raise SetupError(f"unknown option {shown(name)} for {self.name} (options: {', '.join(by_name)})")
            values[name] = by_name[name].check(value)
        if self.configure_fn is None:
            raise SetupError(f"{self.name} has no configure function")
        return self.configure_fn(self, values)

    def check_players(self, count: int) -> None:
        if not self.min_players <= count <= self.max_players:
            raise SetupError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {count}",
                rule=self.rule("players"),
            )

    def describe(self) -> dict:
        """Facts about the game as JSON, for the site's generated pages."""
        return {
            "game": self.name,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "sections": [s.to_json() for s in self.sections],
            "ante": dict(self.ante),
            "dealer_ante": None if self.dealer_ante is None else dict(self.dealer_ante),
            "phases": list(self.phases),
            "widow": {"position": self.widow_position, "name": self.widow_name, "exchange": self.exchange.mode,
                      "first_chooser": self.exchange.first_chooser},
            "first_leader": self.first_leader,
            "first_lead": self.first_lead,
            "restart": self.restart,
            "going_out": {"sections": list(self.going_out_sections), "per_card": self.card_count_rate,
                          "card_value": self.card_value, "excused_by": [str(c) for c in self.excusing_cards]},
            "pack": [str(DECK[c]) for suit in self.order.suits for c in suit],
            # Where the pack depends on the number of players (Poch's 32 or 52 cards): its size for each.
            "pack_sizes": {str(n): len(cards) for n, cards in sorted(self.packs.items())},
            "ranks": ranks_in_order(self.order),
            "ace_low": self.ace_low,
            "deal_plan": self.deal_plan if isinstance(self.deal_plan, str) else {str(k): v for k, v in self.deal_plan.items()},
            "duty_passes": self.duty_passes,
            "turn_up": self.turn_up,
            "sequence": self.sequence,
            # Cards of the pack that always stop a sequence, besides the top rank (a gap in the pack: 7♦ without 8♦).
            "stops_after": [str(DECK[c]) for suit in self.order.suits for c in suit
                            if self.follow[c] < 0 and c != suit[-1]],
            "settlement": "custom" if self.session_end is not None else self.settlement,
            "ending": self.session,
            "bankroll": self.bankroll,
            "options": [o.to_json() for o in self.options],
        }


def ranks_in_order(order: PackOrder) -> list[str]:
    """The rank labels of a pack, lowest first ("2" ... "A", or "A" ... "K")."""
    return [str(DECK[group[0]])[:-1] for group in order.ranks]


def frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))

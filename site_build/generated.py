"""Page parts generated from the engine's profiles: the board, the options, the family comparison."""

from .errors import BuildError
from .i18n import N_
from .labels import (DUTY_RESTARTS, ENDINGS, FIRST_LEADERS, FIRST_LEADS, HIDDEN_HANDS, OPTION_VALUES, PHASES,
                     RESTARTS, SEQUENCES, TURN_UPS, WIDOW_EXCHANGES, WIDOW_POSITIONS, WON_BY, lookup, option_words, section_label)

# The 52 cards by suit and rank, as the engine writes them: a pack is compared with it.
FULL_PACK = [f"{rank}{suit}" for suit in "♠♥♦♣" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]


def has_profile(game: str) -> bool:
    from stops.profiles import PROFILES

    return game in PROFILES


def profile_of(game: str) -> dict:
    from stops.profiles import PROFILES

    if game not in PROFILES:
        raise BuildError(f"engine: stops.profiles.PROFILES has no profile {game!r} (known: {', '.join(PROFILES)})")
    return PROFILES[game].describe()


def configured_profile_of(game: str, options: dict | None) -> dict:
    """:func:`profile_of` with these rule options (the board of an example's own rules)."""
    from stops.profiles import PROFILES

    profile_of(game)  # an unknown game: the build's error
    return PROFILES[game].configure(options or {}).describe()


def option_value(value, voice) -> str:
    if isinstance(value, bool) or (isinstance(value, str) and value in OPTION_VALUES):
        return lookup(OPTION_VALUES, value, "option value", voice.gettext)
    if isinstance(value, (int, float)):
        return voice.number(value)
    raise BuildError(f"site_build/labels.py: no label for option value {value!r}; add it to OPTION_VALUES")


def ante_text(amount, voice) -> str:
    return voice.ngettext("%(num)s chip per player", "%(num)s chips per player", amount) % {"num": voice.number(amount)}


def ending_key(description: dict) -> str:
    """How a session ends, with its settlement when that is not the default one (``rotations/split-whole``)."""
    settlement = description.get("settlement", "split")
    return description["ending"] if settlement in ("split", "custom") else f"{description['ending']}/{settlement}"


def board(game: str, voice) -> dict:
    profile = profile_of(game)
    ante = profile.get("ante") or {}
    dealer_ante = profile.get("dealer_ante") or {}
    sections = []
    for s in profile["sections"]:
        ante_line = _board_ante(ante.get(s["id"]), dealer_ante.get(s["id"]), voice)
        sections.append({"id": s["id"], "label": section_label(s, voice), "cards": s.get("cards") or [],
                         "won_by": lookup(WON_BY, s["won_by"], "won_by", voice.gettext), "kind": s["won_by"],
                         "ante": ante_line, "centre": bool(s.get("centre"))})
    return {"game": game, "sections": sections}


def _board_ante(each, dealer, voice) -> str:
    """A board tile's ante: "ante: 1 chip per player", "ante: 1 chip per player · dealer 2",
    or, when only the dealer puts chips on the board (Pope Joan's dressing), "dressing: 6, by
    the dealer": never an empty part before the dot."""
    if not each and not dealer:
        return ""
    if not each:
        return voice.gettext(N_("dressing: %(num)s, by the dealer")) % {"num": voice.number(dealer)}
    text = ante_text(each, voice)
    if dealer:
        text += " · " + voice.gettext(N_("dealer %(num)s")) % {"num": voice.number(dealer)}
    return labelled(voice.gettext(N_("ante")), text, voice)


def variants(game: str, voice) -> list[dict]:
    profile = profile_of(game)
    rows = []
    for option in profile["options"]:
        name, summary = (voice.gettext(text) for text in option_words(game, option["name"]))
        rows.append({"id": option["name"], "name": name, "summary": summary,
                     "default": option_value(option["default"], voice), "choices": _choices(option, voice)})
    return rows


def _choices(option, voice) -> str:
    if option.get("choices"):
        return ", ".join(option_value(choice, voice) for choice in option["choices"])
    if isinstance(option["default"], bool):
        return ", ".join(option_value(choice, voice) for choice in (True, False))
    return voice.gettext(N_("any whole number"))


# A label and its text ("Ghost hand: gets the first card..."), parts of a cell joined by
# semicolons: French puts a narrow no-break space before the colon and the semicolon.
BEFORE_PUNCTUATION = {"fr": "\u202f"}


def labelled(label: str, text: str, voice) -> str:
    return f"{label}{BEFORE_PUNCTUATION.get(voice.lang, '')}: {text}"


def semicolons(parts, voice) -> str:
    return f"{BEFORE_PUNCTUATION.get(voice.lang, '')}; ".join(parts)


def _ante_cell(d, voice):
    """Who antes what: each player, the dealer, or both (a game where only the dealer antes,
    as Pope Joan's dressing of the board, has no part for the others)."""
    g = voice.gettext
    cells = []
    for key, message in (("ante", N_("each player: %(parts)s")), ("dealer_ante", N_("the dealer: %(parts)s"))):
        amounts = d.get(key) or {}
        parts = ", ".join(f"{section_label(s, voice)} {voice.number(amounts[s['id']])}"
                          for s in d["sections"] if s["id"] in amounts)
        if parts:
            cells.append(g(message) % {"parts": parts})
    return semicolons(cells, voice)


def _going_out_cell(d, voice):
    g = voice.gettext
    going_out = d.get("going_out") or {}
    sections = ", ".join(section_label(s, voice) for s in going_out.get("sections", []))
    rate = going_out.get("per_card", 1)
    if going_out.get("card_value") == "pips":
        per_card = voice.ngettext("%(num)s chip per pip of the cards left in each rival's hand (ace 1, J Q K 10)",
                                  "%(num)s chips per pip of the cards left in each rival's hand (ace 1, J Q K 10)",
                                  rate) % {"num": voice.number(rate)}
    else:
        per_card = voice.ngettext("%(num)s chip per card left in each rival's hand",
                                  "%(num)s chips per card left in each rival's hand", rate) % {"num": voice.number(rate)}
    return f"{sections} + {per_card}" if sections else per_card


def _pack_cell(d, voice):
    """"52 cards", or "51 cards (without 8♦)" when a few cards are taken out, or the size for
    each number of players when it depends on it ("32 cards for 3 to 4 players, 52 for 5 to 6")."""
    by_size = {}
    for players, size in d.get("pack_sizes", {}).items():
        by_size.setdefault(size, []).append(int(players))
    if len(by_size) > 1:
        parts = []
        for size, players in sorted(by_size.items(), key=lambda item: min(item[1])):
            args = {"num": voice.number(size), "low": voice.number(min(players)), "high": voice.number(max(players))}
            # two numbers side by side are "3 or 4 players", a longer span "3 to 6 players"
            adjacent = max(players) - min(players) == 1
            if parts:
                parts.append(voice.gettext(N_("%(num)s for %(low)s or %(high)s") if adjacent
                                           else N_("%(num)s for %(low)s to %(high)s")) % args)
            elif adjacent:
                parts.append(voice.ngettext("%(num)s card for %(low)s or %(high)s players",
                                            "%(num)s cards for %(low)s or %(high)s players", size) % args)
            else:
                parts.append(voice.ngettext("%(num)s card for %(low)s to %(high)s players",
                                            "%(num)s cards for %(low)s to %(high)s players", size) % args)
        return ", ".join(parts)
    size = len(d["pack"])
    text = voice.ngettext("%(num)s card", "%(num)s cards", size) % {"num": voice.number(size)}
    missing = [c for c in FULL_PACK if c not in d["pack"]]
    if 0 < len(missing) <= 4:
        text += " " + voice.gettext(N_("(without %(cards)s)")) % {"cards": " ".join(missing)}
    return text


def _ranks_cell(d, voice):
    """The ranks from low to high ("2 3 … K A, ace high")."""
    ranks = d["ranks"]
    shown = " ".join(ranks) if len(ranks) <= 6 else " ".join(ranks[:2] + ["…"] + ranks[-2:])
    message = N_("%(ranks)s, ace low") if d.get("ace_low") else N_("%(ranks)s, ace high")
    return voice.gettext(message) % {"ranks": shown}


def _stops_cell(d, voice):
    """When a sequence stops: after the top rank, after a card before a gap in the pack, or
    when the next card is hidden (the extra hand, a dead hand) or played."""
    g = voice.gettext
    parts = [g(N_("after the top card (%(rank)s)")) % {"rank": d["ranks"][-1]}]
    if d.get("stops_after"):
        parts.append(g(N_("after %(cards)s (the next card is out of the pack)")) % {"cards": " ".join(d["stops_after"])})
    hand = lookup(HIDDEN_HANDS, d["widow"].get("name", "widow"), "extra hand name", g)
    if d["widow"].get("name") == "none":  # the whole pack is dealt: no card is hidden
        parts.append(g(N_("when the next card has already been played")))
    elif d["widow"]["exchange"] != "none":
        parts.append(g(N_("when the next card is in the %(hand)s, in a dead hand or already played")) % {"hand": hand})
    else:
        parts.append(g(N_("when the next card is in the %(hand)s or already played")) % {"hand": hand})
    # alternatives: "after the top card (A), or when the next card is in the widow or has been
    # played" (the last part's words carry the "or")
    return ", ".join(parts)


def _after_stop_cell(d, voice):
    duty = d.get("duty_passes")
    if duty in DUTY_RESTARTS:
        return voice.gettext(DUTY_RESTARTS[duty])
    return lookup(RESTARTS, d["restart"], "restart", voice.gettext)


def _ending_cell(d, voice):
    return lookup(ENDINGS, ending_key(d), "ending", voice.gettext)


def comparison(voice) -> dict:
    """Every game of the engine side by side (``PROFILES``, in its order): each row is read
    from the profiles' ``describe()``, so a new game adds a column by itself."""
    from stops.profiles import PROFILES

    games = list(PROFILES)
    described = {game: PROFILES[game].describe() for game in games}
    g = voice.gettext

    def row(label, cell):
        return {"label": label, "cells": [cell(described[game]) for game in games]}

    def hidden_hand(d):
        name = lookup(HIDDEN_HANDS, d["widow"].get("name", "widow"), "extra hand name", g)
        if d["widow"].get("name") == "none":  # the whole pack goes to the players
            return name
        if isinstance(d.get("deal_plan"), dict):  # hands of a fixed size: the rest of the pack
            return labelled(name, g(N_("the cards left over once every hand is dealt")), voice)
        return labelled(name, lookup(WIDOW_POSITIONS, d['widow']['position'], 'widow position', g), voice)

    return {"games": games, "titles": {game: g(described[game]["title"]) for game in games}, "rows": [
        row(g(N_("Players")), lambda d: f"{d['players'][0]}–{d['players'][1]}"),
        row(g(N_("Pack")), lambda d: _pack_cell(d, voice)),
        row(g(N_("Ranks, low to high")), lambda d: _ranks_cell(d, voice)),
        row(g(N_("Trumps")), lambda d: lookup(TURN_UPS, d.get("turn_up", "none"), "turn-up", g)),
        row(g(N_("Board sections")), lambda d: ", ".join(section_label(s, voice) for s in d["sections"])),
        row(g(N_("Ante")), lambda d: _ante_cell(d, voice)),
        row(g(N_("Phases")), lambda d: ", ".join(lookup(PHASES, p, "phase", g) for p in d["phases"])),
        row(g(N_("Extra hand")), hidden_hand),
        row(g(N_("Extra hand exchange")), lambda d: lookup(WIDOW_EXCHANGES, d["widow"]["exchange"], "widow exchange", g)),
        row(g(N_("First lead")), lambda d: labelled(lookup(FIRST_LEADERS, d["first_leader"], "first leader", g),
                                                     lookup(FIRST_LEADS, d["first_lead"], "first lead", g), voice)),
        row(g(N_("A sequence runs")), lambda d: lookup(SEQUENCES, d.get("sequence", "suit"), "sequence", g)),
        row(g(N_("A sequence stops")), lambda d: _stops_cell(d, voice)),
        row(g(N_("A stop earns")), lambda d: g(N_("no chips: the next lead"))),
        row(g(N_("After a stop")), lambda d: _after_stop_cell(d, voice)),
        row(g(N_("Going out first wins")), lambda d: _going_out_cell(d, voice)),
        row(g(N_("End of a session")), lambda d: _ending_cell(d, voice)),
        row(g(N_("Default bankroll")), lambda d: option_value(d.get("bankroll", "ledger"), voice)),
        row(g(N_("Rule options")), lambda d: ", ".join(g(option_words(d["game"], o["name"])[0]) for o in d["options"])),
    ]}

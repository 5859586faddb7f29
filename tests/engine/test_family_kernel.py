"""The kernel rules the family games choose by data (docs/rules/family.md part 3, rows 1-3,
7, 11, 17, 18): another pack, aces low, a deal by a table of hand sizes, the any-card
lead, the duty that passes to another suit, card values by pips, the whole-chip split at
the end of a session and a widow exchange that begins at the dealer's left.

The games are built here as variants of Michigan's profile, so each rule is tested on its
own, whatever game uses it.
"""

from dataclasses import replace

import pytest

from stops.cards import DECK, parse_card, parse_cards
from stops.deal import Deal, deal_for, hand_sizes, sizes_for
from stops.errors import IllegalMove, SetupError
from stops.kernel.leads import LEADS, pack_order
from stops.kernel.sequence import follow_table
from stops.owners import OUT
from stops.moves import Bid, Pass, Play
from stops.phases.widow_exchange import Swap
from stops.playout import finish_fast
from stops.heuristics import basic_move
from stops.profiles import get_profile
from stops.profiles.base import Exchange, frozen
from stops.round import Round
from stops.session import Session

NAMES = ["A", "B", "C", "D"]
EIGHT_OF_DIAMONDS = parse_card("8♦")
NO_8D = tuple(c for c in DECK if c != EIGHT_OF_DIAMONDS)
PIQUET = tuple(c for c in DECK if c % 13 >= 5)  # 7 8 9 10 J Q K A of each suit


def variant(rules=(), **fields):
    """Michigan's profile with other kernel data, and more rules (``pack`` always: any game
    with another pack has it)."""
    base = get_profile("michigan")
    return replace(base, rules=frozen({**base.rules, "pack": "The pack the game is played with.", **dict(rules)}), **fields)


def cards(text):
    return tuple(parse_cards(text))


def round_of(profile, hands: dict[str, str], widow: str = "", dealer: int = 3, full_deal: bool = False, **kw):
    deal = Deal(tuple(tuple(sorted(cards(hands.get(n, "")))) for n in NAMES), tuple(sorted(cards(widow))))
    return Round(profile, NAMES, dealer, deal, full_deal=full_deal, **kw)


def play(rnd, *moves):
    events = []
    for text in moves:
        who, card = text.split()
        events += [e.to_json(rnd.names) for e in rnd.apply(Play(NAMES.index(who), parse_card(card)))]
    return events


def leads(rnd):
    return sorted(str(m.card) for m in rnd.legal_moves())


# ----- the successor table --------------------------------------------------------------


def test_the_next_card_is_the_next_of_its_suit_in_the_pack_ace_high():
    follow = follow_table(DECK)
    assert follow[parse_card("9♦")] == parse_card("10♦")
    assert follow[parse_card("A♣")] == -1


def test_with_aces_low_the_ace_leads_to_the_two_and_the_king_ends_the_suit():
    follow = follow_table(DECK, ace_low=True)
    assert follow[parse_card("A♠")] == parse_card("2♠")
    assert follow[parse_card("Q♠")] == parse_card("K♠")
    assert follow[parse_card("K♠")] == -1


def test_without_the_8_of_diamonds_nothing_follows_the_7():
    follow = follow_table(NO_8D)
    assert follow[parse_card("7♦")] == -1
    assert follow[parse_card("7♥")] == parse_card("8♥")
    assert follow[EIGHT_OF_DIAMONDS] == -1


def test_in_a_32_card_pack_the_7_is_the_lowest_and_6_is_not_in_it():
    follow = follow_table(PIQUET)
    order = pack_order(tuple(PIQUET))
    assert follow[parse_card("7♣")] == parse_card("8♣")
    assert follow[parse_card("6♣")] == -1
    assert order.key[parse_card("6♣")] == -1
    assert min(order.key[c] for c in PIQUET) == order.key[parse_card("7♣")]
    assert [len(suit) for suit in order.suits] == [8, 8, 8, 8]


def test_the_rank_key_puts_the_ace_first_when_aces_are_low():
    low = variant(ace_low=True)
    high = get_profile("michigan")
    assert low.rank_key(parse_card("A♥")) < low.rank_key(parse_card("2♥")) < low.rank_key(parse_card("K♥"))
    assert high.rank_key(parse_card("2♥")) < high.rank_key(parse_card("K♥")) < high.rank_key(parse_card("A♥"))
    assert low.describe()["ranks"] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


# ----- a pack other than 52 ---------------------------------------------------------------


def test_a_full_deal_of_a_stripped_pack_holds_its_51_cards_and_the_sizes_follow():
    profile = variant(pack=NO_8D)
    deal = deal_for(profile, 7, 4, 3)
    dealt = [c for hand in deal.hands for c in hand] + list(deal.widow)
    assert sorted(dealt) == sorted(NO_8D)
    rnd = Round(profile, NAMES, 3, deal)
    assert rnd.owner[EIGHT_OF_DIAMONDS] == OUT
    assert sizes_for(profile, 4, 3) == hand_sizes(4, 3, "last", 51)


def test_a_card_outside_the_pack_cannot_be_dealt_and_the_error_names_the_pack_rule():
    profile = variant(pack=NO_8D)
    with pytest.raises(SetupError) as error:
        round_of(profile, {"A": "8♦ 2♠", "B": "3♠", "C": "4♠", "D": "5♠"})
    assert error.value.rule == "michigan.pack"


def test_a_card_outside_the_pack_cannot_be_played_and_the_error_names_the_pack_rule():
    rnd = round_of(variant(pack=NO_8D), {"A": "2♠ 7♦", "B": "3♠", "C": "4♠", "D": "5♠"}, dealer=3, phase="stops")
    with pytest.raises(IllegalMove) as error:
        rnd.check(Play(0, EIGHT_OF_DIAMONDS))
    assert error.value.rule == "michigan.pack"


def test_without_the_8_the_7_of_diamonds_is_a_stop():
    rnd = round_of(variant(pack=NO_8D), {"A": "6♦ 7♦ 2♠", "B": "9♦ 3♠", "C": "4♠", "D": "5♠"}, phase="stops")
    events = play(rnd, "A 6♦", "A 7♦")
    stop = [e for e in events if e["type"] == "stop"][0]
    assert stop["card"] == "7♦" and stop["next"] is None
    assert rnd.to_move() == 0  # the stopper leads again


def test_a_short_pack_is_shuffled_and_dealt_whole():
    profile = variant(pack=PIQUET)
    deal = deal_for(profile, 3, 4, 0)
    assert sorted([c for hand in deal.hands for c in hand] + list(deal.widow)) == sorted(PIQUET)


# ----- aces low -----------------------------------------------------------------------


def test_with_aces_low_a_lead_is_the_ace_and_the_king_stops():
    rnd = round_of(variant(ace_low=True), {"A": "A♠ 5♠ K♥ 9♣", "B": "2♠ 3♠ 4♠ 10♣", "C": "Q♥ 6♠", "D": "7♠ 8♠ J♣"}, phase="stops")
    assert leads(rnd) == ["9♣", "A♠", "K♥"]
    events = play(rnd, "A A♠", "B 2♠", "B 3♠", "B 4♠", "A 5♠", "C 6♠", "D 7♠", "D 8♠")
    assert [e for e in events if e["type"] == "stop"][0]["card"] == "8♠"
    rnd2 = round_of(variant(ace_low=True), {"A": "Q♥ K♥ 2♣", "B": "3♣", "C": "4♣", "D": "5♣"}, phase="stops")
    stop = [e for e in play(rnd2, "A Q♥", "A K♥") if e["type"] == "stop"][0]
    assert stop["card"] == "K♥" and stop["next"] is None


def test_hands_are_shown_in_the_games_rank_order():
    from stops.view import round_view

    rnd = round_of(variant(ace_low=True), {"A": "K♠ A♠ 2♠", "B": "3♣", "C": "4♣", "D": "5♣"}, phase="stops")
    assert round_view(rnd, 0)["players"][0]["hand"] == ["A♠", "2♠", "K♠"]


# ----- a deal by a table of hand sizes --------------------------------------------------


def test_a_deal_table_gives_each_player_the_size_for_their_number_and_the_rest_to_the_extra_hand():
    profile = variant(deal_plan=frozen({3: 15, 4: 12, 5: 9}))
    assert sizes_for(profile, 4, 0) == ([12, 12, 12, 12], 4)
    assert sizes_for(profile, 3, 0) == ([15, 15, 15], 7)
    deal = deal_for(profile, 11, 4, 0)
    assert [len(h) for h in deal.hands] == [12, 12, 12, 12] and len(deal.widow) == 4
    Round(profile, NAMES, 0, deal)  # a full deal by the table holds


# ----- leads and the duty -----------------------------------------------------------------


def test_an_any_card_lead_may_be_any_card_of_the_hand():
    rnd = round_of(variant(first_lead="any-card", rules={"lead-any": "Any card."}),
                   {"A": "9♠ 2♠ K♥", "B": "3♣", "C": "4♣", "D": "5♣"}, phase="stops")
    assert leads(rnd) == ["2♠", "9♠", "K♥"]
    assert LEADS["any-card"].reveals(parse_card("9♠"), None, pack_order(tuple(DECK))) == ()


def _newmarket_duty():
    return variant(duty_passes="other-suit", rules={"duty-passes": "The duty passes to the left."})


def test_a_stopper_without_another_suit_passes_the_lead_to_the_left_to_one_who_holds_one():
    rnd = round_of(_newmarket_duty(), {"A": "2♠ 3♠ 9♠", "B": "5♠ 6♠", "C": "J♥ 4♦", "D": "7♣"}, phase="stops")
    events = play(rnd, "A 2♠", "A 3♠")  # 4♠ is played already (not dealt): a stop
    passed = [e for e in events if e["type"] == "duty-passes"][0]
    assert passed["from"] == "A" and passed["to"] == "C" and passed["skipped"] == ["A", "B"] and passed["colour"] is None
    assert rnd.to_move() == 2 and leads(rnd) == ["4♦", "J♥"]


def test_when_nobody_holds_another_suit_the_stopper_leads_the_stopped_suit():
    rnd = round_of(_newmarket_duty(), {"A": "2♠ 3♠ 9♠", "B": "5♠ 6♠", "C": "J♠", "D": "7♠"}, phase="stops")
    events = play(rnd, "A 2♠", "A 3♠")
    assert not [e for e in events if e["type"] == "duty-passes"]
    assert rnd.to_move() == 0 and leads(rnd) == ["9♠"]


def assert_fast_playout_matches_the_round(profile, deals=20):
    """The fast playout ends every deal with the chips and winner the round (basic bots) gives."""
    for seed in range(deals):
        rnd = Round(profile, NAMES, seed % 4, deal_for(profile, seed, 4, seed % 4))
        fast = finish_fast(rnd)
        while not rnd.over:
            rnd.apply(basic_move(rnd, rnd.to_move()))
        assert fast == (list(rnd.ledger.balances), rnd.winner)


def test_the_fast_playout_passes_the_duty_like_the_round():
    assert_fast_playout_matches_the_round(_newmarket_duty())


# ----- card values ------------------------------------------------------------------------


def test_card_values_by_pips_make_each_rival_pay_the_pips_left():
    profile = variant(card_value="pips")
    rnd = round_of(profile, {"A": "2♠", "B": "A♥ K♥ 7♣", "C": "10♦", "D": "3♦"}, phase="stops")
    events = play(rnd, "A 2♠")
    owed = {e["from"]["player"]: e["amount"] for e in events if e["type"] == "transfer" and e["reason"] == "card-value"}
    assert owed == {"B": 18, "C": 10, "D": 3}  # ace 1 + king 10 + 7; 10; 3


def test_the_fast_playout_pays_pips_and_follows_a_stripped_pack_aces_low_like_the_round():
    assert_fast_playout_matches_the_round(variant(card_value="pips", pack=NO_8D, ace_low=True))


# ----- the end of a session -------------------------------------------------------------


def test_a_whole_chip_split_shares_each_section_equally_and_reports_the_odd_chips():
    profile = variant(settlement="split-whole", bankroll="chips")
    session = Session(profile, ["A", "B", "C"], dealer=0, rounds=1)
    session.ledger.board.update({"AH": 7, "kitty": 3, "KC": 0})
    events = [e.to_json(session.names) for e in session.finish()]
    splits = {e["section"]: e for e in events if e["type"] == "split"}
    assert splits["AH"]["share"] == 2 and splits["AH"]["left"] == 1
    assert splits["kitty"]["share"] == 1 and splits["kitty"]["left"] == 0
    assert session.ledger.board["AH"] == 1 and session.ledger.board["kitty"] == 0
    assert session.ledger.balances == [profile.starting_chips + 3] * 3


# ----- the widow exchange from the dealer's left ------------------------------------------


def test_the_first_chooser_may_be_the_player_left_of_the_dealer_and_the_price_goes_to_the_dealer():
    profile = variant(phases=("widow-exchange", "stops"), exchange=Exchange("dealer-swap-or-auction", first_chooser="dealer-left"),
                      bankroll="chips")
    rnd = Round(profile, NAMES, 3, deal_for(profile, 5, 4, 3))
    assert rnd.to_move() == 0  # A sits left of the dealer D
    with pytest.raises(IllegalMove):
        rnd.check(Swap(3, True))
    rnd.apply(Swap(0, False))
    state = rnd.state.widow
    assert state.auction.bidders == (1, 2)  # from A's left, the dealer never bids
    rnd.apply(Pass(1))
    before = rnd.ledger.balances[3]
    rnd.apply(Bid(2, 2))
    assert rnd.ledger.balances[3] == before + 2 and state.swapped_by == 2


# ----- every profile names the rules its data chooses ---------------------------------------


def test_every_profile_with_another_pack_has_the_pack_rule_and_every_chosen_rule_exists():
    from stops.kernel.leads import DUTIES
    from stops.profiles import PROFILES

    for profile in PROFILES.values():
        if sorted(profile.pack) != list(range(52)):
            assert "pack" in profile.rules, profile.name
        for lead in (profile.first_lead, profile.restart):
            assert LEADS[lead].rule in profile.rules, (profile.name, lead)
        if profile.duty_passes:
            assert profile.duty_passes in DUTIES and "duty-passes" in profile.rules, profile.name

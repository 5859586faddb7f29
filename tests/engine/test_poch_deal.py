"""Poch: players, the pack by the number of players, the board of nine bowls, the ante and the
deal of the whole pack."""

import pytest

from stops.bots import BasicBot
from stops.cards import parse_card
from stops.deal import Deal, deal_for, deal_in_order, recipients
from stops.enums import TurnUp
from stops.errors import IllegalMove, SetupError
from stops.moves import Play, Redeal
from stops.profiles import get_profile
from stops.round import Round
from stops.session import Session

from poch_helpers import position, transfers
from rulecheck import covers

POCH = get_profile("poch")
BOWLS = ("ace", "king", "queen", "jack", "ten", "marriage", "sequence", "pocher", "centre")


def dealt(n=4, seed=1, dealer=0, **options):
    profile = get_profile("poch", options or None)
    return Round(profile, [chr(65 + i) for i in range(n)], dealer, deal_for(profile, seed, n, dealer))


@covers("poch.players")
def test_two_to_eight_players():
    for n in (2, 3, 6, 8):
        assert dealt(n).n == n
    for n in (1, 9):
        with pytest.raises(SetupError) as error:
            Session(POCH, [chr(65 + i) for i in range(n)])
        assert error.value.rule == "poch.players"


@covers("poch.players", "poch.stock")
def test_five_cards_each_from_the_32_card_pack_serve_six_players_at_most():
    # 5 cards to each of seven players and the card turned would need 36 cards.
    small = get_profile("poch", {"pack": "32", "deal": "five"})
    assert (small.min_players, small.max_players) == (2, 6)
    with pytest.raises(SetupError) as error:
        Session(small, list("ABCDEFG"))
    assert error.value.rule == "poch.players"
    assert get_profile("poch", {"deal": "five"}).max_players == 8  # auto: 52 cards for seven or eight


@covers("poch.pack")
def test_two_to_four_players_use_32_cards_seven_to_ace_five_or_more_the_52():
    for n, size in ((2, 32), (3, 32), (4, 32), (5, 52), (6, 52), (8, 52)):
        rnd = dealt(n)
        held = [c for hand in rnd.hands for c in hand]
        assert len(held) == size
        if size == 32:
            assert {c.rank for c in held} == set(range(5, 13))  # 7, 8, 9, 10, J, Q, K, A
    assert len([c for h in dealt(6, pack="32").hands for c in h]) == 32
    assert [len(h) for h in dealt(7, dealer=6, pack="32").hands] == [5, 5, 5, 5, 4, 4, 4]  # 32 cards for seven
    assert len([c for h in dealt(3, pack="52").hands for c in h]) == 52


@covers("poch.pack")
def test_a_card_outside_the_32_card_pack_is_refused_naming_the_pack_rule():
    good = deal_for(POCH, 2, 4, 0)
    hands = list(good.hands)
    hands[0] = (parse_card("2♠"),) + hands[0][1:]
    with pytest.raises(SetupError) as error:
        Round(POCH, list("ABCD"), 0, Deal(tuple(hands), ()))
    assert error.value.rule == "poch.pack" and "2♠" in error.value.message


@covers("poch.deal")
def test_the_whole_pack_is_dealt_from_the_dealers_left_with_no_extra_hand():
    rnd = dealt(3, dealer=0)
    assert rnd.widow == ()
    # 32 cards to three players from the dealer's left: B and C get 11, the dealer 10.
    assert [len(h) for h in rnd.hands] == [10, 11, 11]


@covers("poch.board", "poch.ante")
def test_nine_bowls_and_one_chip_from_each_player_in_each():
    rnd = dealt(4)
    assert POCH.section_ids() == BOWLS
    antes = transfers([e.to_json(rnd.names) for e in rnd.start_events], "ante")
    assert len(antes) == 4 * 9 and {amount for _, _, amount in antes} == {1}
    assert rnd.start_board == {sid: 0 for sid in BOWLS}


@covers("poch.ante")
def test_without_centre_ante_only_the_eight_outer_bowls_are_anted():
    rnd = dealt(4, centre_ante=False)
    antes = transfers([e.to_json(rnd.names) for e in rnd.start_events], "ante")
    assert {to["section"] for _, to, _ in antes} == set(BOWLS) - {"centre"}


@covers("poch.misdeal")
def test_a_misdeal_hands_back_every_payment_and_the_same_dealer_deals_again():
    rnd = dealt(4, seed=3)
    paid = [t for t in transfers([e.to_json(rnd.names) for e in rnd.start_events]) if "player" in t[1]]  # stage 1
    other = deal_for(POCH, 4, 4, 0)
    events = [e.to_json(rnd.names) for e in rnd.apply(Redeal(None, other.hands, other.widow, other.turn_up))]
    assert sorted(map(repr, transfers(events, "misdeal"))) == sorted(repr((to, source, amount)) for source, to, amount in paid)
    assert not transfers(events, "ante")  # no new ante
    assert rnd.dealer == 0 and [sorted(h) for h in rnd.hands] == [sorted(h) for h in other.hands]


@covers("poch.dealer-rotation", "poch.carry-over")
def test_the_deal_passes_left_and_bowls_not_won_stay_for_the_next_round():
    session = Session(POCH, list("ABCD"), seed=2, dealer=0)
    first = session.next_round()
    bot = BasicBot()
    while not first.over:
        first.apply(bot.choose(first, first.to_move()))
    left = dict(first.ledger.board)
    session.record(first)
    second = session.next_round()
    assert second.dealer == 1
    assert any(left.values()) and second.start_board == left  # what stayed, before the new ante
    antes = transfers([e.to_json(second.names) for e in second.start_events], "ante")
    assert len(antes) == 4 * 9


@covers("poch.stock", "poch.trumps")
def test_deal_five_gives_five_cards_each_and_the_turned_card_and_the_stock_are_never_played():
    rnd = dealt(4, seed=5, deal="five")
    assert [len(h) for h in rnd.hands] == [5, 5, 5, 5] and len(rnd.widow) == 32 - 20
    turned = rnd.turned_up
    assert turned in rnd.widow and rnd.trump == turned.suit
    bot = BasicBot()
    while not rnd.over:
        rnd.apply(bot.choose(rnd, rnd.to_move()))
    played = {e.card for e in rnd.log if e.type == "play"}
    assert not played & set(rnd.widow)


@covers("poch.trumps")
def test_with_trumps_hearts_hearts_are_trumps_every_round():
    rnd = dealt(4, seed=6, trumps="hearts")
    assert rnd.trump == 1 and rnd.turned_up is None
    assert [str(c) for c in next(s for s in rnd.sections if s.id == "marriage").cards] == ["Q♥", "K♥"]


# ----- the trump card: whose it is (option trump_card), and the dealer's bowl (turn_up_to_dealer) -----


def ordered(profile, n, dealer, last: str, players=None):
    """A round of ``profile`` dealt from the pack in order, ``last`` moved to the bottom (the last card dealt)."""
    seated = profile.seated(n)
    pack = [c for c in seated.pack if str(c) != last] + [parse_card(last)]
    deal = deal_in_order(pack, n, dealer, seated.widow_position, seated.turn_up, seated.deal_plan)
    return Round(profile, players or [chr(65 + i) for i in range(n)], dealer, deal)


@covers("poch.trumps")
@pytest.mark.parametrize("n", range(2, 9))
def test_the_trump_card_is_the_dealers_own_last_card_or_the_last_card_dealt_whoever_receives_it(n):
    dealer = n - 1
    own = dealt(n, seed=n, dealer=dealer)
    assert own.turned_up in own.hands[dealer]
    last = dealt(n, seed=n, dealer=dealer, trump_card="last-dealt")
    seated = last.profile.seated(n)
    receiver = [s for s in recipients(len(seated.pack), n, dealer, "last", seated.deal_plan)][-1]
    assert last.turned_up in last.hands[receiver]
    event = next(e for e in last.start_events if e.type == "turn-up")
    assert (event.where, event.holder) == ("hand", receiver)


@covers("poch.trumps", "poch.stock")
@pytest.mark.parametrize("n", range(2, 9))
def test_face_up_the_last_card_is_laid_apart_for_trumps_and_belongs_to_nobody(n):
    rnd = dealt(n, seed=n, trump_card="face-up")
    turned = rnd.turned_up
    assert rnd.widow == (turned,) and rnd.trump == turned.suit
    assert sum(len(h) for h in rnd.hands) == len(rnd.profile.seated(n).pack) - 1
    event = next(e for e in rnd.start_events if e.type == "turn-up")
    assert event.where == "stock" and event.rule == "poch.trumps"


@covers("poch.trumps", "poch.misdeal")
@pytest.mark.parametrize("trump_card", ["dealers-last", "last-dealt"])
def test_a_deal_showing_for_trumps_a_card_that_is_not_the_trump_card_is_refused_and_changes_nothing(trump_card):
    """32 cards among three, dealt from the dealer's left: the last card falls to the dealer's right,
    so the trump card (the dealer's own last card, or with last-dealt the last card dealt) and the
    other one are in two hands. No source makes the wrong one a misdeal to be dealt again
    (docs/rules/poch.md, Misdeal): a deal that shows it is no deal of these rules, refused before
    any play, and a redeal that shows it is refused and leaves the round as it was."""
    profile = get_profile("poch", {"trump_card": trump_card})
    dealer, seated = 2, profile.seated(3)
    shown = deal_in_order(list(seated.pack), 3, dealer, seated.widow_position, seated.turn_up, seated.deal_plan)
    dealers_own, last_dealt = (deal_in_order(list(seated.pack), 3, dealer, seated.widow_position, mode, seated.deal_plan).turn_up
                               for mode in (TurnUp.TO_DEALER, TurnUp.TO_LAST))
    other = last_dealt if trump_card == "dealers-last" else dealers_own
    assert dealers_own in shown.hands[dealer] and last_dealt in shown.hands[1] and shown.turn_up != other
    with pytest.raises(SetupError) as refused:
        Round(profile, list("ABC"), dealer, Deal(shown.hands, shown.widow, other))
    assert refused.value.rule == "poch.trumps" and str(other) in refused.value.message
    rnd = Round(profile, list("ABC"), dealer, shown)
    before = ([sorted(h) for h in rnd.hands], dict(rnd.ledger.board), list(rnd.ledger.balances), rnd.turned_up, len(rnd.log))
    with pytest.raises(IllegalMove) as redealt:
        rnd.apply(Redeal(None, shown.hands, shown.widow, other))
    assert redealt.value.rule == "poch.misdeal" and str(other) in redealt.value.message
    assert ([sorted(h) for h in rnd.hands], dict(rnd.ledger.board), list(rnd.ledger.balances), rnd.turned_up, len(rnd.log)) == before


@covers("poch.carry-over")
def test_face_up_a_turned_honour_stays_on_its_bowl():
    rnd = ordered(get_profile("poch", {"trump_card": "face-up"}), 4, 0, "K♠")
    stay = next(e for e in rnd.start_events if e.type == "stay" and e.section == "king")
    assert [str(c) for c in stay.cards] == ["K♠"] and rnd.ledger.board["king"] == 4
    assert not [e for e in rnd.start_events if e.type == "transfer" and e.reason == "dealer-turn-up"]


@covers("poch.stock")
def test_face_up_the_turned_card_is_never_played_and_stops_the_sequence_below_it():
    rnd = position({"A": "Q♠ 7♥", "B": "A♠ 8♥", "C": "9♥", "D": "10♥ J♥"}, widow="K♠", turn_up="K♠",
                   options={"trump_card": "face-up"}, leader="A")
    events = [e.to_json(rnd.names) for e in rnd.apply(Play(0, parse_card("Q♠")))]
    stop = next(e for e in events if e["type"] == "stop")
    assert (stop["where"], stop["next"]) == ("turn-up", "K♠")


@covers("poch.dealer-turn-up")
@pytest.mark.parametrize("options", [{"deal": "five", "turn_up_to_dealer": True},
                                     {"trump_card": "face-up", "turn_up_to_dealer": True}])
def test_a_trump_honour_turned_up_out_of_play_wins_the_dealer_its_bowl(options):
    rnd = ordered(get_profile("poch", options), 4, 2, "J♦")
    paid = [e for e in rnd.start_events if e.type == "transfer" and e.reason == "dealer-turn-up"]
    assert [(e.source.key, e.target.key, e.amount, e.rule) for e in paid] == [("jack", 2, 4, "poch.dealer-turn-up")]
    # The holding stage claims it no more: the bowl is the dealer's, not "kept".
    assert not [e for e in rnd.start_events if e.type in ("stay", "hold") and getattr(e, "section", None) == "jack"]


@covers("poch.dealer-turn-up")
def test_a_low_card_turned_up_pays_nobody_and_the_option_is_off_by_default():
    low = ordered(get_profile("poch", {"deal": "five", "turn_up_to_dealer": True}), 4, 2, "8♦")
    assert not [e for e in low.start_events if e.type == "transfer" and e.reason == "dealer-turn-up"]
    off = ordered(get_profile("poch", {"deal": "five"}), 4, 2, "J♦")
    assert not [e for e in off.start_events if e.type == "transfer" and e.reason == "dealer-turn-up"]
    assert off.ledger.board["jack"] == 4  # J♦ lies in the stock: the bowl stays
    # The dealer's own last card is in their hand already: they hold it, as anyone holds a trump.
    assert get_profile("poch", {"turn_up_to_dealer": True}).phases == ("holding", "vying", "stops")


@covers("poch.stock")
def test_with_five_cards_each_and_hearts_always_trumps_the_cards_not_dealt_are_still_the_stock():
    game = get_profile("poch", {"deal": "five", "trumps": "hearts"})
    assert game.widow_name == "stock" and game.turn_up == "none"
    rnd = dealt(4, seed=2, deal="five", trumps="hearts")
    assert len(rnd.widow) == 32 - 20 and rnd.turned_up is None

"""The rules every stops game shares, written once as pure functions over a compact table.

The table is plain integers: ``owner`` gives each card's place (a seat 0..n-1, or
:data:`~stops.owners.WIDOW`, :data:`~stops.owners.PLAYED`,
:data:`~stops.owners.DEAD`), ``counts`` the cards each seat holds, ``board`` the
chips on each section (by index) and ``bal`` each seat's balance. The round
(:mod:`stops.phases.stops`, :mod:`stops.phases.betting`, the auctions) calls these functions and turns
what they find into events; the fast playout (:mod:`stops.playout`) calls the same
functions on its own integers; :mod:`stops.determinize` reads what a lead reveals from
the same lead rules.

- :mod:`~stops.kernel.sequence`: the next card, who holds it, when a sequence stops.
- :mod:`~stops.kernel.leads`: the lead rules, and who must lead after a stop (the duty passes).
- :mod:`~stops.kernel.claims`: pay cards and combinations won by playing or by holding; going out.
- :mod:`~stops.kernel.step`: one card played, from the claims to the next turn or the stop and
  who leads after it, and what going out pays: the order of the stops play, for the phase and
  the playout alike.
- :mod:`~stops.kernel.betting`: one fixed-limit betting round as allowed / act / next-turn functions.
- :mod:`~stops.kernel.auction`: one auction for a hand (the widow, the dummy, the ghost hand) as
  bids / act / next-turn / winner functions.
- :mod:`~stops.kernel.sets`: sets and runs held in one hand (Poch).
- :mod:`~stops.kernel.showdown`: what a showdown compares, its winners and the split of the section.
"""

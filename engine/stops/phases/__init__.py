"""The phases a round can go through. A profile lists the ones it plays, in order.

A phase object has a ``name``, the move types it reads (``moves``) and the event types it
produces (``events``), and ``start(rnd, setup) -> events``, ``done(rnd)``,
``to_move(rnd)``, ``legal_moves(rnd)``, ``check(rnd, move)`` (raises IllegalMove) and
``apply(rnd, move) -> events``. What a phase keeps between moves, or leaves for a later
phase, goes in the slots of the round's typed state (:class:`stops.round.RoundState`,
``rnd.state``) that it declares in ``slots``; it writes no other slot. Phases that need no
decision do their work in ``start`` and are done at once. Each phase module holds its one phase object as ``PHASE``; a
profile names the phases it may play in ``Profile.phase_table`` (nothing is registered on
import).
"""

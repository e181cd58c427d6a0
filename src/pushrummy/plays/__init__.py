"""The move layer: one module per move kind, each rule written once.

Each module holds its kind's predicates (the rules, as questions anyone may ask: the
listers, the checkers, the bots, the notation and the front ends), its lister
(``list_*``: the kind's legal moves in a position), its checker (``check_*``: the specific
error that says why a move is illegal) and its applier (``apply_*``: the state after a
checked move), side by side, like PokerKit's verify / can / do:

=====================================  =======================================================
module                                 move kind and its rules
=====================================  =======================================================
:mod:`~pushrummy.plays.draw`           take or push ([draw.take], [draw.push]);
                                       :func:`~pushrummy.plays.draw.push_allowed`
:mod:`~pushrummy.plays.buy`            buying out of turn ([buy.offer]: the offer, a buy, a
                                       pass); :func:`~pushrummy.plays.buy.may_buy`
:mod:`~pushrummy.plays.lay_down`       a lay-down step or a whole lay-down ([contract.steps])
:mod:`~pushrummy.plays.lay_off`        a lay-off ([layoff.card]);
                                       :func:`~pushrummy.plays.lay_off.may_target`
:mod:`~pushrummy.plays.new_meld`       a new meld ([meld.new]);
                                       :func:`~pushrummy.plays.new_meld.may_meld_new`
:mod:`~pushrummy.plays.exchange`       exchanging a wild ([layoff.exchange]);
                                       :func:`~pushrummy.plays.exchange.exchangeable`,
                                       :func:`~pushrummy.plays.exchange.natural_at`
:mod:`~pushrummy.plays.discard`        the discard ([discard.end]);
                                       :func:`~pushrummy.plays.discard.allowed_discards`
:mod:`~pushrummy.plays.next_deal`      dealing ([deal.count])
:mod:`~pushrummy.plays.turn`           what several kinds share: the turn's checks,
                                       [layoff.when], [out.empty], placing melds, a deal's end
=====================================  =======================================================

The move table (:data:`pushrummy.movetable.MOVE_KINDS`) names each kind's lister, checker
and applier; :func:`~pushrummy.engine.legal_moves` is the listers of the phase's kinds, in
table order, and :func:`~pushrummy.engine.apply_move` the checker then the applier.
"""

from __future__ import annotations

__all__: list[str] = []

"""Agents: integer actions and numeric observations for reinforcement learning and search.

Not imported by ``import pushrummy``; import it as ``pushrummy.agents``. Pure Python, like
the engine:

* :class:`~pushrummy.agents.codec.ActionCodec` — a fixed alphabet of ``n`` integer tokens
  (``Discrete(n)``) in which every legal move is one short path, with exact masks
  (:mod:`pushrummy.agents.codec`);
* :class:`~pushrummy.agents.observation.ObservationEncoder` — a fixed-size vector of numbers
  (and a dict form) built from a :class:`~pushrummy.views.PlayerView` only
  (:mod:`pushrummy.agents.observation`).

* :class:`~pushrummy.agents.history.HistoryEncoder` — the information state's bounded
  record of past play (:mod:`pushrummy.agents.history`);
* :func:`~pushrummy.agents.evaluation.evaluate` — a policy against an opponent, seats
  alternated, win rate ± standard error (:mod:`pushrummy.agents.evaluation`).

The environments need the ``rl`` extra (``pip install "pushrummy[rl]"``: PettingZoo,
Gymnasium and NumPy) and are not imported here: the PettingZoo environment
(:mod:`pushrummy.agents.pettingzoo_env`), the single-agent Gymnasium environment with bots
at the other seats (:mod:`pushrummy.agents.gym_env`), and the RLlib path
(:mod:`pushrummy.agents.rllib`, which needs Ray besides). The OpenSpiel game
(:mod:`pushrummy.agents.openspiel_game`) needs the ``openspiel`` extra. See :doc:`/agents`
for the token alphabet, the observation layout, their sizes and the reference of these
classes.
"""

# Re-exported for ``from pushrummy.agents import ActionCodec``; documented (and listed in the
# API reference) where they are defined, in their modules, so without an ``__all__`` here.
from .codec import ActionCodec as ActionCodec
from .codec import ActionError as ActionError
from .codec import meld_tokens as meld_tokens
from .codec import shape_tokens as shape_tokens
from .observation import ObservationEncoder as ObservationEncoder

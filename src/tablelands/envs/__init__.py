"""Research environments: PettingZoo AEC (:mod:`tablelands.envs.pettingzoo`) and Gymnasium
single-agent (:mod:`tablelands.envs.gymnasium`) environments for every game, on the
fixed-shape encodings of the games' ``encoding.py`` and their fixed action spaces
(docs/research.md), and the games registered with OpenSpiel (:mod:`tablelands.envs.openspiel`,
docs/openspiel.md).

They need the ``rl`` extra (``pip install 'tablelands[rl]'``); nothing outside this package
imports PettingZoo, Gymnasium or OpenSpiel.
"""

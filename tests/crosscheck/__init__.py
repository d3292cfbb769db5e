"""Cross-check of referee's straight-draw replay against PokerKit (issue 3, item 9).

``script`` holds the engine-neutral record of one random hand; ``generator`` makes such hands with
PokerKit as the oracle of what is legal; ``pokerkit_side`` and ``referee_side`` replay a script in
each engine.  ``tests/test_crosscheck_pokerkit.py`` and ``bench/replay.py`` use them.
"""

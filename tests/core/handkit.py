"""Hands for the tests, built from card lists: per-suit masks as the rules
keep them (hand[o + suit], bit = rank). The rules core builds its hands
while dealing and never from a list, so this lives with the tests."""
from tarock.tables import SUIT54, RANK54


def hand_from_cards(cs, nsuits=5):
    """The 54-card deck's 5 suit masks of the cards cs."""
    h = [0] * nsuits
    for c in cs:
        h[SUIT54[c]] |= 1 << RANK54[c]
    return h

# The deal state's API (tarock/deal.py API): every family's Deal offers
# each name of it, provides what the base class asks of a family (its
# summary; its legal list, or the candidates and cards the base filters),
# and keeps to it through a whole deal played with random legal actions:
# result() and summary() only at the end, replay() rebuilds the same state.
# One family at a time, unloaded after (a board holds one).
import sys
from tarock import deal as D
from tarock import families as F
from tarock import profiles as PR
from tarock.rng import Rng
from mpcompat import unload_since

FAMILIES = ("koenigrufen", "slovenian", "french", "bavarian")
SEEDS = (1, 2)


def missing(deal):
    """The names of D.API the deal lacks, and the base class's hooks its
    family does not provide."""
    out = [k for k in D.API if not hasattr(deal, k)]
    cls = type(deal)
    if not hasattr(cls, "_make_summary"):
        out.append("_make_summary")
    if cls._legal_list is D.DealState._legal_list:   # the base's: it filters
        for k in ("_candidates", "_legal_cards"):
            if not hasattr(cls, k):
                out.append(k)
    return out



def _play(family, seed):
    """A deal of the family's default rules played with random legal
    actions; checked on the way."""
    fam = F.family(family)
    prof = PR.get(fam["default"])
    cls = F.module(family, "deal").Deal
    st = cls(prof, seed=seed)
    assert missing(st) == [], (family, missing(st))
    rng = Rng(seed)
    done = st.DONE
    while st.phase != done:
        assert st.result() is None and st.summary() is None, family
        assert st.to_move >= 0, family
        legal = st.legal_actions()
        assert legal == sorted(legal) and legal, (family, legal)
        a = legal[rng.below(len(legal))]
        assert st.why_illegal(a) == 0, (family, a)
        st.apply(a)
    assert st.to_move == -1 and st.result() is not None and st.summary() is not None, family
    again = cls.replay(prof, st.deck, st.log)
    assert again.fingerprint() == st.fingerprint(), family
    assert again.result() == st.result(), family


def test_every_family_offers_the_api():
    for family in FAMILIES:
        before = set(sys.modules)
        try:
            for seed in SEEDS:
                _play(family, seed)
        finally:
            unload_since(before)


class _Lacking(D.DealState):
    """A family's Deal that forgot why_illegal and its candidates."""

    phase = 0
    to_move = 0
    profile = None

    def _make_summary(self):
        return None

    def _legal_cards(self, p):
        return []

    def apply(self, a):
        pass

    def view(self, p):
        return {}

    def hand_of(self, p):
        return []

    def holds_card(self, p, c):
        return False

    def legal_code_for_move(self):
        return -1

    def fingerprint(self):
        return ()


def test_a_deal_lacking_part_of_the_api_is_found():
    assert missing(_Lacking()) == ["why_illegal", "_candidates"]

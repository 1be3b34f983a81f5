# House options that switch bonuses off must switch off their silent form too,
# and manual-entry checks must follow the profile (RULES.md §1, §2).
from tarock.koenigrufen import profiles as P, score as S
from tarock import profiles as PR
import krsim
from mpcompat import IS_MICROPYTHON


def test_marabu_off_no_silent_marabu():
    pr = PR.overlay(P.KOENIGRUFEN_PAGAT, {"marabu": False, "kakadu": False})
    played_in_its_trick = 0
    for seed in range(40 if IS_MICROPYTHON else 600):
        st = krsim.play_random(pr, seed)
        s = st.summary()
        if st.trick_of[3] == 8:   # IIII in the fourth-last trick
            played_in_its_trick += 1
        if st.trick_of[2] == 9:   # III in the third-last trick
            played_in_its_trick += 1
        assert s.bonus[P.MARABU] == S.NONE and s.bonus[P.KAKADU] == S.NONE, seed
        S.check_summary(pr, s)
    assert played_in_its_trick > 0  # the case did occur


def test_tarockcup_concede_passes_entry_check():
    pr = PR.get("koenigrufen/tarockcup")
    s = S.Summary(P.RUFER, 0)
    s.conceded = True
    S.check_summary(pr, s)  # "schleifen": any called game may be given up
    pk = P.KOENIGRUFEN_PAGAT
    try:
        S.check_summary(pk, s)
    except ValueError as e:
        assert "Besser Rufer" in str(e)
    else:
        assert False, "pagat profile: only a Besser Rufer may be conceded"

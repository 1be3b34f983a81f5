# Table seats (clockwise) <-> positions in turn order (counter-clockwise play),
# the dealer sitting out at five (seeds/000 "Wenn fünf Personen am Tisch sind").
from tarock import seating


def test_four_players_forehand_is_dealers_right():
    # seats clockwise 0..3, dealer 0: play runs 3, 2, 1, then the dealer
    assert seating.positions(4, 0) == [3, 2, 1, 0]
    assert seating.positions(4, 2) == [1, 0, 3, 2]
    assert seating.sitting_out(4, 0) == -1
    # cutter = dealer's left = seat 1 = position 2
    assert seating.positions(4, 0)[seating.cutter_position(4)] == 1


def test_five_players_dealer_sits_out():
    assert seating.positions(5, 0) == [4, 3, 2, 1]
    assert seating.positions(5, 3) == [2, 1, 0, 4]
    assert seating.sitting_out(5, 3) == 3
    # cutter = dealer's left: seat 4 when seat 3 deals = position 3
    assert seating.positions(5, 3)[seating.cutter_position(5)] == 4


def test_dealer_rotates_counter_clockwise_and_bavarian_clockwise():
    assert seating.next_dealer(4, 0) == 3
    assert seating.next_dealer(5, 0) == 4
    assert seating.next_dealer(3, 2, clockwise=True) == 0
    assert seating.positions(3, 0, active=3, clockwise=True) == [1, 2, 0]


def test_deltas_to_table_give_the_sitter_zero():
    seats = seating.positions(5, 1)
    out = seating.to_table([3, -1, -1, -1], seats, 5)
    assert out[1] == 0 and sum(out) == 0
    assert out[seats[0]] == 3


def test_bad_table_sizes_are_refused():
    for n in (2, 3, 6):
        try:
            seating.positions(n, 0)
        except ValueError as e:
            assert "seats" in str(e)
        else:
            assert False, n

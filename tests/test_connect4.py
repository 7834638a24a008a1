"""Connect Four rules (negamax.games.ConnectFour) against an independent pure-Python reference:
a plain 2-D list board with its own four-in-a-row check. Nothing here reads the engine to
compute an expectation.

Covered: wins in every direction at every placement of a four-line (reached by legal move
orders), winner/is_terminal/board/legal moves over random games of many sizes, full-board
draws, notation round trips, errors (bad character, full column, move after the end,
non-strings, boards that do not fit 64 bits), safe_moves() and can_win_now(), evaluation and
order hints as the README defines them, keys, bitboards, copy() and undo()."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import negamax as nm
import reference as R

ConnectFour = nm.games.ConnectFour

DIGITS = "123456789abcdefghijklmnopqrstuvw"  # the move notation: a = 10, b = 11, ...
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # (d col, d row): horizontal, vertical, two diagonals

# Every (width, height) with width * (height + 1) <= 64, a selection of shapes
SIZES = [(7, 6), (4, 4), (5, 4), (6, 5), (8, 7), (9, 6), (6, 7), (6, 9), (10, 5), (12, 4),
         (16, 3), (21, 2), (32, 1), (1, 63), (2, 31), (3, 15), (4, 12), (7, 8), (3, 3), (1, 1)]

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------------------------------------
# the reference
# ---------------------------------------------------------------------------------------------


class Ref:
    """Connect Four on a list of rows (row 0 is the bottom); 1 = first player, -1 = second."""

    def __init__(self, width=7, height=6):
        self.w, self.h = width, height
        self.grid = [[0] * width for _ in range(height)]
        self.heights = [0] * width
        self.moves = []  # 0-based columns

    def copy(self):
        other = Ref(self.w, self.h)
        other.grid = [row[:] for row in self.grid]
        other.heights = self.heights[:]
        other.moves = self.moves[:]
        return other

    @property
    def stones(self):
        return len(self.moves)

    def to_move(self):
        return 1 if len(self.moves) % 2 == 0 else -1

    def cell(self, col, row):
        if 0 <= col < self.w and 0 <= row < self.h:
            return self.grid[row][col]
        return None

    def fours(self, player):
        """Every four-in-a-row of `player` on the board (a full scan)."""
        found = []
        for row in range(self.h):
            for col in range(self.w):
                for dc, dr in DIRECTIONS:
                    if all(self.cell(col + i * dc, row + i * dr) == player for i in range(4)):
                        found.append((col, row, dc, dr))
        return found

    def four_through(self, col, row):
        """Does the stone at (col, row) belong to a four-in-a-row? (the incremental check)"""
        return R.four_through(self.cell, col, row, self.grid[row][col])

    def has_four(self, player):
        grid, w, h = self.grid, self.w, self.h
        for row in range(h):
            for col in range(w):
                if grid[row][col] != player:
                    continue
                for dc, dr in DIRECTIONS:
                    c3, r3 = col + 3 * dc, row + 3 * dr
                    if 0 <= c3 < w and 0 <= r3 < h and all(
                            grid[row + i * dr][col + i * dc] == player for i in (1, 2, 3)):
                        return True
        return False

    def winner(self):
        x, o = self.has_four(1), self.has_four(-1)
        assert not (x and o), "both players have four: not reachable by legal play"
        if x:
            return 1
        if o:
            return -1
        if self.stones == self.w * self.h:
            return 0
        return None

    def is_terminal(self):
        return self.winner() is not None

    def legal(self):
        """0-based columns that can be played."""
        if self.is_terminal():
            return []
        return [c for c in range(self.w) if self.heights[c] < self.h]

    def play(self, col):
        row = self.heights[col]
        assert row < self.h
        self.grid[row][col] = self.to_move()
        self.heights[col] += 1
        self.moves.append(col)

    def undo(self):
        col = self.moves.pop()
        self.heights[col] -= 1
        self.grid[self.heights[col]][col] = 0

    def board(self):
        """Rows x columns, top row first, as the engine's `board`."""
        return [list(self.grid[self.h - 1 - r]) for r in range(self.h)]

    def completes_four(self, col, row, player):
        """Would `player`'s stone on the empty square (col, row) make four in a row?"""
        assert self.grid[row][col] == 0
        self.grid[row][col] = player
        try:
            return self.four_through(col, row)
        finally:
            self.grid[row][col] = 0

    def winning_columns(self, player=None):
        """Columns (0-based) where `player` (default: the side to move) would win at once."""
        player = self.to_move() if player is None else player
        return [c for c in self.legal() if self.completes_four(c, self.heights[c], player)]

    def safe_columns(self):
        """Moves after which the opponent has no immediate winning move."""
        safe = []
        for c in self.legal():
            self.play(c)
            if not self.winning_columns():  # the opponent to move now
                safe.append(c)
            self.undo()
        return safe

    def threats(self, player):
        """Empty squares (anywhere, gravity ignored) where `player` would complete four."""
        return sum(1 for row in range(self.h) for col in range(self.w)
                   if self.grid[row][col] == 0 and self.completes_four(col, row, player))

    def text(self):
        symbols = {1: "x", -1: "o", 0: "."}
        rows = [" ".join(symbols[v] for v in row) for row in self.board()]
        rows.append(" ".join(DIGITS[c] for c in range(self.w)))
        return "\n".join(rows)

    def notation(self):
        return "".join(DIGITS[c] for c in self.moves)


def ref_from(moves, width=7, height=6):
    ref = Ref(width, height)
    for ch in moves:
        ref.play(DIGITS.index(ch))
    return ref


def centre_first(columns, width):
    """True if the 1-based columns are ordered by distance from the centre, nearest first."""
    distances = [abs((c - 1) - (width - 1) / 2) for c in columns]
    return distances == sorted(distances)


def check_same(game, ref):
    """Everything observable about the engine's game equals the reference's."""
    assert game.width == ref.w and game.height == ref.h
    assert game.stones == ref.stones
    assert game.to_move == ref.to_move()
    assert game.moves == ref.notation()
    assert game.history == tuple(c + 1 for c in ref.moves)
    assert game.board.tolist() == ref.board()
    assert game.board.shape == (ref.h, ref.w)
    assert str(game) == ref.text()
    winner = ref.winner()
    assert game.winner == winner
    assert game.is_terminal() == (winner is not None)
    legal = game.legal_moves()
    assert sorted(legal) == [c + 1 for c in ref.legal()]
    assert centre_first(legal, ref.w)
    assert len(legal) <= game.max_moves


def check_tactics(game, ref):
    """can_win_now(), safe_moves(), evaluate() and order_hint() against the reference."""
    wins = [c + 1 for c in ref.winning_columns()] if not ref.is_terminal() else []
    assert game.can_win_now() == bool(wins)
    safe = game.safe_moves()
    if ref.is_terminal():
        assert safe == []
    elif wins:
        assert len(safe) == 1 and safe[0] in wins  # one winning column
    else:
        assert sorted(safe) == [c + 1 for c in ref.safe_columns()]
        assert centre_first(safe, ref.w)
    value = game.evaluate()
    winner = ref.winner()
    if winner is None:
        side = ref.to_move()
        assert value == ref.threats(side) - ref.threats(-side)
        for col in game.legal_moves():
            ref.play(col - 1)
            expected = ref.threats(side)  # squares completing four for the mover, after the move
            ref.undo()
            assert game.order_hint(col) == expected, col
    elif winner == 0:
        assert value == 0
    else:
        assert value == -nm.WIN  # the side to move has lost


def same_position(a, b):
    """Same size and stones (read through the public attributes, not ==)."""
    return ((a.width, a.height, a.stones, a.key(), a.board.tolist())
            == (b.width, b.height, b.stones, b.key(), b.board.tolist()))


def play_both(game, ref, col):
    game.play(col + 1)
    ref.play(col)


def replayed(ref):
    """(engine game, reference) on an empty board of `ref`'s size, then after each of `ref`'s
    moves played on both (the same two objects, yielded again)."""
    game = ConnectFour("", ref.w, ref.h)
    replay = Ref(ref.w, ref.h)
    yield game, replay
    for col in ref.moves:
        play_both(game, replay, col)
        yield game, replay


# ---------------------------------------------------------------------------------------------
# four-lines at every placement
# ---------------------------------------------------------------------------------------------


def four_lines(width, height):
    """Every placement of four squares in a row on the board, as lists of (col, row)."""
    lines = []
    for col in range(width):
        for row in range(height):
            for dc, dr in DIRECTIONS:
                cells = [(col + i * dc, row + i * dr) for i in range(4)]
                if all(0 <= c < width and 0 <= r < height for c, r in cells):
                    lines.append(cells)
    return lines


def construct_win(width, height, cells, last, winner, rng, attempts=400):
    """A legal move order (0-based columns) in which `winner` (1 or -1) completes the line
    `cells` with its last move, on the square cells[last], and nobody has four before."""
    targets = set(cells)
    final = cells[last]
    for _ in range(attempts):
        ref = Ref(width, height)
        pending = set(targets) - {final}
        while True:
            player = ref.to_move()
            playable = {(c, ref.heights[c]): c for c in range(width) if ref.heights[c] < height}
            col = None
            if player == winner:
                ready = [playable[cell] for cell in pending if cell in playable]
                if ready:
                    col = rng.choice(ready)
                elif not pending and final in playable:
                    ref.play(playable[final])
                    assert ref.four_through(*final)
                    return ref.moves
            if col is None:
                # squares off the line where the mover does not complete four
                fillers = [c for cell, c in playable.items()
                           if cell not in targets and not ref.completes_four(*cell, player)]
                if not fillers:
                    break
                col = rng.choice(fillers)
            ref.play(col)
            row = ref.heights[col] - 1
            pending.discard((col, row))
            if ref.four_through(col, row):
                break  # a four too early: try again
    return None


def possible_last_squares(cells):
    """Indices of the squares of a line that can take its last stone: any, except that a
    vertical line fills from the bottom."""
    vertical = cells[0][0] == cells[1][0]
    return [3] if vertical else [0, 1, 2, 3]


def line_name(cells):
    (c0, r0), (c1, r1) = cells[0], cells[1]
    kind = {(1, 0): "horizontal", (0, 1): "vertical", (1, 1): "diagonal/", (1, -1): "diagonal\\"}
    return f"{kind[(c1 - c0, r1 - r0)]}@{c0 + 1},{r0 + 1}"


def test_reference_line_counts():
    # 7x6: 24 horizontal, 21 vertical, 12 + 12 diagonal placements
    lines = four_lines(7, 6)
    assert len(lines) == 69
    kinds = [line_name(cells).split("@")[0] for cells in lines]
    assert kinds.count("horizontal") == 24 and kinds.count("vertical") == 21
    assert kinds.count("diagonal/") == 12 and kinds.count("diagonal\\") == 12


def check_constructed_win(width, height, moves, winner, final):
    """Play `moves` on the engine, one by one and as a string, and check the win at the end."""
    game = ConnectFour("", width, height)
    ref = Ref(width, height)
    for i, col in enumerate(moves):
        if i == len(moves) - 1:
            # just before the winning move: the winner can win now, in the final square's column
            assert ref.to_move() == winner
            assert game.can_win_now()
            assert final[0] in ref.winning_columns()
            safe = game.safe_moves()
            assert len(safe) == 1 and safe[0] - 1 in ref.winning_columns()
        assert game.winner is None and not game.is_terminal()
        play_both(game, ref, col)
    assert ref.winner() == winner
    assert game.winner == winner
    assert game.is_terminal()
    assert game.legal_moves() == []
    assert game.safe_moves() == [] and not game.can_win_now()
    assert game.evaluate() == -nm.WIN
    assert game.board.tolist() == ref.board()
    text = "".join(DIGITS[c] for c in moves)
    from_string = ConnectFour(text, width, height)
    assert from_string.winner == winner and from_string.is_terminal()
    assert from_string.board.tolist() == ref.board()
    assert from_string.moves == text
    # nothing can be played after the end, in a string either
    with pytest.raises(ValueError) as info:
        ConnectFour(text + DIGITS[moves[-1]], width, height)
    assert offending_index(str(info.value), len(moves)), str(info.value)
    for col in range(1, width + 1):
        with pytest.raises(ValueError):
            game.play(col)
    assert game.moves == text


@pytest.mark.parametrize("winner", [1, -1], ids=["first", "second"])
def test_every_four_line_wins_7x6(winner):
    rng = random.Random(4 + winner)
    lines = four_lines(7, 6)
    for cells in lines:
        # the winning stone on each square of the line in turn (a vertical four is
        # completed on top)
        for last in possible_last_squares(cells):
            moves = construct_win(7, 6, cells, last, winner, rng)
            assert moves is not None, (line_name(cells), last)
            check_constructed_win(7, 6, moves, winner, cells[last])


@pytest.mark.parametrize("width,height", [(4, 4), (5, 4), (8, 7), (9, 6), (16, 3), (2, 31), (4, 12)])
def test_every_four_line_wins_other_sizes(width, height):
    rng = random.Random(width * 100 + height)
    lines = four_lines(width, height)
    assert lines
    for index, cells in enumerate(lines):
        winner = 1 if index % 2 == 0 else -1
        last = possible_last_squares(cells)[index % len(possible_last_squares(cells))]
        moves = construct_win(width, height, cells, last, winner, rng)
        assert moves is not None, (width, height, line_name(cells), last)
        check_constructed_win(width, height, moves, winner, cells[last])


@pytest.mark.parametrize("width,height", [(1, 63), (2, 3), (3, 3), (1, 1), (3, 15), (32, 1)])
def test_small_and_thin_boards(width, height):
    # random games against the reference; where no four fits (narrower and lower than 4, or
    # a single column, where the players alternate) every game fills the board and is a draw
    possible = bool(four_lines(width, height)) and width > 1
    rng = random.Random(7)
    for _ in range(20):
        game, ref = ConnectFour("", width, height), Ref(width, height)
        while not ref.is_terminal():
            play_both(game, ref, rng.choice(ref.legal()))
            assert game.winner == ref.winner()
        if not possible:
            assert ref.winner() == 0 and game.winner == 0
            assert game.stones == width * height


# ---------------------------------------------------------------------------------------------
# random games (hypothesis)
# ---------------------------------------------------------------------------------------------


@st.composite
def random_games(draw, sizes=SIZES):
    width, height = draw(st.sampled_from(sizes))
    choices = draw(st.lists(st.integers(0, 63), max_size=width * height))
    ref = Ref(width, height)
    for choice in choices:
        legal = ref.legal()
        if not legal:
            break
        ref.play(legal[choice % len(legal)])
    return ref


@SETTINGS
@given(ref=random_games())
def test_random_games_agree_with_reference(ref):
    for game, replay in replayed(ref):
        check_same(game, replay)
    # the move string gives the same game
    same = ConnectFour(ref.notation(), ref.w, ref.h)
    check_same(same, ref)
    assert same_position(same, game)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ref=random_games(sizes=[(7, 6), (7, 6), (7, 6), (5, 4), (4, 4), (8, 7), (6, 9), (16, 3)]))
def test_tactics_along_random_games(ref):
    for game, replay in replayed(ref):
        check_tactics(game, replay)


@SETTINGS
@given(ref=random_games(sizes=[(7, 6), (5, 4), (8, 7), (2, 31), (32, 1), (16, 3)]))
def test_bitboards_layout(ref):
    # README: two uint64 bitboards, the stones of the side to move and all stones, column-major
    # with a spare bit above each column (so column c starts at bit c * (height + 1))
    game = ConnectFour(ref.notation(), ref.w, ref.h)
    bits = game.bitboards
    assert bits.dtype == np.uint64 and bits.shape == (2,)
    side, every = 0, 0
    for row in range(ref.h):
        for col in range(ref.w):
            if ref.grid[row][col]:
                bit = 1 << (col * (ref.h + 1) + row)
                every |= bit
                if ref.grid[row][col] == ref.to_move():
                    side |= bit
    assert int(bits[0]) == side and int(bits[1]) == every
    with pytest.raises(ValueError):
        bits[0] = 0  # read-only


@SETTINGS
@given(ref=random_games(sizes=[(7, 6), (5, 4), (4, 4)]), data=st.data())
def test_keys_identify_positions(ref, data):
    # Different orders reaching the same position give equal keys; different positions differ.
    seen = {}
    for game, replay in replayed(ref):
        board = tuple(map(tuple, replay.board()))
        assert seen.setdefault(game.key(), board) == board
    # permute the first player's moves among themselves, and the second's, on the bottom row
    width = ref.w
    columns = data.draw(st.permutations(range(width)))
    n = data.draw(st.integers(0, width))
    columns = columns[:n]
    xs, os_ = columns[0::2], columns[1::2]
    xs2, os2 = data.draw(st.permutations(xs)), data.draw(st.permutations(os_))
    order1 = [c for pair in zip(xs, os_ + [None]) for c in pair if c is not None]
    order2 = [c for pair in zip(xs2, os2 + [None]) for c in pair if c is not None]
    g1 = ConnectFour("".join(DIGITS[c] for c in order1), ref.w, ref.h)
    g2 = ConnectFour("".join(DIGITS[c] for c in order2), ref.w, ref.h)
    assert g1.board.tolist() == g2.board.tolist()
    assert g1.key() == g2.key() and same_position(g1, g2)


def test_keys_distinct_over_many_positions():
    rng = random.Random(11)
    seen = {}
    for _ in range(300):
        game, ref = ConnectFour(), Ref()
        while not ref.is_terminal():
            play_both(game, ref, rng.choice(ref.legal()))
            board = tuple(map(tuple, ref.board()))
            assert seen.setdefault(game.key(), board) == board
    assert len(seen) > 5000


# ---------------------------------------------------------------------------------------------
# draws
# ---------------------------------------------------------------------------------------------


def drawn_game(width, height, seed):
    """A random game in which neither side ever completes four, played to the full board."""
    rng = random.Random(seed)
    for _ in range(1000):
        ref = Ref(width, height)
        while ref.stones < width * height:
            quiet = [c for c in ref.legal() if not ref.completes_four(c, ref.heights[c], ref.to_move())]
            if not quiet:
                break
            ref.play(rng.choice(quiet))
        if ref.stones == width * height:
            assert ref.winner() == 0 and not ref.fours(1) and not ref.fours(-1)
            return ref
    raise AssertionError("no drawn game found")


@pytest.mark.parametrize("width,height,seed", [(7, 6, 1), (7, 6, 2), (7, 6, 3), (4, 4, 1),
                                               (5, 4, 1), (8, 7, 1), (6, 9, 2), (16, 3, 1)])
def test_full_board_draw(width, height, seed):
    ref = drawn_game(width, height, seed)
    text = ref.notation()
    game = ConnectFour("", width, height)
    replay = Ref(width, height)
    for i, col in enumerate(ref.moves):
        assert game.winner is None and not game.is_terminal()
        play_both(game, replay, col)
    check_same(game, ref)
    assert game.winner == 0 and game.is_terminal()
    assert game.stones == width * height
    assert game.legal_moves() == [] and game.safe_moves() == [] and not game.can_win_now()
    assert game.evaluate() == 0
    assert (game.board != 0).all()
    assert (game.board == 1).sum() == (game.board == -1).sum() + (width * height) % 2
    assert ConnectFour(text, width, height).winner == 0
    for col in range(1, width + 1):
        with pytest.raises(ValueError):
            game.play(col)
    with pytest.raises(ValueError, match=rf"\b{width * height}\b"):
        ConnectFour(text + "1", width, height)


# ---------------------------------------------------------------------------------------------
# notation
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "4", "4453", "1234567", "444444333333222222", "1234567654321",
                                  "2252576253462244111563365343671351441"])
def test_notation_round_trip(text):
    game = ConnectFour(text)
    assert game.moves == text
    ref = ref_from(text)
    check_same(game, ref)
    assert repr(game) == f"ConnectFour({text!r})"
    assert same_position(ConnectFour(game.moves), game)


def test_wide_board_letters():
    # columns past 9 are a, b, c, ...
    text = "abc123a9cb"
    game = ConnectFour(text, width=12, height=4)
    assert game.moves == text
    assert game.history == (10, 11, 12, 1, 2, 3, 10, 9, 12, 11)
    check_same(game, ref_from(text, 12, 4))
    game.play("b")
    game.play(12)
    assert game.moves == text + "bc"
    game32 = ConnectFour("w", width=32, height=1)
    assert game32.history == (32,) and game32.board.tolist() == [[0] * 31 + [1]]


def test_equality_and_hash():
    # equal positions (by any move order) compare equal and hash alike; others differ
    a, b = ConnectFour("1234"), ConnectFour("3214")
    assert ref_from("1234").board() == ref_from("3214").board()
    assert a == b and not (a != b)
    assert hash(a) == hash(b)
    assert a == a.copy()
    assert ConnectFour("1243") != a
    assert ConnectFour("123") != a
    assert ConnectFour("", 7, 6) != ConnectFour("", 6, 7)
    assert ConnectFour("4") != "4" and ConnectFour("4") != 4
    assert len({ConnectFour("12"), ConnectFour("12"), ConnectFour("21")}) == 2


def test_play_accepts_ints_characters_and_numpy_ints():
    a, b, c = ConnectFour(), ConnectFour(), ConnectFour()
    for col in (4, 4, 5, 3):
        a.play(col)
        b.play(str(col))
        c.play(np.int64(col))
    assert a.moves == b.moves == c.moves == "4453"
    assert same_position(a, b) and same_position(a, c)


# ---------------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------------


def offending_index(message, index):
    return re.search(rf"\bindex {index}\b", message) is not None


@pytest.mark.parametrize("text,index", [
    ("0", 0), ("8", 0), ("448", 2), ("44x", 2), ("4 4", 1), ("12-3", 2), ("445\u00e9", 3),
    ("4a", 1),                      # a = column 10: off a 7-wide board
    ("4444444", 6),                 # the seventh stone in a column of six
    ("44444441", 6),
    ("12121213", 7),                # the first player won vertically with the seventh move
    ("1111112222223333334444445555556666667", None),  # found by the reference below
    ("4444443333332222221111115555556666667777777", None),
])
def test_bad_strings_name_the_index(text, index):
    # the reference says where the first problem is: a bad character, a full column, or a
    # move after the end of the game
    ref = Ref()
    expected = None
    for i, ch in enumerate(text):
        col = DIGITS.find(ch)
        if col < 0 or col >= 7 or ref.is_terminal() or ref.heights[col] == 6:
            expected = i
            break
        ref.play(col)
    assert expected is not None
    if index is not None:
        assert expected == index
    with pytest.raises(ValueError) as info:
        ConnectFour(text)
    assert offending_index(str(info.value), expected), str(info.value)


@pytest.mark.parametrize("value", [1234, 4.0, None, ["4", "4"], b"44", ("4",)])
def test_non_string_moves_raise_type_error(value):
    with pytest.raises(TypeError):
        ConnectFour(value)


@pytest.mark.parametrize("width,height", [(10, 6), (8, 8), (7, 9), (13, 4), (33, 1), (2, 32), (1, 64),
                                          (64, 1), (65, 0)])
def test_boards_beyond_64_bits_raise(width, height):
    if height < 1:
        with pytest.raises(ValueError):
            ConnectFour(width=width, height=height)
        return
    assert width * (height + 1) > 64
    with pytest.raises(ValueError):
        ConnectFour(width=width, height=height)


@pytest.mark.parametrize("width,height", [(w, h) for h in range(1, 64) for w in (64 // (h + 1),)
                                          if w >= 1])
def test_largest_width_for_each_height_works(width, height):
    assert width * (height + 1) <= 64
    game = ConnectFour("", width, height)
    assert game.width == width and game.height == height
    assert game.board.shape == (height, width)
    assert sorted(game.legal_moves()) == list(range(1, width + 1))
    with pytest.raises(ValueError):
        ConnectFour("", width + 1, height)


@pytest.mark.parametrize("kwargs,error", [
    (dict(width=0), ValueError), (dict(height=0), ValueError), (dict(width=-7), ValueError),
    (dict(width=7.0), TypeError), (dict(height="6"), TypeError), (dict(width=True), TypeError),
])
def test_bad_sizes(kwargs, error):
    with pytest.raises(error):
        ConnectFour(**kwargs)


def test_play_errors_leave_the_game_unchanged():
    game = ConnectFour("444444")
    before = (game.moves, game.key(), game.board.tolist())
    for bad, error in [(4, ValueError), ("4", ValueError), (0, ValueError), (8, ValueError),
                       (-1, ValueError), ("8", ValueError), ("x", ValueError), ("44", ValueError),
                       (4.0, TypeError), (None, TypeError), (True, TypeError), ([4], TypeError)]:
        with pytest.raises(error):
            game.play(bad)
        assert (game.moves, game.key(), game.board.tolist()) == before, bad
    game.play(3)
    assert game.moves == "4444443"


class Integer:
    """An integer only through __index__ (as operator.index reads it, and NativeGame.play)."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def test_columns_and_sizes_take_any_integer_with_index():
    # As every other game's play() does: numpy integers and anything with __index__.
    game = ConnectFour(width=Integer(5), height=np.int8(4))
    assert (game.width, game.height) == (5, 4)
    game.play(Integer(3))
    game.play(np.uint8(3))
    assert game.moves == "33"
    assert game.order_hint(Integer(2)) == ConnectFour("33", 5, 4).order_hint(2)
    for bad in (np.True_, False, 2.0, Integer("2")):
        with pytest.raises(TypeError):
            game.play(bad)
        with pytest.raises(TypeError):
            ConnectFour(width=bad)
    assert game.moves == "33"


def test_undo_on_empty_board_raises():
    with pytest.raises(ValueError):
        ConnectFour().undo()


# ---------------------------------------------------------------------------------------------
# copy and undo
# ---------------------------------------------------------------------------------------------


@SETTINGS
@given(ref=random_games(sizes=[(7, 6), (5, 4), (8, 7)]), data=st.data())
def test_copy_is_independent(ref, data):
    game = ConnectFour(ref.notation(), ref.w, ref.h)
    copy = game.copy()
    assert same_position(copy, game) and copy is not game
    check_same(copy, ref)
    before = (game.moves, game.key(), game.board.tolist(), game.bitboards.tolist())
    # change the copy: the original does not move
    other = ref.copy()
    while other.legal():
        col = data.draw(st.sampled_from(other.legal()))
        play_both(copy, other, col)
        check_same(copy, other)
        if data.draw(st.booleans()):
            break
    if copy.moves:
        copy.undo()
        other.undo()
        check_same(copy, other)
    assert (game.moves, game.key(), game.board.tolist(), game.bitboards.tolist()) == before
    # and the other way round
    copy2 = game.copy()
    if game.legal_moves():
        game.play(game.legal_moves()[-1])
        check_same(copy2, ref)


@SETTINGS
@given(ref=random_games())
def test_undo_walks_back_to_the_empty_board(ref):
    game = ConnectFour(ref.notation(), ref.w, ref.h)
    back = ref.copy()
    keys = []
    replay = Ref(ref.w, ref.h)
    g = ConnectFour("", ref.w, ref.h)
    for col in ref.moves:
        keys.append(g.key())
        play_both(g, replay, col)
    while back.moves:
        game.undo()
        back.undo()
        check_same(game, back)
        assert game.key() == keys[back.stones]
        if back.stones % 7 == 0:
            check_tactics(game, back)
    with pytest.raises(ValueError):
        game.undo()
    assert same_position(game, ConnectFour("", ref.w, ref.h))


def test_undo_after_a_win_reopens_the_game():
    game = ConnectFour("1212121")
    assert game.winner == 1
    game.undo()
    assert game.winner is None and not game.is_terminal()
    assert game.moves == "121212"
    # both sides have three in a column; the first player to move wins in column 1 only
    assert game.can_win_now() and game.safe_moves() == [1]
    game.play(2)   # blocks the second player's column instead
    game.play(1)   # and the second player blocks back
    assert game.winner is None
    check_same(game, ref_from("12121221"))
    check_tactics(game, ref_from("12121221"))


# ---------------------------------------------------------------------------------------------
# safe_moves() between moves (the search keeps a record of what its safe-move generation
# proved; the Python-facing safe_moves() only reads)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("width,height", [(7, 6), (4, 4), (5, 4), (8, 7), (16, 3), (3, 15)])
def test_moves_after_safe_moves_agree_with_reference(width, height):
    """Walks that ask safe_moves(), play a safe or an unsafe move, undo, copy and reach
    other positions with as many stones agree with the reference at every step: winner,
    terminal state, and the opponent's wins and safe moves. (The search's record of safe
    squares, trusted by make_move for the same position only, is checked through solves
    against independent solvers in tests/test_solve.py: they fail when the record is trusted
    without its position key.)"""
    rng = random.Random(width * 100 + height)
    for _ in range(60):
        game, ref = ConnectFour("", width, height), Ref(width, height)
        for _ in range(3 * width * height):
            if ref.is_terminal() or not ref.legal():
                if not ref.moves:
                    break
                game.undo()
                ref.undo()
                continue
            roll = rng.random()
            if roll < 0.5:
                safe = game.safe_moves()
                col = rng.choice(safe) - 1 if safe else rng.choice(ref.legal())
            elif roll < 0.8 or not ref.moves:
                col = rng.choice(ref.legal())
            else:
                game.undo()              # then on to other positions with as many stones
                ref.undo()
                check_same(game, ref)
                continue
            play_both(game, ref, col)
            check_same(game, ref)
            if rng.random() < 0.3:
                check_tactics(game, ref)
                check_same(game.copy(), ref)


def test_safe_moves_only_reads_the_game():
    """Asking safe_moves() leaves nothing behind that a later move could trust: a square safe
    after "151526" wins after "152536" (as many stones, x holding columns 1-3 of the bottom
    row), and playing it there is a win."""
    game = ConnectFour("151526")
    assert game.safe_moves() == [4, 3, 5, 2, 6, 1, 7]   # every column, centre first
    for _ in range(4):
        game.undo()
    for column in "2536":
        game.play(column)
    assert game.moves == "152536" and game.stones == 6
    assert game.safe_moves() == [4]     # the winning column
    game.play(4)
    assert game.winner == 1 and game.is_terminal()
    check_same(game, ref_from("1525364"))


@pytest.mark.parametrize("moves, width, height", [
    ("2232667762537425575516316253367371441114", 7, 6),   # 40 stones: a draw, one column left
    ("11", 1, 4),                                         # one column: no four for anyone
    ("1", 1, 3),
    ("12121", 2, 3),
])
@pytest.mark.parametrize("options", [dict(algorithm="pvs"), dict(algorithm="mtdf"),
                                     dict(algorithm="alphabeta", safe_moves=True)])
def test_a_search_to_the_end_names_a_move_when_the_bounds_alone_settle_the_value(
        moves, width, height, options):
    # The rules bound the value (no four can come before the board fills: a draw) before any
    # move is searched; the root must still name a move, as plain alpha-beta does.
    game = nm.games.ConnectFour(moves, width=width, height=height)
    plain = nm.search(game, algorithm="alphabeta")
    result = nm.search(game, **options)
    assert result.value == plain.value == 0
    assert result.best_move in game.legal_moves()
    assert result.pv[0] == result.best_move
    # The line's last moves were settled by the rules, unsearched: depth still covers it.
    assert result.depth >= len(result.pv)
    line = game.copy()
    for move in result.pv:
        line.play(move)
    assert line.is_terminal()


def test_moves_as_numpy_string():
    assert ConnectFour(np.str_("4453")).moves == "4453" == ConnectFour("4453").moves

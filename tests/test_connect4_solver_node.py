"""Connect Four's own solver node (ext/games/connect4/solver.pxi): which searches run it, and
that it finds what the engine's lean node finds, value for value, line for line, counter for
counter; values checked against a plain minimax written here."""

import random

import pytest

import negamax as nm
from negamax.bench.connect4_positions import random_positions
from negamax.games import ConnectFour, _connect4


def _engine_node():
    """A context in which Connect Four's searches run the engine's node, not its own."""
    class _EngineNode:
        def __enter__(self):
            _connect4._allow_solver_node(False)

        def __exit__(self, *exc):
            _connect4._allow_solver_node(True)
    return _EngineNode()


def _everything(result):
    return (result.value, result.outcome, result.plies, result.best_move, result.pv,
            result.stats, result.lower, result.upper, result.score, result.stop_reason)


def _played_out(stones_low, stones_high, count, seed):
    """7 x 6 positions after a random number of random moves in the range, none over and
    none the side to move can win at once (as the benchmark sets are made)."""
    return [ConnectFour(moves) for moves in random_positions(count, stones_low, stones_high, seed)]


def _random_positions(count, seed):
    """Random positions on boards of several sizes, none of them over."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        width, height = rng.choice([(4, 4), (5, 4), (6, 5), (8, 5), (7, 6), (9, 6), (5, 6)])
        game = ConnectFour(width=width, height=height)
        for _ in range(rng.randint(width * height // 2, width * height - 2)):
            if game.is_terminal():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_terminal():
            found.append(game)
    return found


MIDDLE = _played_out(14, 20, 3, seed=7)
POSITIONS = (_played_out(28, 34, 40, seed=2026) + MIDDLE
             + _random_positions(30, seed=90210)
             + [ConnectFour("112233"),        # the side to move wins at once (the root's own test)
                ConnectFour("27374"),         # two threats against it: lost whatever it plays
                ConnectFour("4444443333332222")])


def test_a_solve_runs_the_solver_node_and_other_searches_the_engine_node():
    game = ConnectFour("4444443333332222")
    assert nm.solve(game).kernel == "ConnectFour:solver"
    assert nm.solve(game, weak=True).kernel == "ConnectFour:solver"
    assert nm.solve_many([game])[0].kernel == "ConnectFour:solver"
    # A search that reaches the end of the game with a solve's options runs it too.
    assert nm.search(game, algorithm="pvs", depth=43).kernel == "ConnectFour:solver"
    # Options the node leaves out, a horizon inside the game, or threads: the engine's node.
    assert nm.solve(game, ordering=False).kernel == "ConnectFour:lean"
    assert nm.solve(game, killers=True).kernel == "ConnectFour:lean"
    assert nm.solve(game, history=True).kernel == "ConnectFour:lean"
    assert nm.solve(game, safe_moves=False).kernel == "ConnectFour:lean"
    assert nm.search(game, algorithm="pvs", depth=4).kernel == "ConnectFour:lean"
    assert nm.solve(game, threads=2).kernel == "ConnectFour"
    with _engine_node():
        assert nm.solve(game).kernel == "ConnectFour:lean"


@pytest.mark.parametrize("index", range(len(POSITIONS)))
@pytest.mark.parametrize("weak", [False, True])
def test_the_solver_node_finds_what_the_engine_node_finds(index, weak):
    game = POSITIONS[index]
    own = nm.solve(game, weak=weak)
    batch = nm.solve_many([game, game], weak=weak)
    with _engine_node():
        engine = nm.solve(game, weak=weak)
        engine_batch = nm.solve_many([game, game], weak=weak)
    assert own.kernel == "ConnectFour:solver" and engine.kernel == "ConnectFour:lean"
    assert _everything(own) == _everything(engine)
    assert [_everything(r) for r in batch] == [_everything(r) for r in engine_batch]


@pytest.mark.parametrize("node_limit", [1, 2, 3, 50, 1000, 5000])
def test_a_node_limit_stops_both_nodes_at_the_same_node(node_limit):
    game = MIDDLE[0]
    own = nm.solve(game, node_limit=node_limit)
    with _engine_node():
        engine = nm.solve(game, node_limit=node_limit)
    assert own.stats.nodes <= node_limit
    assert _everything(own) == _everything(engine)


def test_the_root_cases_score_as_the_rules_say():
    assert nm.solve(ConnectFour("112233")).value == nm.WIN - 1            # four at once
    assert nm.solve(ConnectFour("27374")).value == -(nm.WIN - 2)          # lost next move


def _minimax(game):
    """Plain minimax to the end of the game: WIN - plies for a win, from the side to move."""
    if game.is_terminal():
        return 0 if game.winner == 0 else -nm.WIN
    best = None
    for move in game.legal_moves():
        game.play(move)
        value = -_minimax(game)
        game.undo()
        if value > nm.EVAL_LIMIT:
            value -= 1                 # a win one ply further from this position
        elif value < -nm.EVAL_LIMIT:
            value += 1
        best = value if best is None or value > best else best
    return best


def test_solved_values_match_a_plain_minimax_on_small_boards():
    rng = random.Random(4)
    checked = 0
    while checked < 25:
        width, height = rng.choice([(4, 4), (5, 4), (4, 5), (5, 3)])
        game = ConnectFour(width=width, height=height)
        while width * height - game.stones > 10 and not game.is_terminal():
            game.play(rng.choice(game.legal_moves()))
        if game.is_terminal():
            continue
        result = nm.solve(game)
        assert result.kernel == "ConnectFour:solver"
        assert result.value == _minimax(game), game.moves
        checked += 1

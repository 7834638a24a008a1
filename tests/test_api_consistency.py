"""The entry points agree on what they take and how they say what is wrong (an API tester's
findings: analyze named an option the caller never gave, refused numpy bools that every other
entry point takes, and iterated a string as games), and results compare by what they found."""

from __future__ import annotations

import concurrent.futures as cf

import numpy as np
import pytest

import negamax as nm
from negamax.games import ConnectFour, TicTacToe


def analyze(games, **options):
    with cf.ThreadPoolExecutor(max_workers=1) as pool:
        return nm.analyze(games, executor=pool, progress=False, **options)


def message(call):
    with pytest.raises((TypeError, ValueError)) as raised:
        call()
    return type(raised.value), str(raised.value)


@pytest.mark.parametrize("options", [
    dict(algorithm="minimax", tt=True),
    dict(algorithm="negamax", threads=2),
    dict(algorithm="minimax", killers=True),
])
def test_analyze_refuses_options_as_search_does(options):
    expected = message(lambda: nm.search(TicTacToe(), 2, **options))
    assert message(lambda: analyze([TicTacToe()], depth=2, **options)) == expected
    assert "tt_mb" not in expected[1]


def test_analyze_takes_numpy_bools_as_the_other_entry_points_do():
    [result] = analyze([ConnectFour("4444443333332222")], solve=np.True_,
                       raise_errors=np.False_)
    assert result == nm.solve(ConnectFour("4444443333332222"))
    with pytest.raises(TypeError, match="solve must be True or False"):
        analyze([TicTacToe()], solve=1)


@pytest.mark.parametrize("games", ["x...o....", TicTacToe()])
def test_analyze_wants_an_iterable_of_games_as_search_many_does(games):
    kind, text = message(lambda: analyze(games, depth=1))
    assert kind is TypeError and text.startswith("analyze takes an iterable of games")
    assert message(lambda: nm.search_many(games, depth=1))[0] is TypeError


def test_search_many_takes_on_iteration_none_as_search_does():
    games = [TicTacToe(), ConnectFour("44")]
    assert nm.search_many(games, 3, on_iteration=None) == [nm.search(game, 3) for game in games]
    with pytest.raises(TypeError, match="takes no on_iteration"):
        nm.search_many(games, 3, on_iteration=print)


def test_results_are_equal_when_they_found_the_same_whatever_the_time():
    game = ConnectFour("4444443333332222")
    first, second = nm.search(game, 6), nm.search(game, 6)
    assert first == second and hash(first) == hash(second)
    assert nm.search_many([game], 6)[0] == first
    assert nm.solve(game) == nm.solve_many([game])[0]
    assert nm.search(game, 5) != first          # a different depth found something else


def test_search_many_says_it_takes_no_root_moves():
    # "(it takes those of search())" read as if root_moves, an option of search(), were one
    with pytest.raises(TypeError, match=r"takes no option 'root_moves' \(it takes those of "
                                        r"search\(\) but on_iteration and root_moves\)"):
        nm.search_many([ConnectFour("4444")], 4, root_moves=[3])


@pytest.mark.parametrize("option", ["on_iteration", "root_moves", "depth"])
def test_solve_many_takes_the_options_of_solve_and_no_other(option):
    # solve() takes no on_iteration: solve_many took on_iteration=None silently, and its
    # message said "those of solve() but on_iteration and root_moves", neither of solve().
    with pytest.raises(TypeError, match=rf"solve_many\(\) takes no option '{option}' \(it takes "
                                        r"those of solve\(\)\)"):
        nm.solve_many([ConnectFour("4444")], **{option: None})
    with pytest.raises(TypeError):
        nm.solve(ConnectFour("4444"), **{option: None})

"""The report's tables, built from the measured figures (the same dict report.json holds)."""

from __future__ import annotations

from typing import Any, Dict, List

from negamax.bench.tables import Table, count, number, rate, ratio, seconds

__all__ = ["CHECK", "CROSS", "leaf_count_tables", "game_tables", "speed_table", "peer_table",
           "checkers_tables", "environment_lines", "all_tables"]

CHECK = "\u2713"
CROSS = "\u2717"


def _mark(ok: bool, good: str = "exact", bad: str = "MISMATCH") -> str:
    return f"{CHECK} {good}" if ok else f"{CROSS} {bad}"


def leaf_count_tables(section: Dict[str, Any]) -> List[Table]:
    """One table per branching factor: measured leaves beside b**d and the best-case formula."""
    tables = []
    branchings: Dict[int, List[Dict[str, Any]]] = {}
    for row in section["rows"]:
        branchings.setdefault(row["branching"], []).append(row)
    for branching, rows in branchings.items():
        table = Table(f"Leaf counts, uniform trees, b = {branching}",
                      ["d", "b^d", "minimax", "best formula", "ab best", "ab worst", "ab random",
                       "random exp.", "<check"])
        for row in rows:
            exact = row["best_exact"] and row["worst_exact"] and row["minimax_exact"]
            table.rows.append([str(row["depth"]), count(row["formula_minimax"]), count(row["minimax"]),
                               count(row["formula_best"]), count(row["alphabeta_best"]),
                               count(row["alphabeta_worst"]), count(row["alphabeta_random"]),
                               number(row["random_exponent"], 3), _mark(exact)])
        tables.append(table)
    if tables:
        tables[-1].notes.extend([
            "best formula: b^ceil(d/2) + b^floor(d/2) - 1 (Knuth and Moore); ab = alpha-beta in the "
            "tree's child order; 'exact': minimax and worst ordering evaluated b^d leaves and best "
            "ordering the formula, to the leaf.",
            "random exp.: log_b(leaves) / d for a random permutation of the leaves (seed "
            f"{section['seed']}); Knuth-Moore and Pearl put it near 3/4 for deep trees.",
        ])
    return tables


def _short(variant: str) -> str:
    return (variant.replace("alphabeta_ordered", "ab+ord").replace("alphabeta+", "ab+ord+")
            .replace("alphabeta", "ab"))


def game_tables(section: Dict[str, Any], markdown: bool = False) -> List[Table]:
    """Per game: leaves per depth and variant, effective branching factors beside sqrt(b), and
    (markdown) nodes and every counter at the deepest depth."""
    tables = []
    for game in section["games"]:
        variants = [variant["name"] for variant in game["variants"]]
        legend = "; ".join(f"{_short(v['name'])} = {v['label']}" for v in game["variants"])
        kinds = ["leaves", "nodes"] if markdown else ["leaves"]
        for kind in kinds:
            table = Table(f"{game['name']}: {kind} per depth ({game['start']})",
                          ["depth", "b"] + [_short(name) for name in variants])
            for row in game["rows"]:
                table.rows.append([str(row["depth"]), number(row["branching"])] +
                                  [_stat(row["results"][name], kind) for name in variants])
            table.notes.append(legend if kind == "leaves" else "nodes: positions entered, root included")
            table.notes.append("b: the game's average branching factor at that depth, "
                               "minimax leaves^(1/depth)")
            if kind == "leaves":
                table.notes.append("Every variant without a selective enhancement (quiescence, "
                                   "check extension, null move, late move reductions) finds "
                                   "minimax's value, and the report checks it; the selective ones "
                                   "change depth-limited values by design. Leaves are not "
                                   "perft's count: a mate or stalemate before the last ply is "
                                   "a leaf too (more), and a repetition or the fifty-move rule "
                                   "ends a line as a draw (fewer).")
            tables.append(table)
        table = Table(f"{game['name']}: effective branching factor, leaves^(1/depth), beside sqrt(b)",
                      ["depth", "b", "sqrt(b)"] + [_short(name) for name in variants if name != "minimax"])
        for row in game["rows"]:
            table.rows.append([str(row["depth"]), number(row["branching"]), number(row["sqrt_branching"])] +
                              [number(row["ebf"].get(name)) for name in variants if name != "minimax"])
        tables.append(table)
        if markdown and game["rows"]:
            tables.append(_counters_table(game))
        for text in game["notes"]:
            tables[-1].notes.append(text)
    return tables


def _stat(result: Dict[str, Any], kind: str) -> str:
    if "error" in result:
        return "n/a"
    return count(result["stats"][kind])


def _counters_table(game: Dict[str, Any]) -> Table:
    row = game["rows"][-1]
    names = []
    for result in row["results"].values():
        for key in result.get("stats", {}):
            if key not in names:
                names.append(key)
    table = Table(f"{game['name']}: every counter at depth {row['depth']}",
                  ["<variant", "value", "seconds"] + names)
    for variant in game["variants"]:
        result = row["results"][variant["name"]]
        if "error" in result:
            table.rows.append([variant["label"], "n/a", "-"] + ["-"] * len(names))
            continue
        table.rows.append([variant["label"], str(result["value"]), seconds(result["seconds"])] +
                          [count(result["stats"].get(name)) for name in names])
    return table


def speed_table(section: Dict[str, Any]) -> Table:
    """negamax's rate beside plain Python and C, with the ratios."""
    table = Table("Speed: negamax beside plain Python and C (same run)",
                  ["<benchmark", "<unit", "negamax", "plain Python", "C", "speed vs Python",
                   "speed vs C"])
    for benchmark in section["benchmarks"]:
        sides = {side["name"]: side for side in benchmark["sides"]}
        natives = sides["negamax"]
        c_side = sides.get("c")
        for python_name in ("python", "python_functional"):
            if python_name not in sides:
                continue
            name = f"{benchmark['name']}, {count(natives['count'])} {benchmark['unit'].split('/')[0]}"
            if benchmark["key"] == "tictactoe":
                name += f"; {sides[python_name]['label']}"
            table.rows.append([name, benchmark["unit"], rate(natives["rate"]), rate(sides[python_name]["rate"]),
                               rate(c_side["rate"]) if c_side else "-",
                               ratio(benchmark["ratios"].get(python_name)),
                               ratio(benchmark["ratios"].get("c"))])
    table.notes.append(f"best of {section['repeat']} runs (plain Python: best of {section['python_repeat']}); "
                       "the Python references are the seeds' recursive searches.")
    table.notes.append("speed vs X: negamax's rate over X's, so above 1 means negamax is faster (the "
                       "README's Speed table gives times over C's: above 1 there means slower).")
    for benchmark in section["benchmarks"]:
        c_side = next((side for side in benchmark["sides"] if side["name"] == "c"), None)
        if c_side is not None:
            table.notes.append(f"C for {benchmark['name']}: {c_side['label']}.")
    table.notes.extend(section["notes"])
    return table


def peer_table(section: Dict[str, Any]) -> Table:
    """Each peer beside negamax on the same positions."""
    table = Table("Peers: other libraries on the same positions, same depth",
                  ["<game", "<position", "depth", "<peer", "peer time", "peer nodes", "negamax same",
                   "nodes", "speedup", "negamax default", "speedup", "<value"])
    for row in section["rows"]:
        same, default = row["negamax_same"], row["negamax_default"]
        table.rows.append([row["game"], row["position"], str(row["depth"]), row["peer_label"],
                           seconds(row["peer_seconds"]), count(row["peer_nodes"]), seconds(same["seconds"]),
                           count(same["nodes"]), ratio(row["speedup_same"]), seconds(default["seconds"]),
                           ratio(row["speedup_default"]),
                           _mark(row["values_agree"], "same", "DIFFERENT")])
    table.notes.extend([
        "negamax same: alpha-beta in the game's move order, with its transposition table against "
        "easyAI's (+ TT); negamax default: nm.search(game, depth); speedup = peer time / negamax time.",
        "easyAI and aima3 search negamax's own compiled game objects, so their time is their search "
        "alone; OpenSpiel searches its own C++ twin of the game, with negamax's evaluation at the "
        "horizon; \"easyAI's own game\" is easyAI as its documentation runs it, on its Python "
        "TicTacToe and ConnectFour (scoring -100 for a lost game, else 0): there the forced win or "
        "loss within the depth, and its distance, must match negamax's.",
        "OpenSpiel's wins carry no distance to the end, so it cuts on ties that negamax's scores "
        "tell apart: its node counts differ, its values may not.",
    ])
    for reason in section["missing"].values():
        table.notes.append(f"missing: {reason}")
    table.notes.extend(note for note in section["notes"] if note not in section["missing"].values())
    return table


def checkers_tables(section: Dict[str, Any]) -> List[Table]:
    """Checkers: perft beside pydraughts, search speed, effective branching factors."""
    perft = Table("Checkers perft from the start position (same run)",
                  ["<implementation", "depth", "positions", "seconds", "positions/s"])
    for row in section["perft"]:
        perft.rows.append([row["name"], str(row["depth"]), count(row["count"]), seconds(row["seconds"]),
                           rate(row["rate"])])
    perft.notes.append("Both count the last ply's moves without making them (the same work); negamax "
                       "natively without the GIL, pydraughts in Python, pushing and popping the moves "
                       "above the last ply.")
    if section["perft_ratio"] is not None:
        perft.notes.append(f"negamax / pydraughts: {ratio(section['perft_ratio'])} positions per second")
    perft.notes.extend(section["notes"])
    search = Table("Checkers search speed from the start position",
                   ["<search", "depth", "nodes", "seconds", "nodes/s", "<best move"])
    for row in section["search"]:
        search.rows.append([row["name"], str(row["depth"]), count(row["nodes"]), seconds(row["seconds"]),
                            rate(row["rate"]), str(row["best_move"])])
    labels = dict(section["variants"])
    branching = Table("Checkers: effective branching factor, leaves^(1/depth)",
                      ["depth"] + [f"{name} leaves" for name in labels] + [f"{name} ebf" for name in labels])
    for row in section["branching"]:
        branching.rows.append([str(row["depth"])] + [count(row[name]["leaves"]) for name in labels]
                              + [number(row[name]["ebf"]) for name in labels])
    branching.notes.append("; ".join(f"{name} = {label}" for name, label in labels.items()))
    return [perft, search, branching]


def environment_lines(report: Dict[str, Any]) -> List[str]:
    """Where and how the report was measured, as short lines."""
    env = report["environment"]
    settings = report["settings"]
    return [
        f"negamax {env['negamax']}, Python {env['python']}, numpy {env['numpy']}; "
        f"{env['os']}, {env['machine']}, {env['cpu_count']} CPUs ({env['cpu'] or 'unknown CPU'})",
        f"{settings['mode']} mode, measured {env['timestamp']} in {report['seconds']:.1f} s"
        + (f" by `{report['command']}`" if report.get("command") else ""),
    ]


def all_tables(report: Dict[str, Any], markdown: bool = False) -> List[Table]:
    """Every table of the report, in order."""
    tables = leaf_count_tables(report["leaf_counts"])
    tables += game_tables(report["real_games"], markdown)
    tables.append(speed_table(report["speed"]))
    if "plain_c" in report:
        from negamax.bench import plain_c
        tables += plain_c.tables(report["plain_c"])
    if "threads" in report:
        from negamax.bench import threads
        tables += threads.tables(report["threads"])
    if "chess" in report:
        from negamax.bench import chess
        tables += chess.tables(report["chess"])
    if report["peers"]["requested"]:
        tables.append(peer_table(report["peers"]))
    if report.get("checkers", {}).get("requested"):
        tables += checkers_tables(report["checkers"])
    return tables

"""Write ext/games/chess/magics.pxi: the magic numbers of the chess slider attack tables.

The compiled module finds them by a seeded random search (negamax.games._chess._search_magics);
storing them keeps that search, about a second, out of every import. Run after a change to
the search or to the seed:  python tools/chess_magics.py
"""

from pathlib import Path

from negamax.games._chess import _search_magics

TARGET = Path(__file__).resolve().parent.parent / "ext" / "games" / "chess" / "magics.pxi"


def table(name, numbers):
    lines = [f"{name}[:] = ["]
    for start in range(0, 64, 4):
        lines.append("    " + ", ".join(f"0x{n:016X}" for n in numbers[start:start + 4]) + ",")
    lines.append("]")
    return "\n".join(lines)


def main():
    rook, bishop = _search_magics()
    text = "\n".join([
        "# Magic numbers of the slider attack tables, written by tools/chess_magics.py from the seeded",
        "# search in bitboards.pxi; bitboards.pxi checks each one while filling the tables at import.",
        "cdef uint64_t KNOWN_ROOK_MAGICS[64]",
        "cdef uint64_t KNOWN_BISHOP_MAGICS[64]",
        table("KNOWN_ROOK_MAGICS", rook),
        table("KNOWN_BISHOP_MAGICS", bishop),
        "",
    ])
    TARGET.write_text(text)
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()

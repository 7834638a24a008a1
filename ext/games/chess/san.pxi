# Standard algebraic notation (SAN), both ways, as python-chess writes and reads it.

_SAN_MOVE = re.compile(r"^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([nbrqNBRQ]))?$")
_SAN_LETTERS = "..NBRQK"          # index = kind


cdef str move_san(Chess game, Move move):
    """The SAN of a legal encoded move in game's position."""
    cdef int from_square = move & 63, to_square = (move >> 6) & 63, flag = (move >> 12) & 7
    cdef int kind = abs(game.pos.squares[from_square])
    cdef bint capture = game.pos.squares[to_square] != 0 or flag == FLAG_EN_PASSANT
    cdef int count, i, other_from
    cdef Move other
    cdef bint rivals = False, same_file = False, same_rank = False
    if flag == FLAG_CASTLE:
        text = "O-O" if (to_square & 7) == 6 else "O-O-O"
    elif kind == PAWN:
        text = (FILES[from_square & 7] + "x" if capture else "") + square_name(to_square)
        if flag >= FLAG_PROMOTE_KNIGHT:
            text += "=" + _SAN_LETTERS[flag - 2]
    else:
        # Name the from-file, else the from-rank, else both, when another piece of the same
        # kind can reach the square too.
        count = game.legal_move_list()
        for i in range(count):
            other = game.cached_moves[i]
            other_from = other & 63
            if (((other >> 6) & 63) == to_square and other_from != from_square
                    and abs(game.pos.squares[other_from]) == kind):
                rivals = True
                same_file |= (other_from & 7) == (from_square & 7)
                same_rank |= (other_from >> 3) == (from_square >> 3)
        text = _SAN_LETTERS[kind]
        if rivals:
            if not same_file:
                text += FILES[from_square & 7]
            elif not same_rank:
                text += str((from_square >> 3) + 1)
            else:
                text += square_name(from_square)
        text += ("x" if capture else "") + square_name(to_square)
    game.reserve(1)
    make_chess_move(&game.pos, move)
    if checkers_of(&game.pos):
        text += "#" if generate_legal_moves(&game.pos, game.cached_moves, False) == 0 else "+"
    game.cached_serial = 0
    unmake_chess_move(&game.pos, move)
    return text


cdef Move san_to_move(Chess game, text) except? -1:
    """The legal encoded move a SAN string names; ValueError when none or several do."""
    if not isinstance(text, str):
        raise TypeError(f"a SAN move is a string such as 'Nf3', not {type(text).__name__}")
    cleaned = text.strip().rstrip("+#!?")
    cdef int count = game.legal_move_list(), i, flag, from_square, to_square, kind
    cdef Move move
    cdef list matches = []
    cdef list unnamed_captures = []      # pawn captures written without their file ("e6")
    if cleaned in ("O-O", "0-0", "O-O-O", "0-0-0"):
        long_side = len(cleaned) == 5
        for i in range(count):
            move = game.cached_moves[i]
            if (move >> 12) & 7 == FLAG_CASTLE and (((move >> 6) & 7) == 2) == long_side:
                return move
        raise ValueError(f"castling {quote(text)} is not legal in {quote(game.fen())}")
    found = _SAN_MOVE.match(cleaned) if len(cleaned) <= 10 else None
    if found is None:
        try:
            return game.find_move(cleaned)
        except ValueError:
            pass
        raise ValueError(f"{quote(text)} is not a SAN move such as 'e4', 'Nf3', 'exd5', 'O-O' or 'e8=Q'")
    letter, file_hint, rank_hint, target, promotion = found.groups()
    wanted_kind = _SAN_LETTERS.index(letter) if letter else PAWN
    wanted_to = parse_square(target)
    wanted_flag = _PROMOTION_FLAGS[promotion.lower()] if promotion else 0
    for i in range(count):
        move = game.cached_moves[i]
        from_square = move & 63
        to_square = (move >> 6) & 63
        flag = (move >> 12) & 7
        kind = abs(game.pos.squares[from_square])
        if kind != wanted_kind or to_square != wanted_to or flag == FLAG_CASTLE:
            continue
        if file_hint and FILES[from_square & 7] != file_hint:
            continue
        if (kind == PAWN and not file_hint
                and (game.pos.squares[to_square] != 0 or flag == FLAG_EN_PASSANT)):
            # SAN names the file a pawn captures from ("dxe6"); "e6" is a push only.
            unnamed_captures.append(move)
            continue
        if rank_hint and str((from_square >> 3) + 1) != rank_hint:
            continue
        if (flag >= FLAG_PROMOTE_KNIGHT) != (wanted_flag != 0):
            if wanted_flag == 0:
                raise ValueError(f"move {quote(text)} needs a promotion piece, e.g. "
                                 f"{quote(cleaned + '=Q')}")
            continue
        if wanted_flag and flag != wanted_flag:
            continue
        matches.append(move)
    if not matches:
        # "g1f3" reads as SAN for a pawn from g1: the legal move it names in UCI, as
        # python-chess's parse_san takes it too, is played instead.
        try:
            return game.find_move(cleaned)
        except ValueError:
            pass
        if unnamed_captures:
            named = ", ".join(quote(move_san(game, move)) for move in unnamed_captures)
            raise ValueError(f"move {quote(text)} is not legal in {quote(game.fen())}: a pawn's "
                             f"capture names the file it comes from ({named})")
        raise ValueError(f"move {quote(text)} is not legal in {quote(game.fen())}")
    if len(matches) > 1:
        raise ValueError(f"move {quote(text)} is ambiguous in {quote(game.fen())}: it could be "
                         f"{', '.join(move_to_uci(m) for m in matches)}")
    return matches[0]

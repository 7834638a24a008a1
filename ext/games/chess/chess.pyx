# cython: freethreading_compatible = True
# Chess as a native game: bitboards in a numpy uint64 array, a mailbox in a numpy int8 array,
# legal move generation with magic bitboards, incremental Zobrist keys and a tapered
# evaluation. The search sees moves as int32 codes (see position.pxi); the Python API speaks
# UCI ("e2e4", "e7e8q", "e1g1") and SAN ("Nf3").

import numpy as np

cimport cython

from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy

from cpython.exc cimport PyErr_CheckSignals

from negamax.game cimport EVAL_LIMIT, WIN, Move, NativeGame, Score

include "bitboards.pxi"
include "zobrist.pxi"
include "evaluation.pxi"
include "position.pxi"
include "movegen.pxi"
include "exchange.pxi"
include "positional.pxi"
include "make_move.pxi"
include "rules.pxi"
include "notation.pxi"
include "validation.pxi"

from negamax.errors import second_init_error
from negamax.games.chess_outcome import Outcome, Termination

cdef enum:
    SEARCH_PLIES = 1024        # max_ply: the deepest line a search may follow from a position
                               # (the fifty-move rule lets a game run longer)
    STACK_HEADROOM = SEARCH_PLIES + 64
    MAX_PERFT_DEPTH = 32
    NOGIL_PERFT_PLIES = 4     # perft's pieces run without the GIL: 10**5 to 10**7 nodes
    GENERATED_MOVES = 512      # room for any position with at most 16 pieces a side

_TERMINATIONS = {
    STATUS_CHECKMATE: "CHECKMATE",
    STATUS_STALEMATE: "STALEMATE",
    STATUS_INSUFFICIENT_MATERIAL: "INSUFFICIENT_MATERIAL",
    STATUS_FIFTY_MOVES: "FIFTY_MOVES",
    STATUS_THREEFOLD_REPETITION: "THREEFOLD_REPETITION",
    STATUS_REPETITION_IN_SEARCH: "THREEFOLD_REPETITION",
}

# Passed to __new__ by copy(), which sets the new game up itself (see __cinit__).
cdef object _BARE = object()
cdef tuple _START = parse_fen(START_FEN)
cdef object _START_GAME = None      # the start position, made once below the class


@cython.final
cdef class Chess(NativeGame):
    """Chess with the full rules. ``Chess()`` is the starting position; ``Chess(fen)`` reads
    any legal position from a FEN (6 fields, or 4 with the clocks left out).

    Moves in the Python API are UCI strings (``"e2e4"``, ``"e7e8q"``, castling as the king's
    move ``"e1g1"``); ``play_san("Nf3")`` and ``san(move)`` speak SAN. ``board`` is an 8x8 int8
    array, row 0 = rank 8 as printed, +1..+6 for White's pawn, knight, bishop, rook, queen and
    king and -1..-6 for Black's; ``to_move`` is 1 for White and -1 for Black."""

    # Searches to a fixed depth deepen iteratively by default: the table's best moves from
    # depth d - 1 order depth d, which needs some 3x fewer nodes on WAC positions.
    iterative_deepening = True
    #: A repeated position inside a search is a draw, which depends on the path: the search
    #: keeps such results out of the table (has_path_draws; README, "Draws inside a search").
    draws_by_repetition = True

    cdef Position pos
    cdef object _pieces             # numpy uint64 array of 16 bitboards (see position.pxi)
    cdef object _squares            # numpy int8 array of 64 piece codes, a1 first
    cdef readonly str start_fen     # the FEN the game was loaded from (history replays on it)
    """The FEN the game was loaded from (its history replays on it)."""
    cdef Move* cached_moves         # the legal moves of the node numbered cached_serial
    cdef int cached_count
    cdef uint64_t cached_serial
    cdef int cached_status          # the status of the node numbered status_serial
    cdef uint64_t status_serial
    cdef uint64_t cached_checkers   # the pieces giving check at the node numbered checkers_serial
    cdef uint64_t checkers_serial
    cdef Score cached_evaluation    # static_evaluation() of the node numbered evaluation_serial
    cdef uint64_t evaluation_serial
    cdef int played                 # moves made through play(): the first ones on the stack; a
                                    # search's root is the position after the last of them
    cdef bint constructed           # __init__ has run, or copy() set the game up: no second one

    def __cinit__(self, *args, **kwargs):
        self.pos.undo = NULL
        self.pos.keys = NULL
        self.pos.node_serials = NULL
        self.pos.capacity = 0
        self.cached_moves = <Move*> malloc(GENERATED_MOVES * sizeof(Move))
        if self.cached_moves == NULL:
            raise MemoryError()
        self.cached_serial = 0
        self.status_serial = 0
        self.checkers_serial = 0
        self.evaluation_serial = 0
        # A game made by __new__ alone is the start position (its methods never meet NULL
        # stacks), copied from a kept one (loading it costs more); copy() passes _BARE and
        # sets the game up itself.
        if args and args[0] is _BARE:
            return
        if _START_GAME is None:
            self.load_start()
        else:
            (<Chess> _START_GAME).copy_into(self)

    def __dealloc__(self):
        free(self.pos.undo)
        free(self.pos.keys)
        free(self.pos.node_serials)
        free(self.cached_moves)

    def __init__(self, fen=None):
        if self.constructed:
            raise second_init_error(self)
        self.constructed = True
        if fen is None:
            fen = START_FEN
        squares, side, castling, en_passant, halfmove, fullmove = parse_fen(fen)
        self.load(squares, side, castling, en_passant, halfmove, fullmove)

    cdef void load_start(self) except *:
        self.load(_START[0], _START[1], _START[2], _START[3], _START[4], _START[5])

    cdef void load(self, list squares, int side, int castling, int en_passant, int halfmove,
                   int fullmove) except *:
        """Set up the position (refusing impossible ones) with empty stacks."""
        self.setup_arrays(np.zeros(16, dtype=np.uint64), np.array(squares, dtype=np.int8))
        self.pos.side = side
        self.pos.castling = castling
        self.pos.en_passant_square = NO_SQUARE
        self.pos.halfmove_clock = halfmove
        self.pos.fullmove_number = fullmove
        self.pos.ply = 0
        rebuild_from_squares(&self.pos)
        problem = position_problem(&self.pos, en_passant)
        if problem is not None:
            self.load_start()     # never left holding the position refused (no king, say)
            raise ValueError(f"impossible position: {problem}")
        if en_passant != NO_SQUARE:
            self.pos.en_passant_square = en_passant
            if any_en_passant_capture(&self.pos):
                self.pos.key ^= ZOBRIST_EN_PASSANT[en_passant & 7]
            else:
                self.pos.en_passant_square = NO_SQUARE
        self.reserve(STACK_HEADROOM)
        self.pos.keys[0] = self.pos.key
        self.pos.serial = 1
        self.pos.node_serials[0] = 1
        self.cached_serial = self.status_serial = self.checkers_serial = self.evaluation_serial = 0
        self.max_moves = MAX_LEGAL_MOVES
        self.max_ply = SEARCH_PLIES
        self.max_ply_ends_game = False    # a game can last longer: a line ends there
        self.has_keys = True
        self.has_order_hints = True
        self.has_noisy_moves = True
        self.has_check = True
        self.has_null_move = True
        self.has_path_draws = True      # a repetition inside a search is a draw
        self._history = []
        self.played = 0
        self.start_fen = self.fen()

    cdef void setup_arrays(self, pieces, squares):
        cdef uint64_t[::1] piece_view = pieces
        cdef int8_t[::1] square_view = squares
        self._pieces = pieces
        self._squares = squares
        self.pos.pieces = &piece_view[0]
        self.pos.squares = &square_view[0]
        # Written through self.pos only: the views board and bitboards hand out stay read-only.
        pieces.flags.writeable = False
        squares.flags.writeable = False

    cdef int reserve(self, int plies) except -1:
        """Make room on the stacks for `plies` more moves."""
        cdef int needed = self.pos.ply + plies + 1
        if needed <= self.pos.capacity:
            return 0
        needed = max(needed, 2 * self.pos.capacity)
        undo = <UndoRecord*> realloc(self.pos.undo, needed * sizeof(UndoRecord))
        if undo == NULL:
            raise MemoryError("not enough memory for the chess move stack")
        self.pos.undo = undo
        keys = <uint64_t*> realloc(self.pos.keys, needed * sizeof(uint64_t))
        if keys == NULL:
            raise MemoryError("not enough memory for the chess move stack")
        self.pos.keys = keys
        serials = <uint64_t*> realloc(self.pos.node_serials, needed * sizeof(uint64_t))
        if serials == NULL:
            raise MemoryError("not enough memory for the chess move stack")
        self.pos.node_serials = serials
        self.pos.capacity = needed
        return 0

    # --- cached move lists and status --------------------------------------------------------

    cdef inline int legal_move_list(self) noexcept nogil:
        """The legal moves of the current node in cached_moves; returns their count."""
        cdef uint64_t serial = self.pos.node_serials[self.pos.ply]
        if self.cached_serial != serial:
            self.cached_count = generate_legal_moves(&self.pos, self.cached_moves, False)
            self.cached_serial = serial
        return self.cached_count

    cdef inline uint64_t checkers(self) noexcept nogil:
        """The enemy pieces giving check at the current node (asked for several times a node)."""
        cdef uint64_t serial = self.pos.node_serials[self.pos.ply]
        if self.checkers_serial != serial:
            self.cached_checkers = checkers_of(&self.pos)
            self.checkers_serial = serial
        return self.cached_checkers

    cdef int status(self) noexcept nogil:
        """STATUS_ONGOING, or how the game has ended at this node (see rules.pxi)."""
        cdef uint64_t serial = self.pos.node_serials[self.pos.ply]
        cdef int result
        cdef bint can_move
        if self.status_serial == serial:
            return self.cached_status
        # Most nodes of a search are never expanded (quiescence, cutoffs): a test that stops
        # at the first legal move is enough here, unless the list is already made.
        if self.cached_serial == serial:
            can_move = self.cached_count > 0
        else:
            can_move = has_legal_move(&self.pos, self.checkers())
        if not can_move:
            if self.checkers():
                result = STATUS_CHECKMATE
            elif insufficient_material(&self.pos):
                result = STATUS_INSUFFICIENT_MATERIAL
            else:
                result = STATUS_STALEMATE
        else:
            result = draw_status(&self.pos, self.played)
        self.cached_status = result
        self.status_serial = serial
        return result

    # --- the search interface ---------------------------------------------------------------

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        cdef int count = self.legal_move_list()
        memcpy(moves, self.cached_moves, min(count, MAX_LEGAL_MOVES) * sizeof(Move))
        return count

    cdef void make_move(self, Move move) noexcept nogil:
        make_chess_move(&self.pos, move)

    cdef void unmake_move(self, Move move) noexcept nogil:
        unmake_chess_move(&self.pos, move)

    cdef bint at_terminal(self) noexcept nogil:
        return self.status() != STATUS_ONGOING

    cdef int repetition_distance(self) noexcept nogil:
        """At a draw by repetition inside a search, how many plies back the position occurred
        (see search_repetition_distance): the draw holds only on a path through that ply. 0
        at every other position."""
        if self.status() != STATUS_REPETITION_IN_SEARCH:
            return 0
        return search_repetition_distance(&self.pos, self.played)

    cdef Score static_evaluation(self) noexcept nogil:
        cdef uint64_t serial = self.pos.node_serials[self.pos.ply]
        cdef int status
        cdef Score score
        if self.evaluation_serial == serial:
            return self.cached_evaluation
        status = self.status()
        if status == STATUS_CHECKMATE:
            score = -WIN
        elif status != STATUS_ONGOING:
            score = 0
        else:
            score = evaluate_for_side(&self.pos)
            if score > EVAL_LIMIT:
                score = EVAL_LIMIT
            elif score < -EVAL_LIMIT:
                score = -EVAL_LIMIT
        self.cached_evaluation = score
        self.evaluation_serial = serial
        return score

    cdef uint64_t position_key(self) noexcept nogil:
        """The position, and its halfmove clock from CLOCK_KEYED_FROM on (see zobrist.pxi:
        the fifty-move rule)."""
        cdef int clock = self.pos.halfmove_clock
        if clock < CLOCK_KEYED_FROM:
            return self.pos.key
        return self.pos.key ^ ZOBRIST_CLOCK[clock if clock < 100 else 100]

    cdef int32_t move_order_hint(self, Move move) noexcept nogil:
        """MVV-LVA: captures by value of the victim, then cheapest attacker first; promotions
        high (a queen promotion above every capture but a pawn taking a queen); quiet moves 0.
        A capture that loses material by static exchange comes after every other capture and
        the queen promotions, before the under-promotions that capture nothing and the quiet
        moves."""
        cdef int from_square = move & 63, to_square = (move >> 6) & 63, flag = (move >> 12) & 7
        cdef int victim = self.pos.squares[to_square]
        cdef int attacker = self.pos.squares[from_square]
        cdef int32_t hint = 0
        if victim < 0:
            victim = -victim
        if attacker < 0:
            attacker = -attacker
        if flag == FLAG_EN_PASSANT:
            victim = PAWN
        if victim:
            if flag < FLAG_PROMOTE_KNIGHT and loses_material(&self.pos, move):
                return 50 + 5 * victim - attacker
            hint = 1000 + 100 * victim - 10 * attacker
        if flag == FLAG_PROMOTE_QUEEN:
            hint += 1485
        elif flag >= FLAG_PROMOTE_KNIGHT:
            hint += 10 * (flag - FLAG_PROMOTE_KNIGHT + 1)
        return hint

    cdef int generate_noisy_moves(self, Move* moves) noexcept nogil:
        """The captures that do not lose material by static exchange, and the promotions to
        a queen or a knight (see quiescence_moves())."""
        cdef Move buffer[GENERATED_MOVES]
        cdef int count = generate_legal_moves(&self.pos, buffer, True), i, kept = 0, flag
        cdef Move move
        for i in range(count):
            move = buffer[i]
            flag = (move >> 12) & 7
            if flag == FLAG_PROMOTE_ROOK or flag == FLAG_PROMOTE_BISHOP:
                continue
            if flag < FLAG_PROMOTE_KNIGHT and loses_material(&self.pos, move):
                continue
            buffer[kept] = move
            kept += 1
        memcpy(moves, buffer, min(kept, MAX_LEGAL_MOVES) * sizeof(Move))
        return kept

    cdef bint move_is_noisy(self, Move move) noexcept nogil:
        cdef int flag = (move >> 12) & 7
        return (self.pos.squares[(move >> 6) & 63] != 0 or flag == FLAG_EN_PASSANT
                or flag >= FLAG_PROMOTE_KNIGHT)

    cdef bint in_check(self) noexcept nogil:
        return self.checkers() != 0

    cdef bint null_move_allowed(self) noexcept nogil:
        cdef const uint64_t* own = self.pos.pieces + self.pos.side * 8
        if own[0] == (own[PAWN] | own[KING]):
            return False
        return self.checkers() == 0

    cdef void make_null_move(self) noexcept nogil:
        make_null(&self.pos)

    cdef void unmake_null_move(self) noexcept nogil:
        unmake_null(&self.pos)

    # --- Python-facing: moves ----------------------------------------------------------------

    cdef Move find_move(self, text) except? -1:
        """The encoded legal move a UCI string names; ValueError when it is not legal here."""
        from_square, to_square, promotion = parse_uci(text)
        cdef int count = self.legal_move_list(), i, flag
        cdef Move move
        for i in range(count):
            move = self.cached_moves[i]
            if (move & 63) != from_square or ((move >> 6) & 63) != to_square:
                continue
            flag = (move >> 12) & 7
            if flag >= FLAG_PROMOTE_KNIGHT:
                if promotion == 0:
                    raise ValueError(f"move {quote(text)} needs a promotion piece (q, r, b or n), "
                                     f"e.g. {quote(text.strip().lower() + 'q')}")
                if flag != promotion:
                    continue
            elif promotion != 0:
                raise ValueError(f"move {quote(text)} is not a promotion")
            return move
        raise ValueError(f"move {quote(text)} is not legal in {quote(self.fen())}")

    cdef void push(self, Move move) except *:
        self.reserve(STACK_HEADROOM)
        make_chess_move(&self.pos, move)
        # Refused only if a clock would pass the limit (the 32-bit clocks hold one more): a
        # capture or pawn move resets the halfmove clock, and only Black's moves count a
        # full move.
        cdef int64_t halfmove = self.pos.halfmove_clock, fullmove = self.pos.fullmove_number
        if halfmove > MAX_CLOCK or fullmove > MAX_CLOCK:
            unmake_chess_move(&self.pos, move)
            raise ValueError(f"no move past the clocks' limit: it would take the halfmove clock "
                             f"to {halfmove:,} and the fullmove number to {fullmove:,}, and "
                             f"each stays at most {MAX_CLOCK:,}")
        self._history.append(move)
        self.played += 1
        self.status_serial = 0
        self.evaluation_serial = 0

    def legal_moves(self):
        """The legal moves as UCI strings (empty after checkmate or stalemate; the draws by rule
        do not stop play, see outcome())."""
        cdef int count = self.legal_move_list(), i
        return [move_to_uci(self.cached_moves[i]) for i in range(count)]

    def noisy_moves(self):
        """The legal captures (en passant included) and promotions, in UCI (quiescence search
        follows a subset of them: see quiescence_moves())."""
        cdef Move buffer[GENERATED_MOVES]
        cdef int count = generate_legal_moves(&self.pos, buffer, True), i
        return [move_to_uci(buffer[i]) for i in range(count)]

    def quiescence_moves(self):
        """The noisy moves quiescence search follows, in UCI: the captures that do not lose
        material by static exchange, and the promotions to a queen or a knight."""
        cdef Move buffer[MAX_LEGAL_MOVES]
        cdef int count = self.generate_noisy_moves(buffer), i
        return [move_to_uci(buffer[i]) for i in range(min(count, MAX_LEGAL_MOVES))]

    def exchange_value(self, move):
        """Static exchange evaluation of a legal move (UCI): the centipawns the side to move
        wins (negative: loses) by it and the recaptures on its square, cheapest piece first
        (values 100, 320, 330, 500, 900 for P N B R Q; pins ignored)."""
        return static_exchange(&self.pos, self.find_move(move))

    def is_noisy(self, move):
        """True for a legal move (UCI) that captures or promotes."""
        return bool(self.move_is_noisy(self.find_move(move)))

    def null_move_allowed_here(self):
        """Whether the search may try a null move here: not in check, and the side to move
        has a piece besides king and pawns."""
        return bool(self.null_move_allowed())

    def play(self, move):
        """Play a legal move given in UCI ("e2e4", "e7e8q", "e1g1"). Raises TypeError for a
        non-string, ValueError for a malformed or illegal move; the game is unchanged then."""
        self.push(self.find_move(move))

    def play_san(self, san):
        """Play a move given in SAN ("Nf3", "exd5", "O-O", "e8=Q+"), or in UCI ("g1f3") as
        python-chess's parse_san also takes it; returns it in UCI."""
        cdef Move move = san_to_move(self, san)
        self.push(move)
        return move_to_uci(move)

    def san(self, move):
        """The SAN of a legal move given in UCI, in the current position."""
        return move_san(self, self.find_move(move))

    def undo(self):
        """Take back the last move made with play() or play_san(). Raises ValueError if there is none."""
        if not self._history:
            raise ValueError("no move to undo")
        unmake_chess_move(&self.pos, <Move> self._history.pop())
        self.played -= 1
        self.status_serial = 0
        self.evaluation_serial = 0

    def order_hint(self, move):
        """How promising a legal move (UCI) looks before searching it: higher is tried first."""
        return self.move_order_hint(self.find_move(move))

    def decode_line(self, moves):
        """The search's encoded moves as UCI strings (ValueError for a number no move has)."""
        return [move_to_uci(checked_move_code(move)) for move in moves]

    @property
    def history(self):
        """The moves played since the position was loaded, in UCI, oldest first."""
        return tuple(move_to_uci(move) for move in self._history)

    # --- Python-facing: state ----------------------------------------------------------------

    def outcome(self):
        """None while the game goes on, else an Outcome (termination, winner: 1 White, -1
        Black, None for a draw). Fifty-move and threefold repetition end the game at once."""
        cdef int status = self.status()
        if status == STATUS_ONGOING:
            return None
        winner = None
        if status == STATUS_CHECKMATE:
            winner = -1 if self.pos.side == WHITE else 1
        return Outcome(Termination[_TERMINATIONS[status]], winner)

    def is_check(self):
        """The side to move is in check."""
        return checkers_of(&self.pos) != 0

    def is_checkmate(self):
        """The side to move is checkmated."""
        return self.status() == STATUS_CHECKMATE

    def is_stalemate(self):
        """The side to move has no legal move and is not in check."""
        return self.legal_move_list() == 0 and checkers_of(&self.pos) == 0

    @property
    def board(self):
        """Read-only 8x8 int8 array: row 0 is rank 8, column 0 is file a (as printed); +1..+6
        White's P N B R Q K, -1..-6 Black's, 0 empty."""
        view = self._squares.reshape(8, 8)[::-1]
        view.flags.writeable = False
        return view

    @property
    def bitboards(self):
        """Read-only uint64 array of shape (2, 7): [colour, kind] with colour 0 White, 1 Black
        and kind 0 = all of that colour's pieces, 1..6 = P N B R Q K. Bit i is square i
        (a1 = 0, b1 = 1, ..., h8 = 63)."""
        view = self._pieces.reshape(2, 8)[:, :7]
        view.flags.writeable = False
        return view

    @property
    def to_move(self):
        """1 when White is to move, -1 when Black is."""
        return 1 if self.pos.side == WHITE else -1

    @property
    def halfmove_clock(self):
        """Plies since the last capture or pawn move."""
        return self.pos.halfmove_clock

    @property
    def fullmove_number(self):
        """The move number, starting at 1 and counting up after each Black move."""
        return self.pos.fullmove_number

    @property
    def castling_rights(self):
        """The castling rights as in a FEN: a subset of 'KQkq', or '-'."""
        return "".join(letter for bit_value, letter in ((1, "K"), (2, "Q"), (4, "k"), (8, "q"))
                       if self.pos.castling & bit_value) or "-"

    @property
    def en_passant_square(self):
        """The en passant target square ('e3'), only when an en passant capture is legal; else None."""
        if self.pos.en_passant_square == NO_SQUARE:
            return None
        return square_name(self.pos.en_passant_square)

    def fen(self):
        """The position as a FEN (all six fields; the en passant square only when a capture
        there is legal, as python-chess writes it)."""
        rows = []
        for rank in range(7, -1, -1):
            text = ""
            empty = 0
            for file in range(8):
                code = self.pos.squares[rank * 8 + file]
                if code == 0:
                    empty += 1
                    continue
                if empty:
                    text += str(empty)
                    empty = 0
                text += piece_symbol(code)
            rows.append(text + (str(empty) if empty else ""))
        return (f"{'/'.join(rows)} {'w' if self.pos.side == WHITE else 'b'} {self.castling_rights} "
                f"{self.en_passant_square or '-'} {self.pos.halfmove_clock} {self.pos.fullmove_number}")

    def __str__(self):
        lines = []
        for rank in range(7, -1, -1):
            symbols = " ".join(piece_symbol(self.pos.squares[rank * 8 + file]) for file in range(8))
            lines.append(f"{rank + 1}  {symbols}")
        lines.append("   a b c d e f g h")
        return "\n".join(lines)

    def __repr__(self):
        return f"Chess({self.fen()!r})"

    # --- copies, pickling, python-chess ------------------------------------------------------

    def copy(self):
        """An independent copy, history included."""
        cdef Chess other = Chess.__new__(Chess, _BARE)
        other.constructed = True
        self.copy_into(other)
        return other

    cdef void copy_into(self, Chess other) except *:
        """Make `other`, a game with no stacks yet, a copy of this one."""
        self.copy_base_into(other)
        other.pos = self.pos
        other.pos.undo = NULL
        other.pos.keys = NULL
        other.pos.node_serials = NULL
        other.pos.capacity = 0
        other.setup_arrays(self._pieces.copy(), self._squares.copy())
        other.reserve(STACK_HEADROOM)
        memcpy(other.pos.undo, self.pos.undo, self.pos.ply * sizeof(UndoRecord))
        memcpy(other.pos.keys, self.pos.keys, (self.pos.ply + 1) * sizeof(uint64_t))
        memcpy(other.pos.node_serials, self.pos.node_serials, (self.pos.ply + 1) * sizeof(uint64_t))
        other.played = self.played
        other.start_fen = self.start_fen

    def __eq__(self, other):
        """Equal positions: the same FEN (pieces, side to move, castling rights, en passant
        square and move counters), as the other built-in games compare by position."""
        if not isinstance(other, Chess):
            return NotImplemented
        return self.fen() == other.fen()

    def __hash__(self):
        return hash(self.fen())

    @classmethod
    def from_board(cls, board):
        """A game from a python-chess ``chess.Board``: its starting position and moves, so
        undo() and the repetition rule work as on the board."""
        import chess as python_chess
        if type(board) is not python_chess.Board:
            raise TypeError(f"from_board takes a chess.Board, not {type(board).__name__}")
        if board.chess960:
            raise ValueError("Chess960 boards are not supported")
        game = cls(board.root().fen())
        for move in board.move_stack:
            if not move:
                raise ValueError("the board's moves include a null move (0000), which a game "
                                 "of negamax cannot play: a chess game has no passes")
            game.play(move.uci())
        return game

    def to_board(self):
        """A python-chess ``chess.Board`` with the same starting position and moves."""
        import chess as python_chess
        board = python_chess.Board(self.start_fen)
        for move in self.history:
            board.push_uci(move)
        return board

    # --- perft -------------------------------------------------------------------------------

    def perft(self, depth):
        """The number of leaf nodes of the legal move tree `depth` plies deep. Runs on a copy
        of the game, without the GIL (other threads may search or copy this game meanwhile:
        it is never changed), in pieces of at most NOGIL_PERFT_PLIES plies; Ctrl-C stops it
        between two pieces, a moment at most."""
        depth = check_perft_depth(depth)
        if depth == 0:
            return 1
        return sum((<Chess> self.copy()).split_perft(depth).values())

    def perft_divide(self, depth):
        """{UCI move: perft(depth - 1) after it} for every legal move (depth >= 1), on a copy
        as perft."""
        depth = check_perft_depth(depth)
        if depth == 0:
            raise ValueError("perft_divide needs a depth of at least 1")
        return (<Chess> self.copy()).split_perft(depth)

    cdef dict split_perft(self, int depth):
        """perft below each root move, each without the GIL, checking for signals in between."""
        self.reserve(depth + 1)
        cdef int count = self.legal_move_list(), i, plies = depth - 1
        cdef Move* moves = <Move*> malloc(count * sizeof(Move) + 1)
        cdef uint64_t nodes
        if moves == NULL:
            raise MemoryError()
        memcpy(moves, self.cached_moves, count * sizeof(Move))
        result = {}
        try:
            for i in range(count):
                make_chess_move(&self.pos, moves[i])
                try:
                    nodes = self.perft_in_pieces(plies) if plies > 0 else 1
                finally:
                    unmake_chess_move(&self.pos, moves[i])
                result[move_to_uci(moves[i])] = nodes
        finally:
            free(moves)
        return result

    cdef uint64_t perft_in_pieces(self, int depth) except? 0:
        """perft_nodes(depth >= 1), run without the GIL in pieces of NOGIL_PERFT_PLIES plies
        (a few million nodes at most), with Ctrl-C checked after each."""
        cdef Move moves[MAX_LEGAL_MOVES]
        cdef int count, i
        cdef uint64_t total = 0
        if depth <= NOGIL_PERFT_PLIES:
            with nogil:
                total = perft_nodes(&self.pos, depth)
            PyErr_CheckSignals()
            return total
        count = generate_legal_moves(&self.pos, moves, False)
        for i in range(count):
            make_chess_move(&self.pos, moves[i])
            try:
                total += self.perft_in_pieces(depth - 1)
            finally:
                unmake_chess_move(&self.pos, moves[i])
        return total


def check_perft_depth(depth):
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int, not {type(depth).__name__}")
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise ValueError(f"depth must be from 0 to {MAX_PERFT_DEPTH}, got {depth}")
    return depth


include "san.pxi"


# --- the search, compiled for this game (see ext/engine/kernels.pxi) -------------------------

ctypedef Chess GameT
include "engine/kernels.pxi"

from negamax._engine import register_kernels
register_kernels(Chess, kernels_capsule())

_START_GAME = Chess.__new__(Chess)

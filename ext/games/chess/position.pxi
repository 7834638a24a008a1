# The position as one C struct the native code works on, and the piece helpers that keep its
# bitboards, mailbox, Zobrist key and evaluation sums in step.
#
# Pieces are coded as in the public `board` array: +1..+6 for White's pawn, knight, bishop,
# rook, queen and king, -1..-6 for Black's. A bitboard index is colour * 8 + kind, and index
# colour * 8 holds all of that colour's pieces (indices 7 and 15 are unused).
#
# Moves are 16-bit codes in an int32: from-square | to-square << 6 | flag << 12, with the
# flags below. Castling is written as the king's move (e1g1), as in UCI.

cdef enum:
    FLAG_NORMAL = 0
    FLAG_DOUBLE_PUSH = 1
    FLAG_CASTLE = 2
    FLAG_EN_PASSANT = 3
    FLAG_PROMOTE_KNIGHT = 4       # promotion flags are FLAG_PROMOTE_KNIGHT + kind - KNIGHT
    FLAG_PROMOTE_BISHOP = 5
    FLAG_PROMOTE_ROOK = 6
    FLAG_PROMOTE_QUEEN = 7
    CASTLE_WHITE_KING = 1         # castling rights bits
    CASTLE_WHITE_QUEEN = 2
    CASTLE_BLACK_KING = 4
    CASTLE_BLACK_QUEEN = 8
    MAX_LEGAL_MOVES = 256         # no chess position has more than 218 legal moves


cdef struct UndoRecord:
    # What make_move cannot recompute when it is undone.
    uint64_t key
    int32_t middlegame
    int32_t endgame
    int16_t phase
    int32_t halfmove_clock    # 32 bits: a FEN may give up to 2,000,000,000 (MAX_CLOCK)
    int8_t captured           # the piece code taken on the to-square (0 when none; not en passant)
    int8_t castling
    int8_t en_passant_square


cdef struct Position:
    uint64_t* pieces          # 16 bitboards: [colour * 8] all of a colour, [colour * 8 + kind]
    int8_t* squares           # 64 piece codes, a1 first (the mailbox)
    int side                  # WHITE or BLACK: the side to move
    int castling              # CASTLE_* bits still available
    int en_passant_square     # the square a pawn may capture to en passant, only when such a
                              # capture is legal; NO_SQUARE otherwise
    int halfmove_clock        # plies since the last capture or pawn move
    int fullmove_number
    uint64_t key              # Zobrist key of the position
    int32_t middlegame        # White-minus-Black material and piece-square sums
    int32_t endgame
    int phase                 # game phase: 24 or more in the opening, 0 with only pawns and kings
    int ply                   # moves made since the position was loaded: the top of the stacks
    int capacity              # entries in undo, keys and node_serials
    UndoRecord* undo          # undo[i]: the state before move i + 1
    uint64_t* keys            # keys[i]: the key after i moves (keys[0]: the loaded position)
    uint64_t* node_serials    # node_serials[i]: a number no other node entered has had
    uint64_t serial           # the last node number handed out


cdef int8_t CASTLING_KEPT[64]         # castling rights kept when a move starts or ends on a square


cdef void init_castling_masks() noexcept nogil:
    cdef int square
    for square in range(64):
        CASTLING_KEPT[square] = 15
    CASTLING_KEPT[0] = 15 & ~CASTLE_WHITE_QUEEN     # a1
    CASTLING_KEPT[4] = 15 & ~(CASTLE_WHITE_KING | CASTLE_WHITE_QUEEN)   # e1
    CASTLING_KEPT[7] = 15 & ~CASTLE_WHITE_KING      # h1
    CASTLING_KEPT[56] = 15 & ~CASTLE_BLACK_QUEEN    # a8
    CASTLING_KEPT[60] = 15 & ~(CASTLE_BLACK_KING | CASTLE_BLACK_QUEEN)  # e8
    CASTLING_KEPT[63] = 15 & ~CASTLE_BLACK_KING     # h8

init_castling_masks()


cdef inline Move encode_move(int from_square, int to_square, int flag) noexcept nogil:
    return from_square | (to_square << 6) | (flag << 12)

cdef inline int move_from(Move move) noexcept nogil:
    return move & 63

cdef inline int move_to(Move move) noexcept nogil:
    return (move >> 6) & 63

cdef inline int move_flag(Move move) noexcept nogil:
    return (move >> 12) & 7

cdef inline int8_t piece_code(int colour, int kind) noexcept nogil:
    return <int8_t> (kind if colour == WHITE else -kind)

cdef inline int piece_index(int8_t code) noexcept nogil:
    """The bitboard index of a nonzero piece code."""
    return code if code > 0 else 8 - code


# --- piece helpers: bitboards, mailbox, key and evaluation together ------------------------

cdef inline void put_piece(Position* p, int index, int square) noexcept nogil:
    cdef uint64_t b = bit(square)
    p.pieces[index] |= b
    p.pieces[index & 8] |= b
    p.squares[square] = <int8_t> ((index & 7) if index < 8 else -(index & 7))
    p.key ^= ZOBRIST_PIECE[index][square]
    p.middlegame += PIECE_SQUARE_MG[index][square]
    p.endgame += PIECE_SQUARE_EG[index][square]
    p.phase += PHASE_WEIGHT[index & 7]

cdef inline void take_piece(Position* p, int index, int square) noexcept nogil:
    cdef uint64_t b = bit(square)
    p.pieces[index] ^= b
    p.pieces[index & 8] ^= b
    p.squares[square] = 0
    p.key ^= ZOBRIST_PIECE[index][square]
    p.middlegame -= PIECE_SQUARE_MG[index][square]
    p.endgame -= PIECE_SQUARE_EG[index][square]
    p.phase -= PHASE_WEIGHT[index & 7]

cdef inline void shift_piece(Position* p, int index, int from_square, int to_square) noexcept nogil:
    cdef uint64_t b = bit(from_square) | bit(to_square)
    p.pieces[index] ^= b
    p.pieces[index & 8] ^= b
    p.squares[to_square] = p.squares[from_square]
    p.squares[from_square] = 0
    p.key ^= ZOBRIST_PIECE[index][from_square] ^ ZOBRIST_PIECE[index][to_square]
    p.middlegame += PIECE_SQUARE_MG[index][to_square] - PIECE_SQUARE_MG[index][from_square]
    p.endgame += PIECE_SQUARE_EG[index][to_square] - PIECE_SQUARE_EG[index][from_square]

# Undo only touches bitboards and mailbox: key and sums come back from the undo record.

cdef inline void restore_piece(Position* p, int index, int square) noexcept nogil:
    cdef uint64_t b = bit(square)
    p.pieces[index] |= b
    p.pieces[index & 8] |= b
    p.squares[square] = <int8_t> ((index & 7) if index < 8 else -(index & 7))

cdef inline void lift_piece(Position* p, int index, int square) noexcept nogil:
    cdef uint64_t b = bit(square)
    p.pieces[index] ^= b
    p.pieces[index & 8] ^= b
    p.squares[square] = 0

cdef inline void slide_back(Position* p, int index, int from_square, int to_square) noexcept nogil:
    cdef uint64_t b = bit(from_square) | bit(to_square)
    p.pieces[index] ^= b
    p.pieces[index & 8] ^= b
    p.squares[from_square] = p.squares[to_square]
    p.squares[to_square] = 0


# --- from scratch ------------------------------------------------------------------------

cdef void rebuild_from_squares(Position* p) noexcept nogil:
    """Bitboards, key and evaluation sums from the mailbox, side, castling and en passant."""
    cdef int square, index
    cdef int8_t code
    for index in range(16):
        p.pieces[index] = 0
    p.key = 0
    p.middlegame = 0
    p.endgame = 0
    p.phase = 0
    for square in range(64):
        code = p.squares[square]
        if code != 0:
            put_piece(p, piece_index(code), square)
    p.key ^= ZOBRIST_CASTLING[p.castling]
    if p.en_passant_square != NO_SQUARE:
        p.key ^= ZOBRIST_EN_PASSANT[p.en_passant_square & 7]
    if p.side == BLACK:
        p.key ^= ZOBRIST_BLACK_TO_MOVE

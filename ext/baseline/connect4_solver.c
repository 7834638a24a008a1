/*
 * A plain C Connect Four solver (7 columns x 6 rows): the baseline negamax's solver is
 * compared against.  It uses the same techniques as negamax.solve on Connect Four: bitboards,
 * non-losing move generation, move ordering by threats created (centre columns first among
 * equals), a transposition table of bounds, and null-window searches that bisect the score.
 *
 * Bitboards.  Column c owns bits 7c .. 7c+6; row r (0 = bottom) of column c is bit 7c + r.
 * Bit 7c + 6 is a sentinel that is never set, so shifting a line across a column edge
 * falls into an empty bit:
 *
 *      .  .  .  .  .  .  .      <- sentinels 6 13 20 27 34 41 48
 *      5 12 19 26 33 40 47      <- top row
 *      4 11 18 25 32 39 46
 *      3 10 17 24 31 38 45
 *      2  9 16 23 30 37 44
 *      1  8 15 22 29 36 43
 *      0  7 14 21 28 35 42      <- bottom row
 *
 * A position is `occupied` (every stone) and `own` (the stones of the side to move).
 * own + occupied is unique to the position (the bottom empty square of each column marks its
 * height), so it is the position's key, below 2**49.
 *
 * Score (the convention of the published solver benchmarks): 0 for a draw under perfect play;
 * a win with the winner's k-th stone of the game (k = 1..21) scores 22 - k for the side that
 * wins, and the loser gets the negative.  In other words a side to move that wins with the
 * stone it plays now, with `stones` on the board, scores (43 - stones) / 2.
 *
 * Reentrant: all state is in the solver object made by c4_solver_create (the transposition
 * table, 8M entries of 8 bytes: 64 MB) and released by c4_solver_destroy.  No globals.
 */
#include <stdint.h>
#include <stdlib.h>

#include "negamax_bits.h"
#include "negamax_memory.h"

#define C4_WIDTH 7
#define C4_HEIGHT 6
#define C4_CELLS (C4_WIDTH * C4_HEIGHT)
#define C4_MIN_SCORE (-(C4_CELLS / 2))       /* below every score: the base of stored bounds */

#define C4_BOTTOM 0x0040810204081ULL        /* bit 7c for every column c */
#define C4_BOARD (C4_BOTTOM * 0x3FULL)      /* every playable square (rows 0..5) */

/* A prime just below 2**23.  An entry keeps the low 32 bits of the key; with the index
   key % C4_TABLE_SIZE that determines a key below 2**49 (Chinese remainder theorem), so a hit
   is never a different position. */
#define C4_TABLE_SIZE 8388593u
#define C4_EMPTY_ENTRY 0xFFFFFFFFULL    /* generation 0, which no solve uses */

typedef struct {
    uint64_t own;        /* stones of the side to move */
    uint64_t occupied;   /* stones of both sides */
    int stones;          /* stones on the board */
} c4_position;

typedef struct {
    /* Entry: bits 0..31 key (low 32 bits), 32..39 stored bound, 40..55 generation.
       An entry of another generation (an earlier solve) is empty. */
    uint64_t *table;
    uint64_t generation;
    int64_t nodes;
} c4_solver;

/* ------------------------------------------------------------------ the position */

static uint64_t c4_column_mask(int column)
{
    return 0x3FULL << (7 * column);
}

static uint64_t c4_key(const c4_position *position)
{
    return position->own + position->occupied;
}

/* Empty squares that would complete four in a row for `stones` (occupied or not). */
static uint64_t c4_winning_squares(uint64_t stones, uint64_t occupied)
{
    /* vertical: three stones straight below */
    uint64_t squares = (stones << 1) & (stones << 2) & (stones << 3);
    /* the other three directions: shift by 7 (horizontal), 6 and 8 (the two diagonals) */
    static const int steps[3] = {7, 6, 8};
    for (int d = 0; d < 3; d++) {
        int s = steps[d];
        /* p is a winning square when stones sit at p-3s..p-s, p-2s..p+s, p-s..p+2s or
           p+s..p+3s (a stone at p-k*s shows at p in stones << k*s) */
        uint64_t below = (stones << s) & (stones << 2 * s);      /* p-s and p-2s */
        squares |= below & (stones << 3 * s);
        squares |= below & (stones >> s);
        uint64_t above = (stones >> s) & (stones >> 2 * s);      /* p+s and p+2s */
        squares |= above & (stones >> 3 * s);
        squares |= above & (stones << s);
    }
    return squares & (C4_BOARD ^ occupied);
}

/* Squares where a stone can be dropped now. */
static uint64_t c4_playable(const c4_position *position)
{
    return (position->occupied + C4_BOTTOM) & C4_BOARD;
}

static int c4_can_win_now(const c4_position *position)
{
    return (c4_winning_squares(position->own, position->occupied) & c4_playable(position)) != 0;
}

/* Playable squares that do not let the opponent win at once (the side to move must not be
   able to win now: the caller has already taken that case).  Returns 0 when every move loses. */
static uint64_t c4_non_losing_moves(const c4_position *position)
{
    uint64_t playable = c4_playable(position);
    uint64_t threats = c4_winning_squares(position->own ^ position->occupied, position->occupied);
    uint64_t forced = playable & threats;
    if (forced) {
        if (forced & (forced - 1)) {
            return 0;                     /* two threats to block: lost */
        }
        playable = forced;                /* block the only one */
    }
    return playable & ~(threats >> 1);    /* never play just below an opponent's threat */
}

static void c4_play(c4_position *position, uint64_t square)
{
    position->own ^= position->occupied;  /* the opponent becomes the side to move */
    position->occupied |= square;
    position->stones++;
}

/* ------------------------------------------------------------------ the table */

static uint64_t *c4_entry(c4_solver *solver, uint64_t key)
{
    return &solver->table[key % C4_TABLE_SIZE];
}

/* Stored bound: 0 none; 1..63 an upper bound, score = stored + C4_MIN_SCORE - 1;
   64..127 a lower bound, score = stored - 64 + C4_MIN_SCORE (scores lie in -21..21). */
static int c4_table_get(c4_solver *solver, uint64_t key)
{
    uint64_t entry = *c4_entry(solver, key);
    if ((entry & 0xFFFFFFFFULL) != (key & 0xFFFFFFFFULL) || (entry >> 40) != solver->generation) {
        return 0;
    }
    return (int)((entry >> 32) & 0xFF);
}

static void c4_table_put(c4_solver *solver, uint64_t key, int stored)
{
    *c4_entry(solver, key) = (key & 0xFFFFFFFFULL) | ((uint64_t)stored << 32) | (solver->generation << 40);
}

/* ------------------------------------------------------------------ the search */

static const int c4_column_order[C4_WIDTH] = {3, 2, 4, 1, 5, 0, 6};

/* Score of `position` for the side to move within the window (alpha, beta): exact when it lies
   strictly inside, otherwise a bound on the same side (a result <= alpha is an upper bound on
   the score, a result >= beta a lower bound).  Precondition: the side to move cannot win at
   once (the parent only plays non-losing moves; the root is checked by c4_solve_position). */
static int c4_negamax(c4_solver *solver, const c4_position *position, int alpha, int beta)
{
    solver->nodes++;
    uint64_t moves = c4_non_losing_moves(position);
    if (moves == 0) {
        return -(C4_CELLS - position->stones) / 2;    /* the opponent wins with their next stone */
    }
    if (position->stones >= C4_CELLS - 2) {
        return 0;                                     /* two stones left and neither wins: draw */
    }
    int lowest = -(C4_CELLS - 2 - position->stones) / 2;   /* the opponent cannot win next move */
    if (alpha < lowest) {
        alpha = lowest;
        if (alpha >= beta) {
            return alpha;
        }
    }
    int highest = (C4_CELLS - 1 - position->stones) / 2;   /* we cannot win with this stone */
    uint64_t key = c4_key(position);
    int stored = c4_table_get(solver, key);
    if (stored >= 64) {
        int lower = stored - 64 + C4_MIN_SCORE;
        if (alpha < lower) {
            alpha = lower;
            if (alpha >= beta) {
                return alpha;
            }
        }
    } else if (stored > 0) {
        highest = stored + C4_MIN_SCORE - 1;
    }
    if (beta > highest) {
        beta = highest;
        if (alpha >= beta) {
            return beta;
        }
    }

    /* order the moves: most threats created first, centre first among equals (insertion sort,
       stable, over at most 7 moves added in centre-first order) */
    uint64_t ordered[C4_WIDTH];
    int threats[C4_WIDTH];
    int count = 0;
    for (int i = 0; i < C4_WIDTH; i++) {
        uint64_t square = moves & c4_column_mask(c4_column_order[i]);
        if (!square) {
            continue;
        }
        uint64_t own = position->own | square;
        int created = negamax_popcount64(c4_winning_squares(own, position->occupied | square));
        int at = count++;
        while (at > 0 && threats[at - 1] < created) {
            ordered[at] = ordered[at - 1];
            threats[at] = threats[at - 1];
            at--;
        }
        ordered[at] = square;
        threats[at] = created;
    }

    for (int i = 0; i < count; i++) {
        c4_position child = *position;
        c4_play(&child, ordered[i]);
        int score = -c4_negamax(solver, &child, -beta, -alpha);
        if (score >= beta) {
            c4_table_put(solver, key, score - C4_MIN_SCORE + 64);   /* a lower bound */
            return score;
        }
        if (score > alpha) {
            alpha = score;
        }
    }
    c4_table_put(solver, key, alpha - C4_MIN_SCORE + 1);            /* an upper bound */
    return alpha;
}

/* Exact score of `position` for the side to move (see the convention at the top): null-window
   searches narrow [lowest, highest] until it is one value; each probe is put nearer zero first
   (short wins and losses are found quickly). */
static int c4_solve_position(c4_solver *solver, const c4_position *position)
{
    if (c4_can_win_now(position)) {
        return (C4_CELLS + 1 - position->stones) / 2;
    }
    int lowest = -(C4_CELLS - position->stones) / 2;
    int highest = (C4_CELLS + 1 - position->stones) / 2;
    while (lowest < highest) {
        int probe = lowest + (highest - lowest) / 2;
        if (probe <= 0 && lowest / 2 < probe) {
            probe = lowest / 2;
        } else if (probe >= 0 && highest / 2 > probe) {
            probe = highest / 2;
        }
        int score = c4_negamax(solver, position, probe, probe + 1);   /* is it above probe? */
        if (score <= probe) {
            highest = score;
        } else {
            lowest = score;
        }
    }
    return lowest;
}

/* ------------------------------------------------------------------ the interface */

/* A solver with its own table (64 MB); NULL when out of memory. */
static c4_solver *c4_solver_create(void)
{
    c4_solver *solver = (c4_solver *)malloc(sizeof(c4_solver));
    if (solver == NULL) {
        return NULL;
    }
    /* The table is allocated as negamax allocates its own (2 MB aligned, huge pages asked
       for on Linux): with plain malloc whether it got huge pages depended on the kernel's
       free memory at the time, which moved this solver's time on the end set by 2x from run
       to run (0.6-1.9 ms) and with it every ratio measured against it. */
    solver->table = (uint64_t *)negamax_large_alloc(C4_TABLE_SIZE * sizeof(uint64_t));
    if (solver->table == NULL) {
        free(solver);
        return NULL;
    }
    /* Write every entry now (generation 0: empty), so no solve pays for first touching the
       table's pages. */
    for (uint32_t i = 0; i < C4_TABLE_SIZE; i++) {
        solver->table[i] = C4_EMPTY_ENTRY;
    }
    solver->generation = 0;
    solver->nodes = 0;
    return solver;
}

static void c4_solver_destroy(c4_solver *solver)
{
    if (solver != NULL) {
        negamax_large_free(solver->table);
        free(solver);
    }
}

/* Solve the position reached by `count` moves (columns 0..6, already checked legal, the game
   not over before the end).  Each call starts a new table generation, so the score and node
   count do not depend on earlier calls.  Returns the score; *nodes gets the nodes searched. */
static int c4_solver_solve(c4_solver *solver, const int8_t *columns, int count, int64_t *nodes)
{
    c4_position position = {0, 0, 0};
    for (int i = 0; i < count; i++) {
        c4_play(&position, (position.occupied + C4_BOTTOM) & c4_column_mask(columns[i]));
    }
    solver->generation++;
    if (solver->generation > 0xFFFF) {    /* wrapped: forget every entry once */
        for (uint32_t i = 0; i < C4_TABLE_SIZE; i++) {
            solver->table[i] = C4_EMPTY_ENTRY;
        }
        solver->generation = 1;
    }
    solver->nodes = 0;
    int score = position.stones == C4_CELLS ? 0 : c4_solve_position(solver, &position);
    *nodes = solver->nodes;
    return score;
}

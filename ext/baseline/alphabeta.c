/*
 * Hand-written C baselines for the negamax benchmarks.
 *
 * ab_uniform: fail-soft negamax alpha-beta over a complete b-ary tree of depth d given
 *   as its flat leaf array (int32, left to right, in MAX's terms).  Children are
 *   searched in natural order, a node stops as soon as value >= beta.  Counts nodes
 *   (root included) and leaves (leaf values read), like negamax.SearchStats.
 *   Returns the minimax value in MAX's terms.
 *
 * ttt_minimax: full-depth max/min minimax over a 9-cell int8 tic-tac-toe board
 *   (1 = x, -1 = o, 0 = empty); a win p plies from the root scores WIN - p.
 *   Returns the value from the side to move at the root.
 *
 * Compiled into negamax as the extension module negamax._c_baseline (through
 * ext/baseline/c_baseline.pyx), so `negamax bench` has it in an installed wheel.
 * No allocation, no globals: both functions are reentrant and run without the GIL.
 */
#include <stdint.h>

#define INF INT64_MAX

typedef struct {
    const int32_t *leaves;
    const int64_t *sizes;   /* sizes[k] = leaves under a node with k plies left */
    int64_t branching;
    int64_t nodes;
    int64_t leaf_count;
} ab_ctx;

/* value from the point of view of `color` (+1 MAX to move, -1 MIN to move) */
static int64_t ab_negamax(ab_ctx *c, int64_t lo, int plies_left, int64_t color,
                          int64_t alpha, int64_t beta)
{
    c->nodes++;
    if (plies_left == 0) {
        c->leaf_count++;
        return color * (int64_t)c->leaves[lo];
    }
    int64_t step = c->sizes[plies_left - 1];
    int64_t best = -INF;
    for (int64_t i = 0; i < c->branching; i++) {
        int64_t v = -ab_negamax(c, lo + i * step, plies_left - 1, -color, -beta, -alpha);
        if (v > best) {
            best = v;
            if (best > alpha) {
                alpha = best;
            }
            if (best >= beta) {
                break;
            }
        }
    }
    return best;
}

/* Returns the value in MAX's terms.  n must equal branching**depth (checked: returns 0
   and sets *nodes_out = -1 on bad input).  depth <= 62. */
static int64_t ab_uniform(const int32_t *leaves, int64_t n, int64_t branching, int depth,
                          int maximizing, int64_t *nodes_out, int64_t *leaves_out)
{
    int64_t sizes[64];
    *nodes_out = -1;
    *leaves_out = -1;
    if (branching < 1 || depth < 0 || depth > 62) {
        return 0;
    }
    sizes[0] = 1;
    for (int k = 1; k <= depth; k++) {
        if (sizes[k - 1] > INT64_MAX / branching) {
            return 0;
        }
        sizes[k] = sizes[k - 1] * branching;
    }
    if (sizes[depth] != n) {
        return 0;
    }
    ab_ctx c = {leaves, sizes, branching, 0, 0};
    int64_t color = maximizing ? 1 : -1;
    /* window (-INF, +INF); INF = INT64_MAX so negation never overflows */
    int64_t v = ab_negamax(&c, 0, depth, color, -INF, INF);
    *nodes_out = c.nodes;
    *leaves_out = c.leaf_count;
    return color * v;
}

/* ---------------------------------------------------------------- tic-tac-toe */

#define WIN 1000000000LL

static const int LINES[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8},
    {0, 3, 6}, {1, 4, 7}, {2, 5, 8},
    {0, 4, 8}, {2, 4, 6},
};

typedef struct {
    int8_t board[9];
    int64_t nodes;
    int64_t leaf_count;
} ttt_ctx;

static int ttt_winner(const int8_t *b)
{
    for (int i = 0; i < 8; i++) {
        int s = b[LINES[i][0]];
        if (s != 0 && s == b[LINES[i][1]] && s == b[LINES[i][2]]) {
            return s;
        }
    }
    return 0;
}

/* value in x's terms; player = side to move (1 = x maximises, -1 = o minimises) */
static int64_t ttt_search(ttt_ctx *c, int player, int ply)
{
    c->nodes++;
    int w = ttt_winner(c->board);
    if (w != 0) {
        c->leaf_count++;
        return w * (WIN - ply);
    }
    int64_t best = player == 1 ? -WIN - 1 : WIN + 1;
    int moved = 0;
    for (int sq = 0; sq < 9; sq++) {
        if (c->board[sq] != 0) {
            continue;
        }
        moved = 1;
        c->board[sq] = (int8_t)player;
        int64_t v = ttt_search(c, -player, ply + 1);
        c->board[sq] = 0;
        if (player == 1 ? v > best : v < best) {
            best = v;
        }
    }
    if (!moved) {  /* full board, no winner: draw */
        c->leaf_count++;
        return 0;
    }
    return best;
}

/* board: 9 cells row by row.  Returns the value from the side to move at the root. */
static int64_t ttt_minimax(const int8_t *board, int64_t *nodes_out, int64_t *leaves_out)
{
    ttt_ctx c;
    int xs = 0, os = 0;
    for (int i = 0; i < 9; i++) {
        c.board[i] = board[i];
        xs += board[i] == 1;
        os += board[i] == -1;
    }
    c.nodes = 0;
    c.leaf_count = 0;
    int player = xs == os ? 1 : -1;
    int64_t v = ttt_search(&c, player, 0);
    *nodes_out = c.nodes;
    *leaves_out = c.leaf_count;
    return v * player;
}

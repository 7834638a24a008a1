/*
 * Plain C alpha-beta over a complete b-ary tree given as its flat leaf array: the loop a C
 * programmer would write to compare against, and the one the speed ratios of the benchmarks
 * and of `negamax bench` are measured against.
 *
 * The tree: `depth` plies, every internal node has `branching` children, leaves stored left to
 * right as int32 in MAX's terms.  A node with k plies left owns the index range
 * [first, first + branching**k); its i-th child owns the i-th slice of that range.
 *
 * The search: max/min (not negamax) fail-soft alpha-beta, children in natural order.  A MAX
 * node stops as soon as its value reaches beta, a MIN node as soon as it falls to alpha.  No
 * counters, no move lists, no principal variation, no limits: only the recursion.  It visits
 * exactly the nodes negamax's fail-soft alpha-beta (cutoff value >= beta) visits, so the
 * counting version in alphabeta.c gives the node and leaf counts of the same walk.
 *
 * Reentrant (no globals, no allocation); runs without the GIL.
 */
#include <stdint.h>

typedef struct {
    const int32_t *leaves;
    int64_t branching;
    int64_t span[64];   /* span[k] = leaves under a node with k plies left */
} plain_tree;

static int32_t plain_min_value(const plain_tree *tree, int64_t first, int plies_left,
                               int32_t alpha, int32_t beta);

/* Value of the MAX node owning [first, first + span[plies_left]): exact when it lies strictly
   inside (alpha, beta), otherwise a bound on the same side of the window. */
static int32_t plain_max_value(const plain_tree *tree, int64_t first, int plies_left,
                               int32_t alpha, int32_t beta)
{
    if (plies_left == 0) {
        return tree->leaves[first];
    }
    int64_t step = tree->span[plies_left - 1];
    int32_t best = INT32_MIN;
    for (int64_t child = 0; child < tree->branching; child++) {
        int32_t value = plain_min_value(tree, first + child * step, plies_left - 1, alpha, beta);
        if (value > best) {
            best = value;
            if (best >= beta) {
                break;
            }
            if (best > alpha) {
                alpha = best;
            }
        }
    }
    return best;
}

/* Value of the MIN node owning [first, first + span[plies_left]) (same contract). */
static int32_t plain_min_value(const plain_tree *tree, int64_t first, int plies_left,
                               int32_t alpha, int32_t beta)
{
    if (plies_left == 0) {
        return tree->leaves[first];
    }
    int64_t step = tree->span[plies_left - 1];
    int32_t best = INT32_MAX;
    for (int64_t child = 0; child < tree->branching; child++) {
        int32_t value = plain_max_value(tree, first + child * step, plies_left - 1, alpha, beta);
        if (value < best) {
            best = value;
            if (best <= alpha) {
                break;
            }
            if (best < beta) {
                beta = best;
            }
        }
    }
    return best;
}

/* Minimax value of the tree (MAX at the root when `maximizing`, else MIN).  `count` must equal
   branching**depth, branching >= 1 and 0 <= depth <= 62; *ok is set to 0 (and 0 returned) when
   they do not, to 1 otherwise.  Leaves must lie strictly between INT32_MIN and INT32_MAX. */
static int32_t plain_alphabeta(const int32_t *leaves, int64_t count, int64_t branching, int depth,
                               int maximizing, int *ok)
{
    plain_tree tree;
    *ok = 0;
    if (branching < 1 || depth < 0 || depth > 62) {
        return 0;
    }
    tree.leaves = leaves;
    tree.branching = branching;
    tree.span[0] = 1;
    for (int k = 1; k <= depth; k++) {
        if (tree.span[k - 1] > INT64_MAX / branching) {
            return 0;
        }
        tree.span[k] = tree.span[k - 1] * branching;
    }
    if (tree.span[depth] != count) {
        return 0;
    }
    *ok = 1;
    if (maximizing) {
        return plain_max_value(&tree, 0, depth, INT32_MIN, INT32_MAX);
    }
    return plain_min_value(&tree, 0, depth, INT32_MIN, INT32_MAX);
}

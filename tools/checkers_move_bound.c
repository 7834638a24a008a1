/* The proof of MAX_MOVES = 68 in ext/games/checkers/movegen.pxi: an exhaustive count.

   A capture in English draughts lands only on squares of one class: the squares (r, c) with
   the same r % 2 and the same (r / 2 + c / 2) % 2 (each jump changes r / 2 and c / 2 by one).
   There are four classes of 8 squares; in each, 9 jumps join them, each over its own square,
   and a capture is a trail of jumps (no square jumped twice). This program tries every
   arrangement of one class: each of its 8 squares empty, blocked, or holding a king or a man
   of the side to move; each of its 9 jumped-over squares holding an enemy piece or not; men of
   either colour. It prints the largest number of complete captures found in a class; a
   position's captures are at most the sum over its four classes.

   Build and run:  cc -O2 -o /tmp/bound tools/checkers_move_bound.c && /tmp/bound   (about 40 s) */
#include <stdio.h>

static int node_row[8], node_col[8], node_count;
static int jump_from[40], jump_to[40], jump_over[40], jump_down[40], jump_count;
static int over_row[16], over_col[16], over_count;
static int state[8];          /* 0 empty, 1 blocked, 2 king, 3 man */
static int enemies;           /* bit k: an enemy on jumped-over square k */
static int men_down;          /* men move down (black) or up (white) */

static int find_node(int r, int c) {
    for (int i = 0; i < node_count; i++) if (node_row[i] == r && node_col[i] == c) return i;
    return -1;
}

static int over_index(int r, int c) {
    for (int i = 0; i < over_count; i++) if (over_row[i] == r && over_col[i] == c) return i;
    over_row[over_count] = r; over_col[over_count] = c;
    return over_count++;
}

static void build_class(int row_parity, int half_parity) {
    node_count = jump_count = over_count = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if ((r + c) % 2 == 1 && r % 2 == row_parity && (r / 2 + c / 2) % 2 == half_parity) {
                node_row[node_count] = r; node_col[node_count] = c; node_count++;
            }
    for (int i = 0; i < node_count; i++)
        for (int dr = -2; dr <= 2; dr += 4)
            for (int dc = -2; dc <= 2; dc += 4) {
                int j = find_node(node_row[i] + dr, node_col[i] + dc);
                if (j < 0) continue;
                jump_from[jump_count] = i; jump_to[jump_count] = j;
                jump_over[jump_count] = over_index(node_row[i] + dr / 2, node_col[i] + dc / 2);
                jump_down[jump_count] = dr > 0;
                jump_count++;
            }
}

/* Complete captures from `at`, having jumped the squares in `used`. */
static int captures(int at, int used, int king, int start) {
    int total = 0, extended = 0;
    for (int k = 0; k < jump_count; k++) {
        if (jump_from[k] != at || !(enemies >> jump_over[k] & 1) || (used >> jump_over[k] & 1)) continue;
        int to = jump_to[k];
        if (to != start && state[to] != 0) continue;
        if (!king && jump_down[k] != men_down) continue;
        extended = 1;
        if (!king && node_row[to] == (men_down ? 7 : 0)) total += 1;   /* crowned: the move ends */
        else total += captures(to, used | 1 << jump_over[k], king, start);
    }
    return extended ? total : (used != 0);
}

int main(void) {
    int sum = 0;
    for (int cls = 0; cls < 4; cls++) {
        build_class(cls / 2, cls % 2);
        int best = 0;
        for (men_down = 0; men_down <= 1; men_down++)
            for (enemies = 0; enemies < 1 << over_count; enemies++)
                for (int arrangement = 0; arrangement < 1 << (2 * node_count); arrangement++) {
                    int n = 0;
                    for (int i = 0; i < node_count; i++) state[i] = arrangement >> (2 * i) & 3;
                    for (int i = 0; i < node_count; i++)
                        if (state[i] >= 2) n += captures(i, 0, state[i] == 2, i);
                    if (n > best) best = n;
                }
        printf("class %d: %d squares, %d jumped-over squares, at most %d captures\n",
               cls, node_count, over_count, best);
        sum += best;
    }
    printf("at most %d captures in any position\n", sum);
    return 0;
}

# cython: freethreading_compatible = True
"""The adapter that lets the native search run a game written in Python.

Each interface method takes the GIL and calls the user's object. A move is an index into the
list legal_moves() returned at that ply, so user moves can be any Python objects. The first
exception a callback raises is kept, every later callback becomes a no-op, and the search
unwinds; negamax.search then re-raises it.
"""

cimport cython
from numbers import Integral as _Integral, Number as _Number
from itertools import islice as _first
from operator import index as _as_index

from numpy import bool_ as _numpy_bool

from negamax.errors import GameContractError
from negamax.quoting import short_repr

from libc.stdint cimport int32_t, int64_t, uint64_t

from negamax.game cimport EVAL_LIMIT, WIN, Move, NativeGame, Score

cdef uint64_t KEY_MASK = 0xFFFFFFFFFFFFFFFF


cdef bint _listed_alike(object before, object now):
    """Whether two listings of a move may be the same move: the same object, equal (==), or
    alike in repr() (a game may make new move objects on each call, without __eq__). Objects
    of one class that has neither __eq__ nor __repr__ of its own have nothing that tells
    them apart (the default repr holds the address): taken to be the same."""
    if before is now:
        return True
    try:
        if before == now:
            return True
    except Exception:
        pass
    cls = type(before)
    if cls is type(now) and cls.__eq__ is object.__eq__ and cls.__repr__ is object.__repr__:
        return True
    return repr(before) == repr(now)


cdef bint _is_bool(object value):
    return isinstance(value, (bool, _numpy_bool))


cdef bint same_move(object name, object move) except -1:
    """Whether `move` names the listed move `name`, as play() takes moves: equal (==), where
    a comparison that raises or gives no bool (numpy's array of a broadcast, say) is no
    match; a bool (Python's or numpy's) is no integer move, nor is a number that is not an
    integer (1.0 is no move 1)."""
    cdef type kind = type(move)
    if kind is type(name):     # of one type, the rules on bools and numbers cannot refuse
        if kind is int or kind is str:
            return name == move
    elif _is_bool(move) != _is_bool(name):
        return False           # True is no move 1
    elif isinstance(name, _Integral) and isinstance(move, _Number) and not isinstance(move, _Integral):
        return False
    try:
        equal = name == move
    except Exception:
        return False
    return equal is True or (type(equal) is _numpy_bool and bool(equal))


cdef enum:
    SCAN_COMPARISONS = 256   # lookups x moves up to which scanning beats building the dicts


cdef class MoveIndex:
    """Where a move is in a list of moves (a root's, for root_moves; a node's legal moves, for
    its noisy moves), by one rule: the listed object itself; else an equal move (same_move),
    of several the first written alike (repr()), else the first. -1 when none is equal.

    Made for about `lookups` lookups: short work is done by scanning the list; longer through
    dicts (by identity, by hash, by repr), built once, which give the scan's answer for every
    move whose hash agrees with its == (as Python requires of hashable objects)."""
    cdef list names
    cdef Py_ssize_t count
    cdef bint scans
    cdef dict by_identity         # id(name) -> its first index
    cdef dict by_hash             # a name that hashes -> the indices of the names equal to it
    cdef list unhashable          # the indices of the names that do not hash
    cdef dict by_repr             # repr(name) -> indices, made when an unhashable move asks

    def __init__(self, list names not None, Py_ssize_t lookups=1):
        cdef Py_ssize_t i
        # A list of its own: lookups read it unchecked (no bounds checks in this module), and a
        # move's __eq__ may change the list the caller gave.
        self.names = list(names)
        self.count = len(self.names)
        names = self.names
        self.by_repr = None
        self.scans = self.count * max(lookups, 1) <= SCAN_COMPARISONS
        if self.scans:
            return
        self.by_identity = {}
        self.by_hash = {}
        self.unhashable = []
        for i in range(self.count):
            self.by_identity.setdefault(id(names[i]), i)
            try:
                self.by_hash.setdefault(names[i], []).append(i)
            except Exception:          # no hash, or an __eq__ that raises
                self.unhashable.append(i)

    cpdef Py_ssize_t find(self, object move) except -2:
        """The index of `move` by the rule above, or -1."""
        cdef Py_ssize_t i
        if self.scans:
            for i in range(self.count):
                if self.names[i] is move:
                    return i
            return self.first_written_alike(
                [i for i in range(self.count) if same_move(self.names[i], move)], move)
        found = self.by_identity.get(id(move))
        if found is not None:
            return found
        try:
            candidates = list(self.by_hash.get(move, ()))
        except Exception:              # an unhashable move (or an __eq__ that raises)
            return self.find_unhashable(move)
        candidates.extend(self.unhashable)
        candidates.sort()
        return self.first_written_alike(
            [i for i in candidates if same_move(self.names[i], move)], move)

    cdef Py_ssize_t find_unhashable(self, object move) except -2:
        """A move that does not hash (a list, say): an equal name written alike is the rule's
        answer, found through repr(); else the first equal name, by a scan."""
        cdef Py_ssize_t i
        if self.by_repr is None:
            self.by_repr = {}
            for i in range(self.count):
                self.by_repr.setdefault(repr(self.names[i]), []).append(i)
        for i in self.by_repr.get(repr(move), ()):
            if same_move(self.names[i], move):
                return i
        for i in range(self.count):
            if same_move(self.names[i], move):
                return i
        return -1

    cdef Py_ssize_t first_written_alike(self, list equal, object move) except -2:
        """Of the indices of the names equal to `move` (in order): the one, or of several the
        first written as `move` is (repr()), else the first; -1 for none."""
        if not equal:
            return -1
        if len(equal) == 1:
            return equal[0]
        text = repr(move)
        for i in equal:
            if repr(self.names[i]) == text:
                return i
        return equal[0]


@cython.auto_pickle(False)     # the search's own wrapper: never pickled (its state is C fields)
cdef class PythonGameAdapter(NativeGame):
    """Wraps an instance of negamax.Game so the native search can call it."""

    cdef object game              # the user's game (a copy made by negamax.search)
    cdef list move_lists          # move_lists[ply]: the moves legal_moves() gave at that ply
    cdef list played              # for each make_move not yet unmade: did play() succeed?
    cdef bint undo_failed         # undo() raised: the game's state can no longer be trusted
    cdef int ply
    cdef object _legal_moves, _play, _undo, _is_terminal, _evaluate, _key, _order_hint
    cdef object _noisy_moves, _in_check, _play_null, _undo_null, _null_move_allowed
    cdef public object exception  # the first exception a callback raised
    """The first exception one of the game's callbacks raised, or None."""

    def __init__(self, game, int max_moves, int max_ply, bint has_key, bint has_order_hint,
                 bint has_noisy_moves=False, bint has_check=False, bint has_null_move=False):
        self.game = game
        self.max_moves = max_moves
        self.max_ply = max_ply
        self.move_lists = []
        self.played = []
        self.undo_failed = False
        self.ply = 0
        self.exception = None
        self._legal_moves = game.legal_moves
        self._play = game.play
        self._undo = game.undo
        self._is_terminal = game.is_terminal
        self._evaluate = game.evaluate
        self._key = game.key if has_key else None
        self._order_hint = game.order_hint if has_order_hint else None
        self.has_order_hints = has_order_hint
        self.has_keys = has_key
        self.has_noisy_moves = has_noisy_moves
        self.has_check = has_check
        self.has_null_move = has_null_move
        self._noisy_moves = game.noisy_moves if has_noisy_moves else None
        self._in_check = game.in_check if has_check else None
        self._play_null = game.play_null if has_null_move else None
        self._undo_null = game.undo_null if has_null_move else None
        self._null_move_allowed = getattr(game, "null_move_allowed", None) if has_null_move else None

    cdef object move_at(self, Move move):
        """The user's move for index `move` of this ply's list, checked: the module is compiled
        without bounds checks, and a game whose legal_moves() changes between two visits of a
        position (or a line replayed after the search) could ask for an index past its list."""
        cdef list legal = self.move_lists[self.ply] if self.ply < len(self.move_lists) else None
        if legal is None or not 0 <= move < len(legal):
            raise self.shrunk(0 if legal is None else len(legal))
        return legal[move]

    cdef list legal_list(self):
        """legal_moves() as a list, checked: an iterable of at most max_moves moves."""
        given = self._legal_moves()
        cdef bint whole = type(given) is list or type(given) is tuple
        try:
            # An iterator is read no further than one move past max_moves: an endless one
            # would fill the memory.
            legal = list(given) if whole else list(_first(given, self.max_moves + 1))
        except TypeError:
            raise TypeError(f"{type(self.game).__name__}.legal_moves() must return a list (or "
                            f"another iterable) of moves, not {type(given).__name__} "
                            f"{short_repr(given)}") from None
        if len(legal) > self.max_moves:
            given_count = f"{len(legal)} moves, more" if whole else "more moves"
            raise GameContractError(
                f"{type(self.game).__name__}.legal_moves() returned {given_count} than its "
                f"max_moves = {self.max_moves}; raise max_moves")
        return legal

    cdef list noisy_list(self):
        """noisy_moves() as a list, checked: an iterable."""
        given = self._noisy_moves()
        try:
            return list(given)
        except TypeError:
            raise TypeError(f"{type(self.game).__name__}.noisy_moves() must return a list (or "
                            f"another iterable) of moves, not {type(given).__name__} "
                            f"{short_repr(given)}") from None

    cdef void noisy_indices(self, list legal, list noisy, Move* moves) except *:
        """Each noisy move's index in `legal`, matched as root_moves matches (MoveIndex):
        the same object, else an equal one, of several the first written alike."""
        cdef Py_ssize_t i, found
        cdef MoveIndex index = MoveIndex(legal, len(noisy))
        for i in range(len(noisy)):
            found = index.find(noisy[i])
            if found < 0:
                raise GameContractError(
                    f"{type(self.game).__name__}.noisy_moves() gave {short_repr(noisy[i])}, which "
                    f"is not among legal_moves() here: a noisy move must be one of the legal "
                    f"moves (equal to one, ==)")
            moves[i] = <Move> found

    cdef void check_root_order(self, list legal) except *:
        """The search named the root's moves by their places in the list legal_moves() gave it
        there (move_lists[0], its last): the list given now must be the same, or those names
        would decode to other moves (a game that removes a move and appends it back on undo
        lists them in another order). GameContractError if it is not."""
        cdef list searched = self.move_lists[0] if self.move_lists else None
        if searched is None or len(searched) != len(legal):
            return          # never generated here, or shorter/longer: move_at's check tells
        for place, (before, now) in enumerate(zip(searched, legal)):
            if not _listed_alike(before, now):
                raise GameContractError(
                    f"{type(self.game).__name__}.legal_moves() listed the same position's moves "
                    f"differently after the search ({short_repr(legal, 120)}) than during it "
                    f"({short_repr(searched, 120)}): the move at place {place} is neither equal "
                    f"(==) nor alike in repr() to the one before. It must give the same moves, in "
                    f"the same order, every time a position is reached (undo() must put a move "
                    f"back where it was); moves made anew at each call must compare equal or "
                    f"print alike")

    cdef object shrunk(self, Py_ssize_t count):
        return GameContractError(
            f"{type(self.game).__name__}.legal_moves() gave {count} moves where it gave more "
            f"before in the same position: it must return the same moves, in the same order, "
            f"every time a position is reached")

    cdef object no_moves(self):
        """The error for legal_moves() giving none where the search asks for moves: the game
        is not over by is_terminal(), or it is over where the search had found the position
        open (it replays the moves of its lines by their place in legal_moves(), so another
        order there plays other moves)."""
        name = type(self.game).__name__
        if not self.as_bool(self._is_terminal(), "is_terminal"):
            return GameContractError(f"{name}.legal_moves() returned no moves but is_terminal() "
                                     f"is False")
        return GameContractError(
            f"{name}'s game ended where the search had found the position open: legal_moves() "
            f"must give the same moves, in the same order, every time a position is reached "
            f"(the search replays a line's moves by their place in that list)")

    cdef void fail(self, BaseException exception):
        if self.exception is None:
            self.exception = exception
        self.error = 1

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        cdef int i, count
        with gil:
            if self.error:
                return 0
            try:
                legal = self.legal_list()
                count = len(legal)
                if count == 0:
                    raise self.no_moves()
                while len(self.move_lists) <= self.ply:
                    self.move_lists.append(None)
                self.move_lists[self.ply] = legal
                for i in range(count):
                    moves[i] = i
                return count
            except BaseException as exception:
                self.fail(exception)
                return 0

    cdef void make_move(self, Move move) noexcept nogil:
        with gil:
            if self.error:
                self.played.append(False)
                return
            try:
                self._play(self.move_at(move))
                self.ply += 1
                self.played.append(True)
            except BaseException as exception:
                self.played.append(False)
                self.fail(exception)

    cdef void unmake_move(self, Move move) noexcept nogil:
        # Undo every move that was played, even after another callback failed, so the game
        # ends where it began; once undo() itself has failed, call it no more.
        with gil:
            if not self.played or not self.played.pop() or self.undo_failed:
                return
            try:
                self._undo()
                self.ply -= 1
            except BaseException as exception:
                self.undo_failed = True
                self.fail(exception)

    cdef bint as_bool(self, answer, str method) except -1:
        """The truth of a method's answer; TypeError naming the method for one with none (a
        numpy array of several values, say), rather than the answer's own error."""
        try:
            return bool(answer)
        except (TypeError, ValueError):
            raise TypeError(f"{type(self.game).__name__}.{method}() must return a bool, "
                            f"got {type(answer).__name__} {short_repr(answer)}") from None

    cdef object integer_answer(self, answer, str method):
        """The answer of a method that returns an int (evaluate, key, order_hint) as a Python
        int; TypeError naming the method for a bool (Python's or numpy's: no number here) or
        anything that is no integer (a float, a numpy array, ...), rather than the answer's
        own error."""
        if not _is_bool(answer):
            try:
                return _as_index(answer)
            except TypeError:
                pass
        raise TypeError(f"{type(self.game).__name__}.{method}() must return an int, got "
                        f"{type(answer).__name__} {short_repr(answer)}")

    cdef bint at_terminal(self) noexcept nogil:
        with gil:
            if self.error:
                return True
            try:
                return self.as_bool(self._is_terminal(), "is_terminal")
            except BaseException as exception:
                self.fail(exception)
                return True

    cdef Score static_evaluation(self) noexcept nogil:
        with gil:
            if self.error:
                return 0
            try:
                value = self.integer_answer(self._evaluate(), "evaluate")
                if not (-EVAL_LIMIT <= value <= EVAL_LIMIT or value == WIN or value == -WIN):
                    raise ValueError(f"{type(self.game).__name__}.evaluate() returned {value}: a value "
                                     f"must be WIN, -WIN or within +-EVAL_LIMIT = {EVAL_LIMIT}")
                return <Score> value
            except BaseException as exception:
                self.fail(exception)
                return 0

    cdef uint64_t position_key(self) noexcept nogil:
        with gil:
            if self.error or self._key is None:
                return 0
            try:
                key = self.integer_answer(self._key(), "key")
                if not -2**63 <= key < 2**64:
                    # Cut to 64 bits, positions with different keys would share one entry.
                    raise ValueError(f"{type(self.game).__name__}.key() must return a 64-bit int "
                                     f"(from -2**63 to 2**64 - 1), got {short_repr(key)}")
                return <uint64_t> (key & KEY_MASK)
            except BaseException as exception:
                self.fail(exception)
                return 0

    cdef int32_t move_order_hint(self, Move move) noexcept nogil:
        with gil:
            if self.error or self._order_hint is None:
                return 0
            try:
                hint = self.integer_answer(self._order_hint(self.move_at(move)), "order_hint")
                if not -2**31 <= hint < 2**31:
                    raise ValueError(f"{type(self.game).__name__}.order_hint() returned {hint}, "
                                     f"outside the 32-bit range the search sorts by")
                return <int32_t> hint
            except BaseException as exception:
                self.fail(exception)
                return 0

    cdef int generate_noisy_moves(self, Move* moves) noexcept nogil:
        cdef int i, count
        with gil:
            if self.error:
                return 0
            try:
                noisy = self.noisy_list()
                count = len(noisy)
                if count > self.max_moves:
                    raise GameContractError(
                        f"{type(self.game).__name__}.noisy_moves() returned {count} moves, more "
                        f"than its max_moves = {self.max_moves}")
                # A noisy move is named by its index in legal_moves(), as every other move
                # is: lines through quiescence (a principal variation, a trace) then decode
                # as any line does.
                legal = self.legal_list()
                while len(self.move_lists) <= self.ply:
                    self.move_lists.append(None)
                self.move_lists[self.ply] = legal
                self.noisy_indices(legal, noisy, moves)
                return count
            except BaseException as exception:
                self.fail(exception)
                return 0

    cdef bint move_is_noisy(self, Move move) noexcept nogil:
        with gil:
            if self.error or self._noisy_moves is None:
                return False
            try:
                return self.move_at(move) in self.noisy_list()
            except BaseException as exception:
                self.fail(exception)
                return False

    cdef bint in_check(self) noexcept nogil:
        with gil:
            if self.error or self._in_check is None:
                return False
            try:
                return self.as_bool(self._in_check(), "in_check")
            except BaseException as exception:
                self.fail(exception)
                return False

    cdef bint null_move_allowed(self) noexcept nogil:
        with gil:
            if self.error:
                return False
            if self._null_move_allowed is None:     # set to None: Game's default, allowed
                return self.has_null_move
            try:
                return self.as_bool(self._null_move_allowed(), "null_move_allowed")
            except BaseException as exception:
                self.fail(exception)
                return False

    cdef void make_null_move(self) noexcept nogil:
        with gil:
            if self.error:
                self.played.append(False)
                return
            try:
                self._play_null()
                self.ply += 1
                self.played.append(True)
            except BaseException as exception:
                self.played.append(False)
                self.fail(exception)

    cdef void unmake_null_move(self) noexcept nogil:
        with gil:
            if not self.played or not self.played.pop() or self.undo_failed:
                return
            try:
                self._undo_null()
                self.ply -= 1
            except BaseException as exception:
                self.undo_failed = True
                self.fail(exception)

    def decode_line(self, moves):
        """The user's moves along a line of move indices, found by replaying it."""
        line = []
        played = 0
        try:
            for index in moves:
                legal = self.legal_list()
                if played == 0:
                    self.check_root_order(legal)
                if not 0 <= index < len(legal):
                    raise self.shrunk(len(legal))
                move = legal[index]
                line.append(move)
                self.game.play(move)
                played += 1
        finally:
            for _ in range(played):
                self.game.undo()
        return line

    def decode_root_moves(self, moves):
        """The user's moves for move indices of the root, each a line of one move (what
        decode_line([index])[0] gives for each), from one call of legal_moves(): a root of
        thousands of moves is read once, not once a move."""
        cdef list legal = self.legal_list()
        self.check_root_order(legal)
        decoded = []
        for index in moves:
            if not 0 <= index < len(legal):
                raise self.shrunk(len(legal))
            decoded.append(legal[index])
        return decoded

    def decode_paths(self, plies, moves):
        """The paths of a trace's visits (see NativeGame.decode_paths), replaying each move
        once: the game follows the visits down and back up, and each position's moves are
        listed once while it is on the path (a visit's own replay listed a root of thousands
        of moves again for every visit below it)."""
        decoded = []          # the user's moves along the current path
        legal_at = []         # legal_at[p]: legal_moves() after the first p moves of the path
        played = 0
        try:
            for ply, move in zip(plies, moves):
                kept = max(ply - 1, 0)
                while played > kept:
                    self.game.undo()
                    played -= 1
                    decoded.pop()
                del legal_at[played + 1:]
                if ply > 0:
                    if len(legal_at) <= played:
                        legal = self.legal_list()
                        if played == 0:
                            self.check_root_order(legal)
                        legal_at.append(legal)
                    legal = legal_at[played]
                    if not 0 <= move < len(legal):
                        raise self.shrunk(len(legal))
                    decoded.append(legal[move])
                    self.game.play(legal[move])
                    played += 1
                yield tuple(decoded)
        finally:
            for _ in range(played):
                self.game.undo()

    def copy(self):
        raise TypeError("copy the wrapped game instead")

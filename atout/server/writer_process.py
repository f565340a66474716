"""The store's writer in its own process: what it is given, how it commits, and
what it tells back.

A writer thread shared the interpreter's lock with the event loop: at 700
tables the games ending (finish, save, start: 2-3 ms of ORM work each, three
times what they cost alone) and the group commits took a quarter of it, and
every table's updates waited. In its own process the writer competes for a
core only. The server hands it jobs over a socket, each turn of its event loop
at once (``writer.Writer``), as length-prefixed pickles; it answers with a
``Report`` after each transaction.

Actions waiting are committed together in one transaction (group commit); any
other job is its own transaction, in the order those came, and the actions
waiting go before each. A table awaits each of its writes, so no two jobs of
one table ever wait together: the order only decides who waits. Every
transaction first checks that the server still owns what it writes (the
fence): the whole database (``lease.fence``, renewing its lease), or in a
cluster each table whose jobs it holds (``table_lease.fence``); a job whose
table another node took over fails and writes nothing. A write that fails
fails its jobs with StorageError and leaves the store as it was. The process
renews nothing of its own accord: the server's event loop sends it a
transaction of nothing every few seconds (``keep_alive``), so that a server
whose loop stopped loses its lease.
"""

from __future__ import annotations

import contextlib
import pickle
import select
import signal
import socket
import struct
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Final

from sqlalchemy import Connection, insert
from sqlalchemy import select as select_rows
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from atout.server import lease
from atout.server.store import ActionRow, Store
from atout.server.table_lease import TableLease

BATCH: Final = 500
CHECK_SECONDS: Final = 1.0
"""How long the process holds a connection before the pool checks it again
(``_Worker._given``)."""
"""Most actions committed in one transaction."""
_INSERT: Final = insert(ActionRow)
"""Built once, as the fences' statements: building costs more than running."""
_COLUMNS: Final = ("game_id", "index", "text", "at")
_HEADER: Final = struct.Struct("!I")
Fence = Callable[[Connection, list[TableLease]], set[str]]
"""Checks, inside a write transaction, that this server owns what it writes:
returns the tables among the leases it no longer owns (or raises LeaseLost
when it owns nothing any more). Given to the writer's process: a function of
a module, or a ``partial`` of one."""


class StorageError(Exception):
    """A write that did not happen: the store is as it was before it."""


Append = tuple[int, int, str]
"""Store an action: its game's id, its index in the game, its text (a plain
tuple: pickled in a tenth of a dataclass's time, and there is one per action)."""


@dataclass(frozen=True, slots=True)
class Call:
    """Run ``work(session, *args)`` in its own transaction: ``work`` a function
    of a module (pickled by name), ``args`` its values."""

    work: Callable[..., Any]
    args: tuple[Any, ...] = ()

    def __call__(self, db: Session) -> Any:
        return self.work(db, *self.args)


Job = tuple[int, Append | Call, TableLease | None]
"""A job as the server hands it: its number, its work, and the lease of the
table it writes for when it is fenced per table."""


@dataclass
class Report:
    """What the writer tells after a transaction: each job's outcome (its number,
    its result, or the error it failed with), the tables found taken over, the
    size of each group commit, and whether the store is failing."""

    outcomes: list[tuple[int, Any, Exception | None]] = field(default_factory=list)
    lost: set[str] = field(default_factory=set)
    batches: list[int] = field(default_factory=list)
    failing: bool = False
    failure: str = ""
    """The first line of the last failure, when ``failing``."""


def frame(message: object) -> bytes:
    """A message as it travels: its pickle's length, then the pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


class Frames:
    """Messages out of a stream of bytes, whatever pieces it comes in."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[Any]:
        """The messages ``data`` completes, each given once (whatever its reader
        then does with them)."""
        self._buffer += data
        messages, start = [], 0
        while len(self._buffer) - start >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self._buffer, start)
            end = start + _HEADER.size + size
            if len(self._buffer) < end:
                break
            messages.append(pickle.loads(self._buffer[start + _HEADER.size : end]))
            start = end
        del self._buffer[:start]
        return messages


def serve(channel: socket.socket, url: str, fence: Fence) -> None:
    """The writer process's life: write what comes until told to stop (``None``)
    or until the server is gone (its socket closed)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C stops the server, which stops us
    store = Store(url, upgrade=False)
    try:
        _Worker(store, fence, channel).run()
    finally:
        store.close()
        channel.close()


class _Worker:
    def __init__(self, store: Store, fence: Fence, channel: socket.socket) -> None:
        self.store, self.fence = store, fence
        self.channel = channel
        self.frames = Frames()
        self.report = Report()
        self.failing = False
        self._db: Connection | None = None
        self._taken = 0.0
        """When ``_db`` was taken from the pool."""

    def run(self) -> None:
        """Take what was given, commit the appends, then the oldest other job;
        again until nothing is left (after ``None``, the last, stop)."""
        others: deque[Job] = deque()
        stopping = False
        while True:
            given = self._given(wait=not others and not stopping)
            if given is None:  # the server is gone: what it waited for is moot
                return
            stopping = stopping or any(jobs is None for jobs in given)
            appends: list[Job] = []
            for job in (job for jobs in given if jobs is not None for job in jobs):
                (appends if isinstance(job[1], tuple) else others).append(job)
            for start in range(0, len(appends), BATCH):
                self._appends(appends[start : start + BATCH])
            if others:
                job = others.popleft()
                assert isinstance(job[1], Call)
                self._transaction(partial(_in_session, job[1]), [job])
            self._send()
            if stopping and not others:
                self._give_back()
                return

    def _given(self, wait: bool) -> list[list[Job] | None] | None:
        """The lists of jobs handed over (waiting for the first, if ``wait``);
        None when the server closed its end. Before waiting, a connection held
        for ``CHECK_SECONDS`` goes back to the pool, whose check at the next job
        finds one the database closed meanwhile (a restart): kept, it failed the
        next job that wrote, however late it came (a guest's hello refused),
        as the transactions of nothing that renew a lease send it nothing."""
        if wait:
            if self._db is not None and time.monotonic() - self._taken > CHECK_SECONDS:
                self._give_back()
            select.select([self.channel], [], [])
        messages: list[list[Job] | None] = []
        while True:
            try:
                data = self.channel.recv(1 << 16, socket.MSG_DONTWAIT)
            except BlockingIOError:
                return messages
            except OSError:  # reset: the server was killed
                data = b""
            if not data:
                return messages or None
            messages.extend(self.frames.feed(data))

    def _send(self) -> None:
        report = self.report
        if report.outcomes or report.lost or report.batches or report.failing != self.failing:
            report.failing = self.failing
            with contextlib.suppress(OSError):  # the server is gone: the next read says so
                self.channel.sendall(frame(report))
        self.report = Report(failing=self.failing, failure=report.failure)

    def _appends(self, jobs: list[Job]) -> None:
        if not jobs:
            return
        self.report.batches.append(len(jobs))
        now = time.time()
        try:
            held = self._transaction(partial(_insert, at=now), jobs, raising=True)
        except IntegrityError:
            # One action is already stored (a commit that reported failure but
            # happened): store the others alone, and accept the one found equal.
            for job in jobs:
                assert isinstance(job[1], tuple)
                self._transaction(partial(_append_once, action=job[1], at=now), [job])
            return
        except Exception as error:  # each waiting table is told
            self._fail(jobs, error)
            return
        self._settle([(number, None, None) for number, _, _ in held])

    def _transaction(
        self, work: Callable[[Connection, list[Job]], Any], jobs: list[Job], raising: bool = False
    ) -> Any:
        """Run ``work`` on the jobs that pass the fence, in one transaction (those
        that do not fail at once). Raising: errors are raised and the jobs that
        passed returned, for the caller to settle; else the jobs get the
        outcome, one job's result or error."""
        try:
            db = self._connection()
            with db.begin():
                held = self._fenced(db, jobs)
                result = work(db, held) if held or not jobs else None
        except IntegrityError:
            if raising:
                raise
            self._fail(jobs, StorageError("conflicting write"))
            return None
        except Exception as error:
            self._give_back()
            if raising:
                raise
            self._fail(jobs, error)
            return None
        self.failing = False
        if raising:
            return held
        self._settle([(number, result, None) for number, _, _ in held])
        return result

    def _connection(self) -> Connection:
        """The process's connection, kept from one transaction to the next for a
        second at most (``_given``): taking it from the pool and giving it back
        cost a third of a small group commit. A transaction that failed otherwise
        than by a conflict gives it back, so that the next one starts on a fresh
        connection."""
        if self._db is None:
            self._db = self.store.engine.connect()
            self._taken = time.monotonic()
        return self._db

    def _give_back(self) -> None:
        if self._db is not None:
            with contextlib.suppress(Exception):  # a broken connection is dropped all the same
                self._db.close()
            self._db = None

    def _fenced(self, db: Connection, jobs: list[Job]) -> list[Job]:
        """The jobs whose table this server still owns; the others fail now,
        having written nothing."""
        leases = {table.table: table for _, _, table in jobs if table is not None}
        lost = self.fence(db, list(leases.values()))
        if not lost:
            return jobs
        self.report.lost |= lost
        dropped = [job for job in jobs if job[2] is not None and job[2].table in lost]
        taken_over = StorageError("the table's lease was taken over")
        # not a failing store: the node stays ready for its other tables
        self._settle([(number, None, taken_over) for number, _, _ in dropped])
        return [job for job in jobs if job not in dropped]

    def _fail(self, jobs: list[Job], error: Exception) -> None:
        if isinstance(error, SQLAlchemyError | lease.LeaseLost | OSError):
            self.failing = True
            self.report.failure = str(error).splitlines()[0]
            error = StorageError(self.report.failure)
        self._settle([(number, None, _portable(error)) for number, _, _ in jobs])

    def _settle(self, outcomes: list[tuple[int, Any, Exception | None]]) -> None:
        self.report.outcomes.extend(outcomes)


def _portable(error: Exception) -> Exception:
    """``error`` if it survives the trip back to the server, else a StorageError
    that says what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return StorageError(f"{type(error).__name__}: {error}")
    return error


def keep_alive(db: Session) -> None:
    """Nothing: a transaction, whose fence renews the server's lease."""


def whole_database(db: Connection, leases: list[TableLease], *, owner: str) -> set[str]:
    """The one-server fence: the whole database's lease, renewed (LeaseLost if not ours)."""
    lease.fence(db, owner)
    return set()


def _insert(db: Connection, held: list[Job], *, at: float) -> None:
    """Store the actions of the appends that passed the fence in one statement
    of many rows, run on the driver's own cursor: SQLAlchemy's work around a
    statement cost a fifth of a small group commit, and one statement per row
    (``executemany``) as much again. Its errors are SQLAlchemy's as usual (an
    IntegrityError for an action already stored)."""
    rows = [(*work, at) for _, work, _ in held if isinstance(work, tuple)]
    if not rows:
        return
    text = _insert_text(db.dialect, len(rows))
    values = [value for row in rows for value in row]
    cursor = db.connection.cursor()
    try:
        cursor.execute(text, values)
    except db.dialect.loaded_dbapi.Error as error:
        raise DBAPIError.instance(
            text, values, error, db.dialect.loaded_dbapi.Error, dialect=db.dialect
        ) from error
    finally:
        cursor.close()


@lru_cache(maxsize=128)  # batches of a few actions, mostly
def _insert_text(dialect: Dialect, rows: int) -> str:
    """The insert of ``rows`` actions in the driver's words: its placeholders,
    names quoted (``BATCH`` rows of 4 values stay below every driver's limit on
    parameters: SQLite's 32,766, PostgreSQL's 65,535)."""
    quote = dialect.identifier_preparer.quote
    mark = "?" if dialect.paramstyle == "qmark" else "%s"
    columns = ", ".join(map(quote, _COLUMNS))
    row = "(" + ", ".join([mark] * len(_COLUMNS)) + ")"
    return f"INSERT INTO {quote(ActionRow.__tablename__)} ({columns}) VALUES " + ", ".join(
        [row] * rows
    )


def _in_session(work: Call, db: Connection, held: list[Job]) -> Any:
    """Run ORM work inside the writer's transaction (the session joins it)."""
    session = Session(bind=db, expire_on_commit=False)
    result = work(session)
    session.flush()
    return result


def _append_once(db: Connection, held: list[Job], *, action: Append, at: float) -> None:
    """Store an action unless the same one is stored already; a different one
    there would be a fork, which the lease makes impossible: refused."""
    game_id, index, text = action
    stored = db.scalar(
        select_rows(ActionRow.text).where(ActionRow.game_id == game_id, ActionRow.index == index)
    )
    if stored is None:
        db.execute(_INSERT, [{"game_id": game_id, "index": index, "text": text, "at": at}])
    elif stored != text:
        raise StorageError(f"game {game_id} holds another action {index}")

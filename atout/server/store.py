"""The server's durable store (SQLAlchemy): accounts, guests, friendships and blocks,
score sheets, tables with their logs, games, the chips ledger and the lease of the
one server using it.

SQLite in the data directory by default, or any SQLAlchemy URL. One server
process owns a database at a time (``atout.server.lease``); its tables write
through ``atout.server.writer`` off the event loop, and each action is stored
before anyone hears of it, which is what makes crash recovery exact.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from atout.server import schema

BUSY_SECONDS: Final = 2.0
LARGEST_ID: Final = 2**31 - 1
"""The largest id an ``Integer`` column holds on PostgreSQL: a larger id asked
for (in a path) is no row's, and is answered as any id not found, never looked
up (PostgreSQL refuses to compare it)."""


def storable(row_id: int) -> bool:
    """Whether a row may have ``row_id`` (at most ``LARGEST_ID``): an id asked for
    that none may have is answered as not found without being looked up."""
    return row_id <= LARGEST_ID


IDLE_IN_TRANSACTION: Final = "-c idle_in_transaction_session_timeout=3000"


class StoreError(RuntimeError):
    """The store cannot be opened as configured; the message says what to do."""


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32), unique=True)
    name_key: Mapped[str] = mapped_column(String(100), unique=True)
    """The name case-folded: two names with one key are one account (``names``)."""
    password_hash: Mapped[str] = mapped_column(String(200))
    created: Mapped[float] = mapped_column(Float, default=time.time)
    xp: Mapped[int] = mapped_column(Integer, default=0)
    mu: Mapped[float] = mapped_column(Float, default=25.0)
    sigma: Mapped[float] = mapped_column(Float, default=25.0 / 3)


class SessionToken(Base):
    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created: Mapped[float] = mapped_column(Float, default=time.time)
    last_used: Mapped[float] = mapped_column(Float, default=time.time)


class Guest(Base):
    """A guest's identity: only the hash of its secret token is kept, as for sessions."""

    __tablename__ = "guests"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    """``g:`` and the token's hash: the guest's seat key at tables."""
    name: Mapped[str] = mapped_column(String(48), index=True)
    """No other guest's (``accounts.add_guest``)."""
    created: Mapped[float] = mapped_column(Float, default=time.time)


class ServerLease(Base):
    """The one row saying which server process owns the database, and when it was
    last alive (renewed by every write and every second): a second server refuses
    to start, and a restarted one knows when its predecessor stopped."""

    __tablename__ = "server_lease"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """None once its owner stopped cleanly."""
    renewed: Mapped[float] = mapped_column(Float)


class TableLeaseRow(Base):
    """Which node of a cluster owns a table (``atout.server.table_lease``): the
    fencing ``token`` grows at each takeover, and every write of the table checks
    it in its own transaction, so a former owner can never write again."""

    __tablename__ = "table_leases"
    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32), index=True)
    token: Mapped[int] = mapped_column(Integer)
    renewed: Mapped[float] = mapped_column(Float)
    """Wall time of the owner's last renewal: when it was last known alive."""


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    """Per seat: null (robot) or {"key", "user": id|null, "name", "ip", "away_until"?}
    (``away_until``: wall time a disconnected player's grace period ends)."""
    master: Mapped[str] = mapped_column(String(40))
    """The master's key (``u:<id>`` or ``g:<hash>``)."""
    master_name: Mapped[str] = mapped_column(String(48), default="")
    invite_code: Mapped[str] = mapped_column(String(32))
    invited: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """Keys of the accounts invited by name."""
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    """waiting, playing or closed."""
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    votes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """Seats voting for the amicable end of the current game."""


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    game: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str | None] = mapped_column(String(32), nullable=True)
    engine_options: Mapped[dict[str, Any]] = mapped_column(JSON)
    table_options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    """playing, over or cancelled."""
    shared_ip: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    abandoned: Mapped[list[Any]] = mapped_column(JSON, default=list)
    started: Mapped[float] = mapped_column(Float, default=time.time)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "index"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    index: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float, default=time.time)
    """When it was stored: the next player's turn clock started then."""


class GamePlayer(Base):
    """One human's outcome in one scored game: feeds profiles and statistics."""

    __tablename__ = "game_players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    xp: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer, default=0)
    deal_score_total: Mapped[int] = mapped_column(Integer, default=0)
    contracts_taken: Mapped[int] = mapped_column(Integer, default=0)
    contracts_made: Mapped[int] = mapped_column(Integer, default=0)


class GameSeat(Base):
    """A registered player seated in a game, practice or competitive: finds a
    player's games (the replay list's filter) without reading every game's seats.
    ``seat`` is the seat at the first deal the player played; when the players
    change during a game (triplettes), one who joins it later at a seat already
    listed has the next number from ``players`` on (the deals' seats are in the
    game's ``lineups``, ``atout.server.tablestore.seat_deal``)."""

    __tablename__ = "game_seats"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)


class BadgeRow(Base):
    """A badge a player earned (``atout.server.badges``): once, with its date and game."""

    __tablename__ = "badges"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    badge: Mapped[str] = mapped_column(String(32), primary_key=True)
    earned: Mapped[float] = mapped_column(Float, default=time.time)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), nullable=True)


class AvatarRow(Base):
    """A player's avatar: one of the drawn ones by name, or an uploaded image
    (type checked from its bytes, ``atout.server.images``)."""

    __tablename__ = "avatars"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    drawn: Mapped[str | None] = mapped_column(String(32), nullable=True)
    content_type: Mapped[str | None] = mapped_column(String(32), nullable=True)
    image: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    updated: Mapped[float] = mapped_column(Float, default=time.time)
    """When it was chosen: the version in its address, so that a change shows at once."""


class Friendship(Base):
    """One side of a friendship, by user id: (a, b) not accepted is a's request
    to b; accepted, there is also (b, a), so each side lists its friends alone."""

    __tablename__ = "friendships"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    accepted: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[float] = mapped_column(Float, default=time.time)


class SheetRow(Base):
    """A registered player's score sheet (``atout.server.sheets``): the sheet as
    written (``atout.sheet.SheetInput``), scored again whenever it is read."""

    __tablename__ = "sheets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    share: Mapped[str | None] = mapped_column(String(32), unique=True, nullable=True)
    """The token of its read-only public address, while it is shared."""
    created: Mapped[float] = mapped_column(Float, default=time.time)
    updated: Mapped[float] = mapped_column(Float, default=time.time)


class Block(Base):
    """``user_id`` blocked ``blocked_id``: no friendship, requests or invitations
    between them, neither at the other's private tables, their chat hidden."""

    __tablename__ = "blocks"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    created: Mapped[float] = mapped_column(Float, default=time.time)


class LedgerEntry(Base):
    """One leg of a chips transfer; the legs of a transfer (same txn) sum to zero."""

    __tablename__ = "ledger"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    txn: Mapped[str] = mapped_column(String(32), index=True)
    account: Mapped[str] = mapped_column(String(48), index=True)
    amount: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float, default=time.time)


class Allowance(Base):
    """A daily allowance taken: one row per user and UTC day, so that two claims at
    once cannot both be paid (the second breaks the primary key)."""

    __tablename__ = "allowances"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    """``YYYY-MM-DD`` in UTC."""


class AnalysisRow(Base):
    """The strong robot's review of a game for one seat (``atout.server.analyses``),
    by the digest of what it reviewed: the record, the seat and the budget."""

    __tablename__ = "analyses"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    seat: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="running")
    """running, done or failed."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The review (``Review.to_dict``), or ``{"error": ...}`` when it failed."""
    created: Mapped[float] = mapped_column(Float, default=time.time)


class TournamentRow(Base):
    """A duplicate tournament: its whole state as ``atout.tournament.state`` writes it;
    ``version`` grows with each change, so that two writes cannot both win."""

    __tablename__ = "tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    master: Mapped[str] = mapped_column(String(40), index=True)
    """The organiser's key (``u:<id>`` or ``g:<hash>``)."""
    name: Mapped[str] = mapped_column(String(64))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created: Mapped[float] = mapped_column(Float, default=time.time)
    tables: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """The server tables playing it online: table id -> [position, table] (from 0)."""
    online: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Online play (``atout.server.tournament_live``): ``entrants``, player number (from
    1, as text) -> the key, name and account id holding that place; ``over``."""


class Store:
    """The database of one server, created on first use."""

    def __init__(self, url: str, upgrade: bool = True) -> None:
        """Open the database at ``url``, its schema brought up to date unless
        ``upgrade`` is False (a process of a server that did so: its writer's)."""
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            # A lock held elsewhere fails a write after a few seconds: the writer
            # retries and its tables say they wait, rather than hang silently.
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": BUSY_SECONDS}
        elif url.startswith(("postgresql:", "postgres:")):  # psycopg 3, the extra's driver
            url = "postgresql+psycopg:" + url.split(":", 1)[1]
        if url.startswith("postgresql"):
            # A process paused inside a transaction (SIGSTOP, a frozen VM) must not
            # hold its row locks, a table lease's among them, for ever.
            kwargs["connect_args"] = {"options": IDLE_IN_TRANSACTION}
            # A connection the database closed (a restart) is found out before use,
            # not by the request it was handed to.
            kwargs["pool_pre_ping"] = True
        try:
            self.engine: Engine = create_engine(url, **kwargs)
        except ModuleNotFoundError as missing:
            raise StoreError(
                f"this database needs the driver {missing.name!r}: for PostgreSQL, "
                "install atout with its extra (pip install 'atout[postgres]')"
            ) from None
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        if upgrade:
            schema.upgrade(self.engine)
        self.session: sessionmaker[Session] = sessionmaker(self.engine, expire_on_commit=False)

    @classmethod
    def in_dir(cls, data_dir: Path) -> Store:
        """The default store: an SQLite file ``atout.sqlite3`` in ``data_dir``."""
        data_dir.mkdir(parents=True, exist_ok=True)
        return cls(f"sqlite:///{data_dir / 'atout.sqlite3'}")

    def close(self) -> None:
        """Release connections."""
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL keeps readers off the writers' way; NORMAL sync survives process crashes."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()

"""Optional accounts (docs/server.md, Accounts): play needs none, but with one the seats of
my games follow me to any browser where I sign in.

An account is an e-mail address, a name and a password hashed with Argon2id. Signing in
gives the browser a session cookie (HttpOnly, SameSite=Lax, Secure behind TLS) whose sha256
alone is stored. The seats an account holds are those made or joined while signed in, and
those this browser's tokens attach; a signed-in browser gets a *seat key* for each, a token
of its own that plays the seat as the seat's token does, stored as a hash bound to its
session: signing out (or the session's end) revokes them, and another account's cookie
reaches none of them. Deleting an account deletes its sessions, keys, seat links and
notification addresses, and renames its seats "Player N": the games' records stay, with
nobody's name in them.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Annotated, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import FastAPI, Request, Response, Security
from fastapi.security import APIKeyCookie
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from tablelands.core.game import JsonDict
from tablelands.server.access import client_of, hub_of, quotas_of
from tablelands.server.db import (
    AccountRow,
    AccountSeatRow,
    GameRow,
    NotifyTargetRow,
    PasskeyCeremonyRow,
    PasskeyRow,
    SeatKeyRow,
    SeatRow,
    SessionRow,
    SignInLinkRow,
    aware,
)
from tablelands.server.errors import ForbiddenError, RefusedError, ServerError
from tablelands.server.events import Event
from tablelands.server.schemas import AttachSeat, LinkRequest, LinkSignIn, SignIn, SignUp
from tablelands.server.store import Store

#: The session cookie's name, and how long a session lasts.
COOKIE = "tl_session"
SESSION_DAYS = 30
#: The cookie as the API document names it (a security scheme: what a request is refused
#: 401 without).
SESSION_COOKIE = APIKeyCookie(
    name=COOKIE, auto_error=False, description="A signed-in browser's session"
)
#: A password's length: long enough to be worth hashing, short enough not to be a load.
PASSWORD_LENGTH = (10, 200)
ADDRESS = re.compile(r"[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+")
#: The seats one account may hold.
MAX_SEATS = 2000
#: Argon2id with argon2-cffi's defaults (RFC 9106's second recommendation).
HASHER = PasswordHasher()
#: How long a sign-in link sent by e-mail is good for.
LINK_MINUTES = 15
#: What a wrong address and a wrong password both get: which one was wrong is not told.
NO_SUCH_SIGN_IN = "no account has that e-mail address and password"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class NotSignedInError(ServerError):
    status = 401


class Accounts:
    """The accounts of one database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # A hash to check a password against when no account has the address, so that a
        # sign-in takes as long whether the address is known or not.
        self._decoy = HASHER.hash(secrets.token_hex(16))

    # -- signing up and in ---------------------------------------------------------

    def sign_up(self, request: SignUp) -> tuple[str, str]:
        """A new account and its first session: the account's id and the cookie's token;
        ``RefusedError`` saying what is wrong."""
        email = request.email.strip().lower()
        if not ADDRESS.fullmatch(email):
            raise RefusedError(f"{request.email!r} is not an e-mail address")
        low, high = PASSWORD_LENGTH
        if not low <= len(request.password) <= high:
            raise RefusedError(f"a password has {low} to {high} characters")
        account = AccountRow(
            id=secrets.token_urlsafe(12),
            email=email,
            name=(request.name or email.split("@")[0]).strip()[:100],
            password_hash=HASHER.hash(request.password),
            created_at=self.store.now(),
        )
        try:
            with self.store.writing() as session:
                session.add(account)
        except IntegrityError:
            raise RefusedError("an account has that e-mail address already: sign in") from None
        return account.id, self.new_session(account.id)

    def sign_in(self, request: SignIn) -> tuple[str, str]:
        """The account of an address and password, and a new session's cookie token;
        ``ForbiddenError`` (the same for a wrong address as for a wrong password)."""
        email = request.email.strip().lower()
        with self.store.session() as session:
            account = session.scalar(select(AccountRow).where(AccountRow.email == email))
        known = account.password_hash if account is not None else self._decoy
        try:
            HASHER.verify(known, request.password)
        except (VerificationError, InvalidHashError):
            raise ForbiddenError(NO_SUCH_SIGN_IN) from None
        if account is None:
            raise ForbiddenError(NO_SUCH_SIGN_IN)
        if HASHER.check_needs_rehash(account.password_hash):
            with self.store.writing() as session:
                session.execute(
                    update(AccountRow)
                    .where(AccountRow.id == account.id)
                    .values(password_hash=HASHER.hash(request.password))
                )
        return account.id, self.new_session(account.id)

    def new_session(self, account_id: str) -> str:
        """A new session of the account: its cookie's token (only its sha256 is stored)."""
        token = secrets.token_urlsafe(32)
        at = self.store.now()
        with self.store.writing() as session:
            session.add(
                SessionRow(
                    id=_hash(token),
                    account_id=account_id,
                    created_at=at,
                    expires_at=at + timedelta(days=SESSION_DAYS),
                )
            )
        return token

    def link(self, request: LinkRequest) -> tuple[str, str] | None:
        """A sign-in link's token for the account of an address, good once for
        ``LINK_MINUTES``, with the address to send it to; ``None`` when no account has the
        address (which the answer does not tell)."""
        email = request.email.strip().lower()
        with self.store.session() as session:
            account = session.scalar(select(AccountRow.id).where(AccountRow.email == email))
        if account is None:
            return None
        token = secrets.token_urlsafe(32)
        with self.store.writing() as session:
            session.add(
                SignInLinkRow(
                    token_hash=_hash(token),
                    account_id=account,
                    expires_at=self.store.now() + timedelta(minutes=LINK_MINUTES),
                )
            )
        return email, token

    def follow(self, token: str) -> tuple[str, str]:
        """Sign in by a link's token (used up by it): the account and a new session's
        cookie token; ``ForbiddenError`` for a link unknown, used or too old."""
        with self.store.writing() as session:
            row = session.get(SignInLinkRow, _hash(token))
            if row is not None:
                session.delete(row)
        if row is None or aware(row.expires_at) <= self.store.now():
            raise ForbiddenError("this sign-in link is unknown, used already or too old")
        return row.account_id, self.new_session(row.account_id)

    def sign_out(self, token: str | None) -> None:
        """The session ends: its cookie, and every seat key minted for it, play nothing."""
        if token:
            with self.store.writing() as session:
                session.execute(delete(SeatKeyRow).where(SeatKeyRow.session_id == _hash(token)))
                session.execute(delete(SessionRow).where(SessionRow.id == _hash(token)))

    def account_of(self, token: str | None) -> str | None:
        """The account a session cookie's token is signed in to, while the session lasts."""
        if not token:
            return None
        query = select(SessionRow.account_id).where(
            SessionRow.id == _hash(token), SessionRow.expires_at > self.store.now()
        )
        with self.store.session() as session:
            return session.scalar(query)

    # -- the account's seats -------------------------------------------------------

    def me(self, account_id: str) -> JsonDict:
        """The account as its owner sees it, with the seats it holds (no token)."""
        with self.store.session() as session:
            account = session.get(AccountRow, account_id)
            if account is None:
                raise NotSignedInError("the account is gone: sign in again")
            held = session.execute(
                select(AccountSeatRow.game_id, AccountSeatRow.seat)
                .where(AccountSeatRow.account_id == account_id)
                .order_by(AccountSeatRow.game_id, AccountSeatRow.seat)
            ).all()
        return {
            "id": account.id,
            "email": account.email,
            "name": account.name,
            "created_at": _iso(account.created_at),
            "seats": [{"game": game, "seat": seat} for game, seat in held],
        }

    def attach(self, account_id: str, game_id: str, seat: int) -> None:
        """The account holds ``seat`` (its person proved it with the seat's token);
        ``RefusedError`` when another account holds it."""
        with self.store.writing() as session:
            holder = session.scalar(
                select(AccountSeatRow.account_id).where(
                    AccountSeatRow.game_id == game_id, AccountSeatRow.seat == seat
                )
            )
            if holder == account_id:
                return
            if holder is not None:
                raise RefusedError("another account holds this seat")
            count = session.scalar(
                select(func.count())
                .select_from(AccountSeatRow)
                .where(AccountSeatRow.account_id == account_id)
            )
            if (count or 0) >= MAX_SEATS:
                raise RefusedError(f"an account holds at most {MAX_SEATS} seats")
            session.add(AccountSeatRow(game_id=game_id, seat=seat, account_id=account_id))

    def seat_keys(self, account_id: str, token: str) -> list[JsonDict]:
        """A seat key for this browser (the session of ``token``) for every seat the
        account holds, each replacing any minted for this session before: the games with
        their titles, the seat and its key."""
        session_id = _hash(token)
        with self.store.writing() as session:
            held = session.execute(
                select(AccountSeatRow.game_id, AccountSeatRow.seat, GameRow.title, GameRow.game)
                .join(GameRow, GameRow.id == AccountSeatRow.game_id)
                .where(AccountSeatRow.account_id == account_id)
                .order_by(GameRow.created_at)
            ).all()
            session.execute(delete(SeatKeyRow).where(SeatKeyRow.session_id == session_id))
            found: list[JsonDict] = []
            for game_id, seat, title, game in held:
                key = secrets.token_urlsafe(32)
                session.add(
                    SeatKeyRow(
                        token_hash=_hash(key), game_id=game_id, seat=seat, session_id=session_id
                    )
                )
                found.append(
                    {"game": game_id, "title": title, "name": game, "seat": seat, "token": key}
                )
        return found

    def delete(self, account_id: str) -> list[str]:
        """Delete the account and the person's data: sessions, seat keys, seat links,
        passkeys and notification addresses go, and its seats are renamed "Player N"; the games whose
        seats were renamed (their records stay, anonymous)."""
        with self.store.writing() as session:
            held = session.execute(
                select(AccountSeatRow.game_id, AccountSeatRow.seat).where(
                    AccountSeatRow.account_id == account_id
                )
            ).all()
            sessions = select(SessionRow.id).where(SessionRow.account_id == account_id)
            session.execute(delete(SeatKeyRow).where(SeatKeyRow.session_id.in_(sessions)))
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            for game_id, seat in held:
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                    .values(name=f"Player {seat + 1}")
                )
                session.execute(
                    delete(NotifyTargetRow).where(
                        NotifyTargetRow.game_id == game_id, NotifyTargetRow.seat == seat
                    )
                )
            session.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account_id))
            session.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
            session.execute(
                delete(PasskeyCeremonyRow).where(PasskeyCeremonyRow.account_id == account_id)
            )
            session.execute(delete(AccountRow).where(AccountRow.id == account_id))
        games = sorted({game_id for game_id, _ in held})
        for game_id in games:
            self.store.tell(Event(game_id, Event.SEATS))
        return games


def _iso(at: datetime) -> str:
    return at.isoformat()


Cookie = Annotated[str | None, Security(SESSION_COOKIE)]


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def set_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        # Behind a proxy that terminates TLS, uvicorn takes the scheme it forwards.
        secure=request.url.scheme == "https",
        samesite="lax",
        path="/",
    )


async def signed_in(request: Request, cookie: str | None) -> str:
    """The account the request's session cookie is signed in to; ``NotSignedInError``."""
    account = await hub_of(request).query(accounts_of(request).account_of, cookie)
    if account is None:
        raise NotSignedInError("sign in first")
    return account


async def signing_in(
    request: Request, response: Response, work: Callable[..., tuple[str, str]], *args: Any
) -> JsonDict:
    """Sign this browser in by ``work`` (counted by the quota): the account it gives,
    its session's cookie set."""
    quotas_of(request).before_sign_in(client_of(request))
    account, token = await hub_of(request).query(work, *args)
    set_cookie(request, response, token)
    return await hub_of(request).query(accounts_of(request).me, account)


def add_account_routes(app: FastAPI) -> None:
    @app.post("/api/account", status_code=201)
    async def sign_up(request: Request, response: Response, body: SignUp) -> JsonDict:
        """Make an account and sign this browser in."""
        return await signing_in(request, response, accounts_of(request).sign_up, body)

    @app.post("/api/session")
    async def sign_in(request: Request, response: Response, body: SignIn) -> JsonDict:
        """Sign this browser in to an account."""
        return await signing_in(request, response, accounts_of(request).sign_in, body)

    @app.post("/api/session/link", status_code=202)
    async def send_link(request: Request, body: LinkRequest) -> JsonDict:
        """E-mail a sign-in link to the address, if an account has it (the answer is the
        same either way)."""
        quotas_of(request).before_sign_in(client_of(request))
        accounts = accounts_of(request)
        notices = request.app.state.notices
        if notices.mailer is None:
            raise RefusedError("this server sends no e-mail: sign in with your password")
        made = await hub_of(request).query(accounts.link, body)
        if made is not None:
            email, token = made
            url = f"{notices.public_url}/account#link={token}"
            text = (
                "Someone (you, we hope) asked to sign in to tablelands with this address.\n"
                f"Sign in: {url}\n"
                f"The link works once, for {LINK_MINUTES} minutes. If it was not you, do "
                "nothing: nobody signs in without it."
            )
            await notices.mailer.send(email, "Your tablelands sign-in link", text)
        return {"sent": True, "minutes": LINK_MINUTES}

    @app.post("/api/session/link/use")
    async def follow_link(request: Request, response: Response, body: LinkSignIn) -> JsonDict:
        """Sign this browser in by a link sent by e-mail (once)."""
        return await signing_in(request, response, accounts_of(request).follow, body.token)

    @app.delete("/api/session")
    async def sign_out(request: Request, response: Response) -> JsonDict:
        """Sign this browser out: its cookie and the seat keys it was given play nothing."""
        await hub_of(request).query(accounts_of(request).sign_out, request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/")
        return {"signed_in": False}

    @app.get("/api/session")
    async def session_now(request: Request) -> JsonDict:
        """Whether this browser is signed in, and to which account (for the pages: no
        error when it is not)."""
        hub = hub_of(request)
        accounts = accounts_of(request)
        account = await hub.query(accounts.account_of, request.cookies.get(COOKIE))
        # Whether sign-in links can be sent: the server has e-mail.
        links = request.app.state.notices.mailer is not None
        if account is None:
            return {"signed_in": False, "account": None, "links": links}
        return {"signed_in": True, "account": await hub.query(accounts.me, account), "links": links}

    @app.get("/api/account")
    async def me(request: Request, cookie: Cookie = None) -> JsonDict:
        account = await signed_in(request, cookie)
        return await hub_of(request).query(accounts_of(request).me, account)

    @app.delete("/api/account")
    async def delete_account(
        request: Request, response: Response, cookie: Cookie = None
    ) -> JsonDict:
        """Delete the account and the person's data; the games' records stay, anonymous."""
        account = await signed_in(request, cookie)
        games = await hub_of(request).query(accounts_of(request).delete, account)
        response.delete_cookie(COOKIE, path="/")
        return {"deleted": True, "games": len(games)}

    @app.get("/api/account/seats")
    async def seat_keys(request: Request, cookie: Cookie = None) -> list[JsonDict]:
        """A key for this browser to each seat the account holds."""
        account = await signed_in(request, cookie)
        assert cookie is not None
        return await hub_of(request).query(accounts_of(request).seat_keys, account, cookie)

    @app.post("/api/account/seats")
    async def attach(request: Request, body: AttachSeat, cookie: Cookie = None) -> JsonDict:
        """The account holds the seat a token of this browser plays."""
        account = await signed_in(request, cookie)
        hub = hub_of(request)
        seat = await hub.query(hub.referee.seat_of, body.game, body.token)
        await hub.query(accounts_of(request).attach, account, body.game, seat)
        return {"game": body.game, "seat": seat}


async def hold_seats(request: Request, game_id: str, seats: list[int]) -> None:
    """When the browser that made or joined a game is signed in, its account holds the
    ``seats`` it plays (a seat another account holds stays that account's)."""
    accounts: Accounts = request.app.state.accounts
    hub = hub_of(request)
    account = await hub.query(accounts.account_of, request.cookies.get(COOKIE))
    if account is None:
        return
    for seat in seats:
        with contextlib.suppress(RefusedError):
            await hub.query(accounts.attach, account, game_id, seat)

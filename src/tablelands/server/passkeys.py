"""Passkeys (WebAuthn, with the ``webauthn`` library; docs/server.md, Accounts): a signed-in
account adds passkeys, and any browser signs in with one, no address or password typed.

The relying party is the host the page is on (the request's own): a passkey is made for
that host, stored with it, and signs in there only. Each ceremony's challenge is made here
and kept in the database (``passkey_ceremonies``) for :data:`CEREMONY_MINUTES`, used once,
so any process finishes a ceremony another began. A passkey's public key and sign count
are all that is stored of it. Signing in asks for a discoverable credential: the browser
offers the site's passkeys, and the one chosen names its account (its user handle is the
account's id, nothing personal).
"""

from __future__ import annotations

import ipaddress
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from fastapi import FastAPI, Request, Response
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from tablelands.core.game import JsonDict
from tablelands.server.access import client_of, hub_of, quotas_of
from tablelands.server.accounts import (
    Accounts,
    Cookie,
    NotSignedInError,
    signed_in,
    signing_in,
)
from tablelands.server.db import AccountRow, PasskeyCeremonyRow, PasskeyRow, aware
from tablelands.server.errors import ForbiddenError, NotFoundError, RefusedError
from tablelands.server.schemas import PasskeyFinish

#: How long a ceremony (the browser asking its person for a passkey) may take.
CEREMONY_MINUTES = 5
#: The passkeys one account may have.
MAX_PASSKEYS = 20
#: What a ceremony is for.
ADD = "add"
SIGN_IN = "sign_in"
#: The relying party's name, as the browser shows it.
RP_NAME = "tablelands"
#: What a crafted credential may raise inside the library, besides its own errors.
MALFORMED = (WebAuthnException, ValueError, TypeError, KeyError, AttributeError, IndexError)


@dataclass(frozen=True, slots=True)
class Site:
    """Whom a ceremony is for: the relying party's id (the page's host) and the page's
    origin, as the browser will name them."""

    rp_id: str
    origin: str

    @classmethod
    def of(cls, request: Request) -> Site:
        """The site of the page that sent ``request``; ``RefusedError`` for a host that
        cannot have passkeys (an IP address: WebAuthn takes domain names only)."""
        url = request.url
        host = url.hostname or ""
        try:
            ipaddress.ip_address(host)
        except ValueError:
            if host:
                return cls(host, f"{url.scheme}://{url.netloc}")
        raise RefusedError(
            f"passkeys work on a site opened by its name, not by an address ({host or '?'}): "
            f"open it as {url.scheme}://localhost:{url.port or 80} or by its domain"
        )


class Passkeys:
    """The passkeys of one database's accounts."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts
        self.store = accounts.store

    # -- ceremonies --------------------------------------------------------------------

    def _begin(self, purpose: str, account_id: str | None, challenge: bytes) -> str:
        """Keep a ceremony's challenge (and drop those past their time, and the account's
        earlier one: an account adds one passkey at a time): its id."""
        ceremony = secrets.token_urlsafe(32)
        at = self.store.now()
        with self.store.writing() as session:
            session.execute(delete(PasskeyCeremonyRow).where(PasskeyCeremonyRow.expires_at <= at))
            if account_id is not None:
                session.execute(
                    delete(PasskeyCeremonyRow).where(PasskeyCeremonyRow.account_id == account_id)
                )
            session.add(
                PasskeyCeremonyRow(
                    id=ceremony,
                    purpose=purpose,
                    account_id=account_id,
                    challenge=challenge,
                    expires_at=at + timedelta(minutes=CEREMONY_MINUTES),
                )
            )
        return ceremony

    def _finish(self, ceremony: str, purpose: str, account_id: str | None) -> bytes:
        """The challenge of a ceremony begun for ``purpose`` (and ``account_id``), used up;
        ``ForbiddenError`` for one unknown, used, too old or begun for something else."""
        with self.store.writing() as session:
            row = session.get(PasskeyCeremonyRow, ceremony)
            if row is not None:
                session.delete(row)
        if (
            row is None
            or row.purpose != purpose
            or row.account_id != account_id
            or aware(row.expires_at) <= self.store.now()
        ):
            raise ForbiddenError(
                "this passkey request is unknown, used already or too old: start again"
            )
        return row.challenge

    # -- adding ------------------------------------------------------------------------

    def add_options(self, account_id: str, site: Site) -> JsonDict:
        """What the browser needs to make a passkey for the account
        (``navigator.credentials.create``), and the ceremony's id."""
        with self.store.session() as session:
            account = session.get(AccountRow, account_id)
            if account is None:
                raise NotSignedInError("the account is gone: sign in again")
            known = session.scalars(
                select(PasskeyRow.credential_id).where(PasskeyRow.account_id == account_id)
            ).all()
        if len(known) >= MAX_PASSKEYS:
            raise RefusedError(f"an account has at most {MAX_PASSKEYS} passkeys: remove one")
        options = generate_registration_options(
            rp_id=site.rp_id,
            rp_name=RP_NAME,
            user_name=account.email,
            user_id=account.id.encode(),
            user_display_name=account.name,
            timeout=CEREMONY_MINUTES * 60_000,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=base64url_to_bytes(known_id)) for known_id in known
            ],
        )
        ceremony = self._begin(ADD, account_id, options.challenge)
        return {"ceremony": ceremony, "options": json.loads(options_to_json(options))}

    def add(self, account_id: str, site: Site, body: PasskeyFinish) -> JsonDict:
        """Check the browser's new credential against the ceremony and keep it: the
        passkey as :meth:`listed` gives it; ``RefusedError`` saying what does not check."""
        challenge = self._finish(body.ceremony, ADD, account_id)
        try:
            made = verify_registration_response(
                credential=body.credential,
                expected_challenge=challenge,
                expected_rp_id=site.rp_id,
                expected_origin=site.origin,
            )
        except MALFORMED as exc:
            raise RefusedError(f"the passkey was not added: {exc or type(exc).__name__}") from None
        row = PasskeyRow(
            credential_id=bytes_to_base64url(made.credential_id),
            account_id=account_id,
            rp_id=site.rp_id,
            public_key=made.credential_public_key,
            sign_count=made.sign_count,
            name=(body.name or f"Passkey on {site.rp_id}").strip()[:100],
            created_at=self.store.now(),
        )
        try:
            with self.store.writing() as session:
                count = session.scalar(
                    select(func.count())
                    .select_from(PasskeyRow)
                    .where(PasskeyRow.account_id == account_id)
                )
                if (count or 0) >= MAX_PASSKEYS:
                    raise RefusedError(f"an account has at most {MAX_PASSKEYS} passkeys")
                session.add(row)
        except IntegrityError:
            raise RefusedError("this passkey is added already") from None
        return _passkey_json(row)

    # -- signing in --------------------------------------------------------------------

    def sign_in_options(self, site: Site) -> JsonDict:
        """What the browser needs to offer the site's passkeys
        (``navigator.credentials.get``), and the ceremony's id."""
        options = generate_authentication_options(
            rp_id=site.rp_id,
            timeout=CEREMONY_MINUTES * 60_000,
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        ceremony = self._begin(SIGN_IN, None, options.challenge)
        return {"ceremony": ceremony, "options": json.loads(options_to_json(options))}

    def sign_in(self, site: Site, body: PasskeyFinish) -> tuple[str, str]:
        """The account a passkey's signed answer proves, and a new session's cookie token;
        ``ForbiddenError`` for a passkey unknown here or an answer that does not check."""
        challenge = self._finish(body.ceremony, SIGN_IN, None)
        credential_id = body.credential.get("id")
        with self.store.session() as session:
            row = (
                session.scalar(
                    select(PasskeyRow).where(
                        PasskeyRow.credential_id == credential_id, PasskeyRow.rp_id == site.rp_id
                    )
                )
                if isinstance(credential_id, str)
                else None
            )
        if row is None:
            raise ForbiddenError(
                "this passkey is no account's here (it may have been removed): sign in another way"
            )
        handle = _user_handle(body.credential)
        if handle is not None and handle != bytes_to_base64url(row.account_id.encode()):
            raise ForbiddenError("this passkey names another account than its own")
        try:
            proved = verify_authentication_response(
                credential=body.credential,
                expected_challenge=challenge,
                expected_rp_id=site.rp_id,
                expected_origin=site.origin,
                credential_public_key=row.public_key,
                credential_current_sign_count=row.sign_count,
            )
        except MALFORMED as exc:
            raise ForbiddenError(
                f"the passkey's answer does not check: {exc or type(exc).__name__}"
            ) from None
        with self.store.writing() as session:
            session.execute(
                update(PasskeyRow)
                .where(PasskeyRow.id == row.id)
                .values(sign_count=proved.new_sign_count, used_at=self.store.now())
            )
        return row.account_id, self.accounts.new_session(row.account_id)

    # -- the account's passkeys -----------------------------------------------------------

    def listed(self, account_id: str) -> list[JsonDict]:
        """The account's passkeys, oldest first (nothing of their keys)."""
        with self.store.session() as session:
            rows = session.scalars(
                select(PasskeyRow)
                .where(PasskeyRow.account_id == account_id)
                .order_by(PasskeyRow.id)
            ).all()
        return [_passkey_json(row) for row in rows]

    def remove(self, account_id: str, passkey_id: int) -> None:
        """The passkey signs in no more; ``NotFoundError`` unless it is the account's."""
        with self.store.writing() as session:
            gone = session.execute(
                delete(PasskeyRow).where(
                    PasskeyRow.id == passkey_id, PasskeyRow.account_id == account_id
                )
            )
            if not gone.rowcount:  # type: ignore[attr-defined]
                raise NotFoundError(f"this account has no passkey {passkey_id}")


def _user_handle(credential: dict[str, Any]) -> str | None:
    response = credential.get("response")
    handle = response.get("userHandle") if isinstance(response, dict) else None
    return handle if isinstance(handle, str) and handle else None


def _iso(at: datetime | None) -> str | None:
    return None if at is None else aware(at).isoformat()


def _passkey_json(row: PasskeyRow) -> JsonDict:
    return {
        "id": row.id,
        "name": row.name,
        "site": row.rp_id,
        "created_at": _iso(row.created_at),
        "used_at": _iso(row.used_at),
    }


def add_passkey_routes(app: FastAPI) -> None:
    def passkeys_of(request: Request) -> Passkeys:
        passkeys: Passkeys = request.app.state.passkeys
        return passkeys

    @app.post("/api/account/passkey-options")
    async def add_options(request: Request, cookie: Cookie = None) -> JsonDict:
        """Begin adding a passkey to the account: the options for
        ``navigator.credentials.create`` and the ceremony's id."""
        account = await signed_in(request, cookie)
        site = Site.of(request)
        return await hub_of(request).query(passkeys_of(request).add_options, account, site)

    @app.post("/api/account/passkeys", status_code=201)
    async def add(request: Request, body: PasskeyFinish, cookie: Cookie = None) -> JsonDict:
        """Add the passkey the browser made (its credential, checked against the ceremony)."""
        account = await signed_in(request, cookie)
        site = Site.of(request)
        return await hub_of(request).query(passkeys_of(request).add, account, site, body)

    @app.get("/api/account/passkeys")
    async def listed(request: Request, cookie: Cookie = None) -> list[JsonDict]:
        account = await signed_in(request, cookie)
        return await hub_of(request).query(passkeys_of(request).listed, account)

    @app.delete("/api/account/passkeys/{passkey_id}")
    async def remove(request: Request, passkey_id: int, cookie: Cookie = None) -> JsonDict:
        """Remove one of the account's passkeys: it signs in no more."""
        account = await signed_in(request, cookie)
        await hub_of(request).query(passkeys_of(request).remove, account, passkey_id)
        return {"removed": passkey_id}

    @app.post("/api/session/passkey-options")
    async def sign_in_options(request: Request) -> JsonDict:
        """Begin signing in with a passkey: the options for ``navigator.credentials.get``
        and the ceremony's id."""
        quotas_of(request).before_sign_in(client_of(request))
        site = Site.of(request)
        return await hub_of(request).query(passkeys_of(request).sign_in_options, site)

    @app.post("/api/session/passkey")
    async def sign_in(request: Request, response: Response, body: PasskeyFinish) -> JsonDict:
        """Sign this browser in with a passkey (its signed answer to the ceremony)."""
        site = Site.of(request)
        return await signing_in(request, response, passkeys_of(request).sign_in, site, body)

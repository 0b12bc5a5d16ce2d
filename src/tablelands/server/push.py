"""Web Push (RFC 8030), encrypted for the browser (RFC 8291, ``aes128gcm``) and signed by
the server's VAPID key (RFC 8292), by ``pywebpush``. The key pair is made at the server's
first start and kept in its secrets: every process signs with the same one, and the pages
subscribe with its public half (``GET /api/push/key``)."""

from __future__ import annotations

import ipaddress
import json
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02, b64urlencode
from pywebpush import WebPushException, webpush
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPSConnection
from urllib3.connectionpool import HTTPSConnectionPool

from tablelands.core.game import JsonDict

#: The server's secret under which the VAPID private key is kept (raw, base64url).
VAPID_SECRET = "vapid_private_key"
#: How long a push service may take to take a notification.
SEND_SECONDS = 10.0
#: How long a push service keeps a notification for a browser that is off (one day).
TIME_TO_LIVE = 86400
#: The most a subscription's fields may hold (an endpoint is a URL of a few hundred bytes).
MAX_ENDPOINT = 2000
MAX_KEY = 200


class GoneError(Exception):
    """The push service says the subscription no longer exists: forget it."""


def _private(address: str) -> bool:
    try:
        return not ipaddress.ip_address(address).is_global
    except ValueError:
        return True


class _PublicHTTPSConnection(HTTPSConnection):
    """An HTTPS connection that, once connected and before a byte is sent, refuses a peer
    of the server's own network: the address connected to, not the one looked up before
    (a name can be made to resolve elsewhere in between, DNS rebinding)."""

    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()
        peer = str(sock.getpeername()[0])
        if _private(peer):
            sock.close()
            raise ValueError(
                f"push: the endpoint's host {self.host!r} is an address of this network ({peer})"
            )
        return sock


class _PublicHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _PublicHTTPSConnection


class _PublicAdapter(HTTPAdapter):
    def init_poolmanager(
        self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: Any
    ) -> None:
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            **self.poolmanager.pool_classes_by_scheme,
            "https": _PublicHTTPSPool,
        }


def _public_session() -> requests.Session:
    """A session that posts over https to public addresses only, straight to the push
    service (no proxy from the environment: the address checked is the one connected)."""
    session = requests.Session()
    session.trust_env = False
    session.mount("https://", _PublicAdapter())
    return session


def new_private_key() -> str:
    """A new VAPID private key, raw and base64url-encoded (what the secrets keep)."""
    vapid = Vapid02()
    vapid.generate_keys()
    raw = vapid.private_key.private_numbers().private_value.to_bytes(32, "big")
    text: str = b64urlencode(raw)
    return text


@dataclass(frozen=True)
class Pusher:
    """Sends pushes signed with the server's VAPID key, naming ``contact`` (a ``mailto:``
    or ``https:`` address) as push services ask."""

    private_key: str
    contact: str
    #: Whether endpoints on this machine over plain http are accepted (tests only).
    local: bool = False

    @property
    def public_key(self) -> str:
        """The application server key the pages subscribe with: the public point,
        uncompressed, base64url."""
        point = Vapid02.from_raw(self.private_key.encode()).public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        text: str = b64urlencode(point)
        return text

    def checked(self, subscription: Any) -> JsonDict:
        """A browser's ``PushSubscription`` as JSON, checked: ``ValueError`` saying what
        is wrong. Its endpoint is an https URL of a public host: the server posts to it."""
        if not isinstance(subscription, dict):
            raise ValueError("push: a subscription is an object with endpoint and keys")
        endpoint, keys = subscription.get("endpoint"), subscription.get("keys")
        if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT:
            raise ValueError(f"push: endpoint is a URL of at most {MAX_ENDPOINT} characters")
        if not isinstance(keys, dict) or not all(
            isinstance(keys.get(name), str) and 0 < len(keys[name]) <= MAX_KEY
            for name in ("p256dh", "auth")
        ):
            raise ValueError("push: keys holds p256dh and auth, as the browser gives them")
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        if self.local and parts.scheme == "http" and host in ("127.0.0.1", "localhost"):
            return {"endpoint": endpoint, "keys": {k: keys[k] for k in ("p256dh", "auth")}}
        if parts.scheme != "https" or not host:
            raise ValueError("push: the endpoint is an https URL (a push service's)")
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            address = None
        if host == "localhost" or (address is not None and not address.is_global):
            raise ValueError("push: the endpoint is a push service's, not a local address")
        return {"endpoint": endpoint, "keys": {k: keys[k] for k in ("p256dh", "auth")}}

    def send(self, subscription: JsonDict, payload: JsonDict) -> None:
        """Post ``payload`` (as JSON) to the subscription, encrypted and signed; ``GoneError``
        when the service says the subscription is no more, ``ValueError`` when its host now
        names an address of the server's own network (blocking: run it in a thread)."""
        self._check_host(subscription["endpoint"])
        session = _public_session()
        try:
            webpush(
                subscription_info=subscription,
                data=json.dumps(payload),
                vapid_private_key=Vapid02.from_raw(self.private_key.encode()),
                vapid_claims={"sub": self.contact},
                ttl=TIME_TO_LIVE,
                timeout=SEND_SECONDS,
                requests_session=session,
            )
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in (404, 410):
                raise GoneError(str(exc)) from None
            raise
        finally:
            session.close()

    def _check_host(self, endpoint: str) -> None:
        """``ValueError`` unless the endpoint's host is a public address now (a name that
        resolves to the server's own network is refused when it is posted to, not only
        when it is given; the connection checks the address it reaches again)."""
        host = urlsplit(endpoint).hostname or ""
        if self.local and host in ("127.0.0.1", "localhost"):
            return
        try:
            found = socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)
        except OSError as exc:
            raise ValueError(f"push: the endpoint's host {host!r} is not found: {exc}") from None
        if any(_private(str(info[4][0])) for info in found):
            raise ValueError(f"push: the endpoint's host {host!r} is an address of this network")

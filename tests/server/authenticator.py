"""A software authenticator for the passkey tests: it makes and uses ES256 passkeys as a
device does (WebAuthn level 2: "none" attestation, a discoverable credential, a counter),
written from the specification, not from the server's code."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

#: Flags of authenticator data: user present, user verified, attested credential data.
UP, UV, AT = 0x01, 0x04, 0x40


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Passkey:
    credential_id: bytes
    key: ec.EllipticCurvePrivateKey
    rp_id: str
    user_handle: bytes
    counter: int = 0


@dataclass
class Authenticator:
    """A device holding passkeys, for the site at ``origin``."""

    origin: str
    passkeys: list[Passkey] = field(default_factory=list)

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps(
            {"type": kind, "challenge": challenge, "origin": origin or self.origin}
        ).encode()

    def create(self, options: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """What ``navigator.credentials.create`` gives back (``toJSON()``), a passkey kept."""
        rp_id = options["rp"]["id"]
        key = ec.generate_private_key(ec.SECP256R1())
        numbers = key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        credential_id = secrets.token_bytes(32)
        passkey = Passkey(credential_id, key, rp_id, unb64url(options["user"]["id"]))
        self.passkeys.append(passkey)
        auth_data = (
            hashlib.sha256(rp_id.encode()).digest()
            + bytes([UP | UV | AT])
            + struct.pack(">I", 0)
            + bytes(16)
            + struct.pack(">H", len(credential_id))
            + credential_id
            + cose
        )
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {
            "id": b64url(credential_id),
            "rawId": b64url(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "attestationObject": b64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(
        self,
        options: dict[str, Any],
        origin: str | None = None,
        passkey: Passkey | None = None,
        counter: int | None = None,
    ) -> dict[str, Any]:
        """What ``navigator.credentials.get`` gives back: the site's first passkey (or
        ``passkey``) signing the challenge, its counter one up (or ``counter``)."""
        chosen = passkey or next(p for p in self.passkeys if p.rp_id == options["rpId"])
        chosen.counter = chosen.counter + 1 if counter is None else counter
        auth_data = (
            hashlib.sha256(options["rpId"].encode()).digest()
            + bytes([UP | UV])
            + struct.pack(">I", chosen.counter)
        )
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = chosen.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64url(chosen.credential_id),
            "rawId": b64url(chosen.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(auth_data),
                "signature": b64url(signature),
                "userHandle": b64url(chosen.user_handle),
            },
            "clientExtensionResults": {},
        }

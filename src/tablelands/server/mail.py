"""E-mail notifications, sent through the SMTP server the operator configures
(``--smtp-url``, docs/server.md): plain text, one recipient each."""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

import aiosmtplib

#: How long one e-mail may take to send before it is given up (and logged).
SEND_SECONDS = 20.0


@dataclass(frozen=True, slots=True)
class Mailer:
    """An SMTP server to send through, and the sender's address."""

    hostname: str
    port: int
    username: str | None
    password: str | None
    #: TLS from the start (``smtps://``); else STARTTLS when the server offers it.
    implicit_tls: bool
    sender: str

    @classmethod
    def from_url(cls, url: str, sender: str) -> Mailer:
        """The mailer of ``smtp://user:password@host:port`` or ``smtps://...``;
        ``ValueError`` saying what is wrong with it."""
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps"):
            raise ValueError(f"the SMTP URL starts smtp:// or smtps://, not {parts.scheme}://")
        if not parts.hostname:
            raise ValueError("the SMTP URL names no host (smtp://user:password@host:587)")
        try:
            port = parts.port
        except ValueError:
            raise ValueError("the SMTP URL's port is not a number") from None
        implicit = parts.scheme == "smtps"
        return cls(
            hostname=parts.hostname,
            port=port or (465 if implicit else 587),
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            implicit_tls=implicit,
            sender=sender,
        )

    async def send(self, to: str, subject: str, text: str) -> None:
        """Send one plain-text e-mail (``aiosmtplib``'s errors propagate)."""
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(text)
        await aiosmtplib.send(
            message,
            hostname=self.hostname,
            port=self.port,
            username=self.username,
            password=self.password,
            use_tls=self.implicit_tls,
            # None: STARTTLS if the server offers it.
            start_tls=False if self.implicit_tls else None,
            timeout=SEND_SECONDS,
        )

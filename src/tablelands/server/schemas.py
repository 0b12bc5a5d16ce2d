"""The API's request bodies (docs/server.md), validated strictly by pydantic."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from tablelands.core.game import OptionValue


def _integral(value: Any) -> Any:
    """JSON's integers as JSON Schema has them: ``3.0`` is one, ``true`` and ``"3"`` are not."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


Integer = Annotated[int, BeforeValidator(_integral)]


class _Strict(BaseModel):
    """No field more than the model's, and no value of another type read as the field's
    (``false`` is not a seq, ``"yes"`` not a yes)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatRequest(_Strict):
    """One seat of a new game: ``me`` (the creator), ``bot`` (with an agent spec),
    ``friend`` (someone invited by link) or ``hotseat`` (a person at the creator's screen)."""

    kind: Literal["me", "bot", "friend", "hotseat"]
    name: str | None = Field(default=None, min_length=1, max_length=100)
    agent: str | None = Field(default=None, min_length=1, max_length=100)


class ClockRequest(_Strict):
    """A game's clock (docs/server.md, Clocks): ``live``, a bank of ``seconds`` per seat
    and ``increment`` more with each move; ``turn``, ``seconds`` for every move. When a
    seat's time runs out, ``on_timeout``: a stand-in (the weakest bot) plays for it, or the
    game ends with that seat last (``lose``)."""

    kind: Literal["live", "turn"]
    seconds: Integer = Field(ge=1)
    increment: Integer = Field(default=0, ge=0)
    on_timeout: Literal["stand_in", "lose"] = "stand_in"


class NewGame(_Strict):
    #: A registered game's name (an unknown one is refused naming the games there are).
    game: str = Field(min_length=1, max_length=64)
    title: str | None = Field(default=None, min_length=1, max_length=200)
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    options: dict[str, OptionValue] = Field(default_factory=dict)
    #: An edition file's data (``tablelands edition export``), or null for the packaged one.
    edition: dict[str, Any] | None = None
    hints: bool = True
    #: Null: no clock.
    clock: ClockRequest | None = None
    #: Rated: counts for its players' ratings (people only, each with an account; no hints).
    rated: bool = False


class NotifyRequest(_Strict):
    """How a seat asks to be told it is its turn: by e-mail, by push in one more browser (a
    ``PushSubscription`` as JSON), or both."""

    email: str | None = Field(default=None, min_length=3, max_length=254)
    push: dict[str, Any] | None = None


class SignUp(_Strict):
    email: str = Field(min_length=3, max_length=254)
    password: str = Field(min_length=1, max_length=1000)
    name: str | None = Field(default=None, min_length=1, max_length=100)


class SignIn(_Strict):
    email: str = Field(min_length=3, max_length=254)
    password: str = Field(min_length=1, max_length=1000)


class LinkRequest(_Strict):
    """An e-mail address to send a sign-in link to."""

    email: str = Field(min_length=3, max_length=254)


class LinkSignIn(_Strict):
    """The token of a sign-in link."""

    token: str = Field(min_length=1, max_length=200)


class AttachSeat(_Strict):
    """A seat this browser plays (its game and token), for the account to hold."""

    game: str = Field(min_length=1, max_length=32)
    token: str = Field(min_length=1, max_length=200)


class Join(_Strict):
    name: str | None = Field(default=None, min_length=1, max_length=100)


class MoveRequest(_Strict):
    """A move against position ``seq``: an action as JSON (docs/actions.md) or its id."""

    seq: Integer = Field(ge=0)
    action: dict[str, Any] | None = None
    action_id: Integer | None = Field(default=None, ge=0)


class UndoRequest(_Strict):
    seq: Integer = Field(ge=0)


class PreviewRequest(_Strict):
    """What a seat would see of an action at ``seq`` before it confirms it."""

    seq: Integer = Field(ge=0)
    action_id: Integer = Field(ge=0)


class HintRequest(_Strict):
    """A hint for the position at ``seq`` (the seq of the view it is asked in)."""

    seq: Integer = Field(ge=0)


class Hello(_Strict):
    """A socket's first message: the seat's token, or none for a spectator."""

    type: Literal["hello"]
    token: str | None = Field(default=None, min_length=1, max_length=200)


class PasskeyFinish(_Strict):
    """The end of a passkey ceremony: the ceremony's id (from its options) and the browser's
    credential (``PublicKeyCredential.toJSON()``); a name for a passkey being added."""

    ceremony: str = Field(min_length=1, max_length=100)
    credential: dict[str, Any]
    name: str | None = Field(default=None, min_length=1, max_length=100)

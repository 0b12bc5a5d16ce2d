"""What the edition tests of every game share: an edition file refused, and why."""

from __future__ import annotations

from typing import Any

import pytest

from tablelands.core.errors import EditionError
from tablelands.core.game import Game


def refused_by(game: Game[Any], content: dict[str, Any], field: str, *fragments: str) -> str:
    """The refusal of ``content`` as ``game``'s edition file ``mine.json``: it names
    ``field`` first, and says each of ``fragments``."""
    with pytest.raises(EditionError) as info:
        game.edition_class.from_data(content, "mine.json")
    text = str(info.value)
    assert text.startswith(f"mine.json: {field}: "), text
    for fragment in fragments:
        assert fragment in text, text
    return text

"""What a translator must not translate: an API path ("GET /v1/decks") and text in backticks
(a field, a value, a file) stay as the English message writes them, in every catalogue. A
term pass once turned `/v1/decks` into `/v1/barajas` in Spanish."""
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "projections" / "locale"
CODE = (re.compile(r"/v1/[A-Za-z0-9_/{}-]+"), re.compile(r"`[^`]+`"))


@pytest.mark.parametrize("language", ["pt_BR", "es"])
def test_api_paths_and_backticked_code_are_kept_as_written(language):
    with (LOCALE / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = read_po(handle)
    changed = []
    for message in catalogue:
        if not message.id or not message.string:
            continue
        source = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        translated = " ".join(message.string) if isinstance(message.string, tuple) else message.string
        for pattern in CODE:
            changed += [(token, translated[:80]) for token in set(pattern.findall(source))
                        if token not in translated]
    assert changed == []

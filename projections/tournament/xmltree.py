"""A small element tree read from an XML file that comes from outside, hardened against it.

The file is read by the standard library's expat parser (``xml.parsers.expat``) directly, so
each element keeps the line and the byte offset its start tag was written at: errors name the
line, and a writer can change one attribute in the original bytes and leave every other byte
as it was (``tom.write_results``).

What is refused, before anything is built from it (a hostile upload gets a clear refusal, never
a long parse or a large tree):

- more than ``MAX_BYTES`` bytes, or an empty file;
- bytes that are not UTF-8 (a UTF-8 byte order mark is fine), or an XML declaration naming
  another encoding;
- any document type declaration (``<!DOCTYPE``), and so any entity declaration
  (``<!ENTITY`` lives only inside one): no entity expansion (the "billion laughs"), no
  external entity or DTD is ever fetched;
- elements nested deeper than ``MAX_DEPTH`` or more than ``MAX_ELEMENTS`` of them;
- anything expat finds not well-formed (a truncated file among them), with expat's line.

The five predefined entities (``&amp;`` …) and character references (``&#233;``) are plain
XML and read as the characters they stand for.
"""

from __future__ import annotations

from xml.parsers import expat

from ..messages import msg

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 32
MAX_ELEMENTS = 250_000
_UTF8_BOM = b"\xef\xbb\xbf"


class XmlRefused(ValueError):
    """The bytes are not an XML file this reader takes; ``line`` is where, when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


class Node:
    """An element: its tag, attributes, text (its direct text, stripped) and children, with
    the line and the byte offset (of its ``<``) its start tag has in the input."""

    __slots__ = ("tag", "attrs", "line", "offset", "children", "parts")

    def __init__(self, tag: str, attrs: dict[str, str], line: int, offset: int) -> None:
        self.tag = tag
        self.attrs = attrs
        self.line = line
        self.offset = offset
        self.children: list[Node] = []
        self.parts: list[str] = []

    @property
    def text(self) -> str:
        return "".join(self.parts).strip()

    def first(self, tag: str) -> Node | None:
        """The first child named ``tag``."""
        return next((child for child in self.children if child.tag == tag), None)

    def all(self, tag: str) -> list[Node]:
        """The children named ``tag``, in file order."""
        return [child for child in self.children if child.tag == tag]

    def text_of(self, tag: str) -> str | None:
        """The text of the first child named ``tag``; None when there is no such child."""
        child = self.first(tag)
        return None if child is None else child.text


class _Builder:
    """expat's callbacks, building ``Node``s and refusing what the module docstring says."""

    def __init__(self, parser: expat.XMLParserType) -> None:
        self.parser = parser
        self.stack: list[Node] = []
        self.root: Node | None = None
        self.count = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        line = self.parser.CurrentLineNumber
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise XmlRefused(msg("The file has more than %(limit)s elements.", limit=MAX_ELEMENTS), line)
        if len(self.stack) >= MAX_DEPTH:
            raise XmlRefused(msg("The file nests elements more than %(limit)s deep.", limit=MAX_DEPTH), line)
        node = Node(tag, attrs, line, self.parser.CurrentByteIndex)
        if self.stack:
            self.stack[-1].children.append(node)
        else:
            self.root = node
        self.stack.append(node)

    def end(self, tag: str) -> None:
        self.stack.pop()

    def characters(self, text: str) -> None:
        if self.stack:
            self.stack[-1].parts.append(text)

    def declaration(self, version: str, encoding: str | None, standalone: int) -> None:
        if encoding is not None and encoding.strip().lower().replace("_", "-") not in ("utf-8", "utf8"):
            raise XmlRefused(msg("The file declares the encoding %(encoding)s; only UTF-8 is read.",
                                 encoding=encoding), self.parser.CurrentLineNumber)

    def doctype(self, *_: object) -> None:
        raise XmlRefused(msg("The file has a document type declaration (<!DOCTYPE>), which is refused: "
                             "it can declare entities."), self.parser.CurrentLineNumber)

    def entity(self, *_: object) -> None:
        raise XmlRefused(msg("The file declares an entity (<!ENTITY>), which is refused."),
                         self.parser.CurrentLineNumber)

    def external(self, context: str, base: str | None, system_id: str | None, public_id: str | None) -> int:
        raise XmlRefused(msg("The file refers to an external entity, which is refused."),
                         self.parser.CurrentLineNumber)


def _check_bytes(data: bytes) -> None:
    if len(data) > MAX_BYTES:
        raise XmlRefused(msg("The file is larger than %(limit)s MB.", limit=MAX_BYTES // (1024 * 1024)))
    if not data.strip() or data == _UTF8_BOM:
        raise XmlRefused(msg("The file is empty."))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise XmlRefused(msg("The file is not UTF-8 text."), data[:error.start].count(b"\n") + 1) from None


def parse(data: bytes) -> Node:
    """The root element of the XML in ``data`` (module docstring: what is refused, as
    ``XmlRefused``). Offsets count from the first byte of ``data``, a byte order mark included."""
    _check_bytes(data)
    parser = expat.ParserCreate()
    builder = _Builder(parser)
    parser.buffer_text = True
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.characters
    parser.XmlDeclHandler = builder.declaration
    parser.StartDoctypeDeclHandler = builder.doctype
    parser.EntityDeclHandler = builder.entity
    parser.ExternalEntityRefHandler = builder.external
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise XmlRefused(msg("The file is not well-formed XML (%(problem)s).",
                             problem=expat.ErrorString(error.code)), error.lineno) from None
    if builder.root is None:      # expat refuses a file without an element; kept for the type checker
        raise XmlRefused(msg("The file is empty."))
    return builder.root

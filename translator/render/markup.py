"""Text placed in SVG and HTML documents: escaped, and stripped of the characters XML forbids.

Level titles and plan files are the user's text: a control character in a title (a stray
backspace) would make the SVG unreadable for every XML parser. Such characters are shown as
U+FFFD, the replacement character, instead.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """`text` as character data of an element."""
    return escape(_NOT_XML.sub("\ufffd", text))


def xml_attribute(text: str) -> str:
    """`text` as a quoted attribute value."""
    return quoteattr(_NOT_XML.sub("\ufffd", text))

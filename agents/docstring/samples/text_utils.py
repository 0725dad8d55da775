"""Text helpers for the notification service."""
import re
import unicodedata
from typing import Iterable, Iterator

_WORD = re.compile(r"[\w']+")


def normalize_whitespace(text: str) -> str:
    return " ".join(text.split())


def truncate(text: str, limit: int = 80, suffix: str = "...") -> str:
    """
    Shorten text.

    Args:
        text: the text
        limit: maximum length
    """
    if len(text) <= limit:
        return text
    return text[: max(0, limit - len(suffix))] + suffix


def strip_accents(text):
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(character for character in decomposed if not unicodedata.combining(character))


def word_counts(lines: Iterable[str], *, lowercase: bool = True) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in lines:
        for word in _WORD.findall(line.lower() if lowercase else line):
            counts[word] = counts.get(word, 0) + 1
    return counts


def chunked(items: list, size: int) -> Iterator[list]:
    if size < 1:
        raise ValueError("size must be at least 1")
    for start in range(0, len(items), size):
        yield items[start : start + size]


class Template:
    """A tiny $name template."""

    def __init__(self, pattern: str, **defaults: str) -> None:
        self.pattern = pattern
        self.defaults = defaults

    def render(self, **values: str) -> str:
        merged = {**self.defaults, **values}
        return re.sub(r"\$(\w+)", lambda match: merged.get(match.group(1), match.group(0)), self.pattern)

"""URL slugs for article titles."""
import re
import unicodedata

_NOT_WORD = re.compile(r"[^a-z0-9]+")


def slugify(title: str, max_length: int = 60) -> str:
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    slug = _NOT_WORD.sub("-", ascii_title.lower()).strip("-")
    if len(slug) <= max_length:
        return slug
    cut = slug[:max_length]
    return cut.rsplit("-", 1)[0] if "-" in cut else cut


def unique_slug(title: str, taken: set[str]) -> str:
    base = slugify(title) or "article"
    candidate = base
    counter = 2
    while candidate in taken:
        candidate = f"{base}-{counter}"
        counter += 1
    return candidate

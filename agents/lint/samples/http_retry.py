"""Small HTTP helper with retries and exponential backoff."""
import time
import logging
import urllib.request
from urllib.error import URLError, HTTPError
from typing import Optional, Tuple


logger = logging.getLogger(__name__)


def backoff_delays(attempts: int, base: float = 0.5, cap: float = 8.0) -> list:
    delays = []
    for attempt in range(attempts):
        delays.append(min(cap, base * (2 ** attempt)))
    return delays


def fetch(url: str, attempts: int = 3, timeout: float = 5.0) -> Tuple[int, Optional[bytes]]:
    last_error = None
    for delay in backoff_delays(attempts):
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return response.status, response.read()
        except HTTPError as error:
            if error.code < 500:
                return error.code, None
            last_error = error
        except URLError as error:
            last_error = error
        logger.warning("retrying %s in %.1f s" % (url, delay))
        time.sleep(delay)
    if last_error is not None:
        raise last_error
    return 0, None

"""Builds plain-text sales reports from order rows."""
import datetime
import re
from collections import defaultdict


def parse_amount(text):
    cleaned = re.sub(r"[^0-9.\-]", "", text)
    try:
        return float(cleaned)
    except:
        return 0.0


def totals_by_region(rows):
    totals = defaultdict(float)
    for row in rows:
        region = row.get("region", "unknown")
        totals[region] += parse_amount(row.get("amount", "0"))
    return dict(totals)


def format_report(rows, title="Sales report"):
    today = datetime.date.today()
    unused_header = "=" * 40
    lines = [f"{title} ({today.isoformat()})"]
    for region, total in sorted(totals_by_region(rows).items()):
        lines.append("%s: %.2f" % (region, total))
    if len(lines) == 1:
        lines.append(f"no data")
    return "\n".join(lines)


def is_empty(rows):
    if not len(rows) > 0:
        return True
    else:
        return False

"""Numbers and dates as a spreadsheet displays them, for the number formats dan knows.

Known: General; integers and fixed decimals (``0``, ``0.00``, ``#,##0.00``), with literal
text, currency symbols and a negative section (``#,##0;(#,##0)``); percent (``0%``,
``0.0%``); scientific (``0.00E+00``); fractions (``# ?/?``, ``# ??/??``, ``?/?`` without a
whole part, a fixed denominator ``# ?/8``), written without the padding spaces ``?`` adds;
dates and times built from ``y m d h s`` and
``AM/PM`` (``yyyy-mm-dd``, ``d-mmm-yy``, ``m/d/yyyy h:mm``); text (``@``). The built-in
short date (format 14) is written ISO ``yyyy-mm-dd`` (Excel shows it in the reader's
locale). Any other format falls back to General. Serial dates count from 1899-12-30
(the 1900 system, with Excel's phantom 29 February 1900) or from 1904-01-01.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from fractions import Fraction

__all__ = ["BUILTIN_FORMATS", "format_number", "is_date_format"]

#: Excel's built-in number formats by id (those dan renders; others are General).
BUILTIN_FORMATS: dict[int, str] = {
    0: "General",
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    5: '"$"#,##0;\\("$"#,##0\\)',
    6: '"$"#,##0;[Red]\\("$"#,##0\\)',
    7: '"$"#,##0.00;\\("$"#,##0.00\\)',
    8: '"$"#,##0.00;[Red]\\("$"#,##0.00\\)',
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    14: "yyyy-mm-dd",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "yyyy-mm-dd h:mm",
    37: "#,##0 ;(#,##0)",
    38: "#,##0 ;[Red](#,##0)",
    39: "#,##0.00;(#,##0.00)",
    40: "#,##0.00;[Red](#,##0.00)",
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mm:ss.0",
    48: "##0.0E+0",
    49: "@",
}

_BRACKETS = re.compile(r"\[[^\]]*\]")
_QUOTED = re.compile(r'"[^"]*"|\\.')
_DATE_CHARS = re.compile(r"[ymdhs]", re.I)
_MONTHS = (
    "January February March April May June July August September October November December"
).split()
_DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def _strip_literals(section: str) -> str:
    return _QUOTED.sub("", _BRACKETS.sub("", section))


def is_date_format(code: str) -> bool:
    """Whether a format code shows a date or a time."""
    section = code.split(";", 1)[0]
    return bool(_DATE_CHARS.search(_strip_literals(section))) and "General" not in section


def _general(value: float) -> str:
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    text = f"{value:.10g}"
    if "e" in text:
        mantissa, exp = text.split("e")
        return f"{mantissa}E{'+' if int(exp) >= 0 else '-'}{abs(int(exp)):02d}"
    return text


def _sections(code: str) -> list[str]:
    out: list[str] = []
    cur = []
    quoted = False
    escaped = False
    for ch in code:
        if escaped:
            cur.append(ch)
            escaped = False
        elif ch == "\\":
            cur.append(ch)
            escaped = True
        elif ch == '"':
            quoted = not quoted
            cur.append(ch)
        elif ch == ";" and not quoted:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return out


def _literal(text: str) -> str:
    """The literal characters of a format fragment: quoted text, escapes, currency and
    other symbols; ``_x`` (a space as wide as x) is a space and ``*x`` (fill) nothing."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            end = text.find('"', i + 1)
            end = len(text) if end < 0 else end
            out.append(text[i + 1 : end])
            i = end + 1
            continue
        if ch == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
            continue
        if ch == "_" and i + 1 < len(text):
            out.append(" ")
            i += 2
            continue
        if ch == "*" and i + 1 < len(text):
            i += 2
            continue
        if ch == "[":
            end = text.find("]", i)
            inner = text[i + 1 : end] if end > 0 else ""
            if inner.startswith("$"):
                out.append(inner[1:].split("-", 1)[0])
            i = end + 1 if end > 0 else len(text)
            continue
        out.append(ch)
        i += 1
    return "".join(out)


_NUMBER_PART = re.compile(r"[#0?,.]*[0#?][#0?,.]*(?:[eE][+-][0#]+)?")


def _fixed(value: float, section: str) -> str:
    percent = section.count("%") if "%" in _strip_literals(section) else 0
    value *= 100**percent
    bare = _strip_literals(section)
    match = _NUMBER_PART.search(bare)
    if match is None:
        return _literal(section)
    pattern = match.group(0)
    # the number's place in the section (its first digit placeholder outside literals)
    raw = section
    lit_spans = [(m_.start(), m_.end()) for m_ in re.finditer(r'"[^"]*"|\\.|\[[^\]]*\]', raw)]

    def outside(pos: int) -> bool:
        return not any(a <= pos < b for a, b in lit_spans)

    start = next(
        (i for i, ch in enumerate(raw) if ch in "#0?" and outside(i)),
        0,
    )
    end = start
    while end < len(raw) and (raw[end] in "#0?,.%eE+-" and outside(end)):
        if raw[end] in "eE+-" and "E" not in pattern.upper():
            break
        if raw[end] == "%":
            break
        end += 1
    prefix, suffix = _literal(raw[:start]), _literal(raw[end:])
    if "E" in pattern.upper():
        mant = pattern.upper().split("E")[0]
        decimals = len(mant.split(".")[1]) if "." in mant else 0
        text = f"{abs(value):.{decimals}E}"
        mantissa, exp = text.split("E")
        body = f"{mantissa}E{'+' if int(exp) >= 0 else '-'}{abs(int(exp)):02d}"
    else:
        integer, _, frac = pattern.partition(".")
        scale = 0
        while integer.endswith(","):  # a trailing comma scales by a thousand
            integer = integer[:-1]
            scale += 1
        value /= 1000**scale
        decimals = sum(1 for ch in frac if ch in "0#?")
        grouped = "," in integer
        body = f"{abs(value):{',' if grouped else ''}.{decimals}f}"
        if decimals and "0" not in frac:  # '#' decimals drop trailing zeros
            body = body.rstrip("0").rstrip(".")
        zeros = integer.replace(",", "").count("0")
        if body.startswith("0") and not zeros and "." in body:
            body = body[1:]
        whole, dot, rest = body.partition(".")
        if zeros > len(whole.replace(",", "")):
            body = whole.zfill(zeros) + dot + rest
    return prefix + body + suffix


#: A fraction: an optional whole part, the numerator's and the denominator's placeholders
#: (or a fixed denominator).
_FRACTION = re.compile(r"(?:([#0?,]+)[ ]+)?([#0?]+)[ ]*/[ ]*([#0?]+|[1-9][0-9]*)")


def _fraction(value: float, section: str) -> str | None:
    """``value`` in a fraction format (``# ?/?``, ``??/??``, ``# ?/8``), or None when the
    section is not one. The fraction is the closest one whose denominator has at most as
    many digits as its placeholders (a fixed denominator is kept, not reduced); ``?``
    pads with spaces in Excel, which are left out here."""
    spans = [(m_.start(), m_.end()) for m_ in re.finditer(r'"[^"]*"|\\.|\[[^\]]*\]', section)]
    found = next(
        (f for f in _FRACTION.finditer(section) if not any(a <= f.start() < b for a, b in spans)),
        None,
    )
    if found is None:
        return None
    whole_pat, _num_pat, den_pat = found.groups()
    x = abs(value)
    whole = int(x) if whole_pat else 0
    rest = x - whole
    if den_pat.isdigit():
        den = int(den_pat)
        num = round(rest * den)
    else:
        approx = Fraction(rest).limit_denominator(10 ** len(den_pat) - 1)
        num, den = approx.numerator, approx.denominator
    if whole_pat and num == den:  # (the fraction rounded up to a whole)
        whole, num = whole + 1, 0
    if whole_pat and num == 0:
        body = str(whole)
    elif whole_pat and whole:
        body = f"{whole} {num}/{den}"
    elif whole_pat and "0" in whole_pat:
        body = f"0 {num}/{den}"
    else:
        body = f"{num}/{den}"
    return _literal(section[: found.start()]) + body + _literal(section[found.end() :])


def _serial_datetime(value: float, date1904: bool) -> dt.datetime | None:
    if value < 0 or value > 2_958_465:  # after 9999-12-31
        return None
    if date1904:
        base = dt.datetime(1904, 1, 1)
    else:
        base = dt.datetime(1899, 12, 30)
        if value < 61:  # Excel's phantom 1900-02-29
            base = dt.datetime(1899, 12, 31)
    seconds = round(value * 86400)
    return base + dt.timedelta(seconds=seconds)


_DATE_TOKEN = re.compile(
    r'"[^"]*"|\\.|\[[^\]]*\]|AM/PM|A/P|yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|\.0+|.',
    re.I,
)


def _date(value: float, section: str, date1904: bool) -> str:
    when = _serial_datetime(value, date1904)
    if when is None:
        return _general(value)
    tokens = _DATE_TOKEN.findall(section)
    ampm = any(t.upper() in ("AM/PM", "A/P") for t in tokens)
    out: list[str] = []
    last_hour = False
    for i, tok in enumerate(tokens):
        low = tok.lower()
        if tok.startswith('"') or tok.startswith("\\"):
            out.append(_literal(tok))
            continue
        if tok.startswith("["):
            inner = low[1:-1]
            if inner in ("h", "hh"):
                hours = int(value * 24)
                out.append(f"{hours:0{len(inner)}d}")
                last_hour = True
            elif inner in ("m", "mm"):
                out.append(f"{int(value * 1440):0{len(inner)}d}")
            elif inner in ("s", "ss"):
                out.append(f"{int(value * 86400):0{len(inner)}d}")
            elif inner.startswith("$"):
                out.append(inner[1:].split("-", 1)[0])
            continue
        if low in ("am/pm", "a/p"):
            pm = when.hour >= 12
            out.append(("PM" if pm else "AM") if low == "am/pm" else ("P" if pm else "A"))
            continue
        if low.startswith("y"):
            out.append(f"{when.year:04d}" if len(low) > 2 else f"{when.year % 100:02d}")
        elif low.startswith("m"):
            # mm after an hour or before seconds is minutes
            nxt = next((t.lower() for t in tokens[i + 1 :] if t.strip(" :.") != ""), "")
            minutes = len(low) <= 2 and (last_hour or nxt.startswith("s"))
            if minutes:
                out.append(f"{when.minute:0{len(low)}d}")
            elif len(low) <= 2:
                out.append(f"{when.month:0{len(low)}d}")
            elif len(low) == 3:
                out.append(_MONTHS[when.month - 1][:3])
            elif len(low) == 4:
                out.append(_MONTHS[when.month - 1])
            else:
                out.append(_MONTHS[when.month - 1][0])
        elif low.startswith("d"):
            if len(low) <= 2:
                out.append(f"{when.day:0{len(low)}d}")
            elif len(low) == 3:
                out.append(_DAYS[when.weekday()][:3])
            else:
                out.append(_DAYS[when.weekday()])
        elif low.startswith("h"):
            hour = when.hour
            if ampm:
                hour = hour % 12 or 12
            out.append(f"{hour:0{len(low)}d}")
            last_hour = True
            continue
        elif low.startswith("s"):
            out.append(f"{when.second:0{len(low)}d}")
        elif low.startswith(".0"):
            frac = (value * 86400) % 1
            out.append(f"{frac:.{len(low) - 1}f}"[1:])
        else:
            out.append(_literal(tok))
        if low.strip():
            last_hour = last_hour and low in (":",)
    return "".join(out)


def format_number(value: float, code: str, date1904: bool = False) -> str:
    """``value`` as a cell with number format ``code`` shows it (General for a format dan
    does not know)."""
    if math.isnan(value) or math.isinf(value):
        return str(value)
    if not code or code.lower() == "general" or code == "@":
        return _general(value)
    sections = _sections(code)
    section = sections[0]
    negative = value < 0
    if negative and len(sections) > 1 and sections[1].strip():
        section = sections[1]
    elif value == 0 and len(sections) > 2 and sections[2].strip():
        section = sections[2]
    try:
        if is_date_format(section):
            return _date(value, section, date1904)
        if "general" in section.lower():
            text = _general(abs(value) if len(sections) > 1 and negative else value)
            return _literal(re.sub("(?i)general", "\x00", section)).replace("\x00", text)
        fraction = _fraction(value, section)
        text = fraction if fraction is not None else _fixed(value, section)
    except (ValueError, OverflowError, IndexError):
        return _general(value)
    if negative and (len(sections) == 1 or not sections[1].strip()):
        text = "-" + text
    return text.strip()

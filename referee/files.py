"""The files a command writes — a report or a ruling as PDF, a ledger or standings as CSV, an export,
a replay — all go through :func:`output_file`: the same checks, the same one-line error (exit 2, no
traceback) for a path that cannot be written, and the same result.

A file is written to a temporary file beside the target and then renamed over it, so a failure
leaves no half-written file.  It gets the mode of any new file the user makes (0666 less the umask:
0644 as a rule).  None of these files holds a secret — a database URL with its password is never
written into one — so none is made private.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from referee.errors import InputError
from referee.i18n import N_, _

_HINT = N_("give a file name in an existing folder you may write to")


def check_target(target: str | Path, *, option: str) -> Path:
    """The path ``target`` names, refused at once if it is a folder or its folder does not exist (so a
    command can refuse it before doing any work)."""
    path = Path(target)
    if path.is_dir():
        raise InputError(_("cannot write {target!r}: it is a folder").format(target=str(target)), where=option, hint=_(_HINT))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(_("cannot write {target!r}: there is no folder {folder!r}").format(target=str(target), folder=str(folder)), where=option,
                         hint=_("create the folder first, or {hint}").format(hint=_(_HINT)))
    return path


@contextmanager
def output_file(target: str | Path, *, option: str, binary: bool = False) -> Iterator[IO[Any]]:
    """An open file that becomes ``target`` when the block ends without an error (UTF-8 text, or bytes
    with ``binary``).  ``option`` is the command-line option that named it, for the error."""
    path = check_target(target, option=option)
    temp: str | None = None
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        with os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            yield out
        os.chmod(temp, 0o666 & ~_umask())  # an ordinary new file, not mkstemp's private 0600
        os.replace(temp, path)
        temp = None
    except OSError as err:
        raise InputError(_("cannot write {target!r}: {reason}").format(target=str(target), reason=err.strerror or err), where=option, hint=_(_HINT)) from None
    finally:
        if temp is not None:
            Path(temp).unlink(missing_ok=True)


def write_text(target: str | Path, text: str, *, option: str) -> Path:
    """``text`` to the file ``target`` (as :func:`output_file`); returns its path."""
    with output_file(target, option=option) as out:
        out.write(text)
    return Path(target)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


__all__ = ["check_target", "output_file", "write_text"]

"""The rules engine: pure code, no I/O.  A replay takes a rulebook and a hand's events and returns
the state after each event, the outcome and the findings."""


def build() -> str:
    """How the engine runs here: ``compiled (mypyc)`` when its modules are compiled extension
    modules (a wheel built with the compiler), else ``pure Python`` (a checkout, an editable install)."""
    from referee.engine import hand

    return "pure Python" if hand.__file__.endswith(".py") else "compiled (mypyc)"

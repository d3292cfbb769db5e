"""referee: hand-history recorder and dispute referee for home poker games."""

__version__ = "0.1.0"

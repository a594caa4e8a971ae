"""Every game package registers itself on import."""
from . import lotus  # noqa: F401

"""`python -m explorer ...` is the `rules-explorer` command."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())

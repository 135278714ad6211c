"""``python -m russian_pyramid``: the same as the ``pyramid`` command."""
from .cli import main

raise SystemExit(main())

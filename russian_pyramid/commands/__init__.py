"""One module per ``pyramid`` subcommand; each defines ``register(subparsers)``."""

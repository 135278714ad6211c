"""The message catalogs, one JSON file per language (``en.json``, ``ru.json``): every word a
player reads, once.  Read them through :mod:`engine.words`; the board fetches the same files."""

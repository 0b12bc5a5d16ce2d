"""The web server: games in a database, refereed, played in the browser (docs/server.md).

It knows the games only through the registry and the kernel, and nothing imports it but
the CLI (``tablelands serve``).
"""

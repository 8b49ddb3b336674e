"""The live table: a small web server that shows the game to every phone at the table.

``companion serve`` (and ``serve`` in the shell) imports this package; no
other command does, so Starlette and uvicorn cost nothing elsewhere.
"""
